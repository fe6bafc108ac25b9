// The selfplay section's search settings: the one reader of its keys, for the training loop and
// for the players of a trained network.
#pragma once

#include <string>

#include "config/config.h"
#include "mcts/search_params.h"

namespace zertz::config {

// The selfplay section's search, checked; throws ConfigError naming the section.
mcts::SearchParams selfplay_search(const Config& config);

// The search settings a network was trained with that its players keep
// (mcts::keep_trained_search), from its run's resolved config (a checkpoint's config_text); none
// when the text has no selfplay.leaf_rollouts (empty, or from before they existed). Throws
// ConfigError naming `source` when the text is not a valid config.
mcts::SearchParams trained_search(const std::string& config_text, const std::string& source);

}  // namespace zertz::config
