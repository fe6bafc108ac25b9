// The selfplay section's search settings: the one reader of its keys, for the training loop and
// for the players of a trained network.
#pragma once

#include <string>

#include "config/config.h"
#include "mcts/search_params.h"

namespace zertz::config {

// The selfplay section's search, checked; throws ConfigError naming the section.
mcts::SearchParams selfplay_search(const Config& config);

// The search the network's players use: the selfplay section's settings that players keep
// (mcts::keep_trained_search) with play.search laid over them. Throws ConfigError naming
// play.search when an assignment is malformed, names a setting players do not keep, or leaves
// the search invalid.
mcts::SearchParams play_search(const Config& config);

// play_search() of a network from its run's resolved config (a checkpoint's config_text); the
// default search when the text has no selfplay.leaf_rollouts (empty, or from before they
// existed). Throws ConfigError naming `source` when the text is not a valid config.
mcts::SearchParams trained_search(const std::string& config_text, const std::string& source);

}  // namespace zertz::config
