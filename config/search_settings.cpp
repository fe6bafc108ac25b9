#include "config/search_settings.h"

#include <algorithm>
#include <exception>
#include <string_view>
#include <vector>

#include "core/printable.h"
#include "core/text.h"
#include "mcts/search_overrides.h"

namespace zertz::config {

namespace {

// Lays play.search's assignments over `params` together, as `zertz arena --search` does: a
// setting's range may depend on another one's value.
void lay_play_search(mcts::SearchParams& params, const Config& config) {
  std::string_view text = config.get_string("play.search");
  std::vector<std::string> assignments;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = std::min(text.find(',', start), text.size());
    std::string_view assignment = trim(text.substr(start, end - start));
    start = end + 1;
    if (assignment.empty()) continue;
    std::size_t eq = assignment.find('=');
    if (eq != std::string_view::npos && !mcts::is_player_setting(trim(assignment.substr(0, eq)))) {
      throw ConfigError("play.search: '" + printable(assignment) +
                        "' is not a setting that players keep; expected one of " +
                        mcts::player_setting_names());
    }
    assignments.emplace_back(assignment);
  }
  try {
    mcts::apply_search_overrides(params, assignments);
  } catch (const std::exception& e) {
    std::string what = e.what();
    throw ConfigError("play.search: " + what.substr(0, what.find('\n')));
  }
}

}  // namespace

mcts::SearchParams selfplay_search(const Config& c) {
  mcts::SearchParams p;
  p.full_visits = c.get_int("selfplay.full_visits");
  p.cheap_visits = c.get_int("selfplay.cheap_visits");
  p.full_search_probability = static_cast<float>(c.get_double("selfplay.full_search_probability"));
  p.cpuct = static_cast<float>(c.get_double("selfplay.cpuct"));
  p.fpu_reduction = static_cast<float>(c.get_double("selfplay.fpu_reduction"));
  p.fpu_reduction_root = static_cast<float>(c.get_double("selfplay.fpu_reduction_root"));
  p.dirichlet_epsilon = static_cast<float>(c.get_double("selfplay.dirichlet_epsilon"));
  p.dirichlet_total_alpha = static_cast<float>(c.get_double("selfplay.dirichlet_total_alpha"));
  p.temperature_start = static_cast<float>(c.get_double("selfplay.temperature_start"));
  p.temperature_end = static_cast<float>(c.get_double("selfplay.temperature_end"));
  p.temperature_halflife_turns =
      static_cast<float>(c.get_double("selfplay.temperature_halflife_turns"));
  p.forced_playouts_k = static_cast<float>(c.get_double("selfplay.forced_playouts_k"));
  p.prune_policy_target = c.get_bool("selfplay.prune_policy_target");
  p.reuse_tree = c.get_bool("selfplay.reuse_tree");
  p.leaf_rollouts = c.get_int("selfplay.leaf_rollouts");
  p.rollout_weight = static_cast<float>(c.get_double("selfplay.rollout_weight"));
  p.prior_temperature = static_cast<float>(c.get_double("selfplay.prior_temperature"));
  p.evaluate_after_visits = c.get_int("selfplay.evaluate_after_visits");
  p.fast_value_weight = static_cast<float>(c.get_double("selfplay.fast_value_weight"));
  p.fast_value_decay_visits = static_cast<float>(c.get_double("selfplay.fast_value_decay_visits"));
  p.gumbel_root = c.get_bool("selfplay.gumbel");
  p.gumbel_noise = p.gumbel_root;
  p.gumbel_considered = c.get_int("selfplay.gumbel_considered");
  p.gumbel_c_visit = static_cast<float>(c.get_double("selfplay.gumbel_c_visit"));
  p.gumbel_c_scale = static_cast<float>(c.get_double("selfplay.gumbel_c_scale"));
  try {
    p.validate();
  } catch (const std::exception& e) {
    throw ConfigError(std::string("selfplay: ") + e.what());
  }
  return p;
}

mcts::SearchParams trained_search(const std::string& config_text, const std::string& source) {
  mcts::SearchParams params;
  // A run from before leaf playouts existed has no such key: it searched without them,
  // whatever today's default says.
  if (config_text.find("leaf_rollouts:") == std::string::npos) return params;
  Config config = Config::parse(config_text, source);
  // Keys newer than the run take their schema default, which is what the run searched with.
  mcts::keep_trained_search(params, selfplay_search(config));
  // Except the prior temperature, whose default changed: a run from before it searched with
  // its priors as they were.
  if (config_text.find("prior_temperature:") == std::string::npos) {
    params.prior_temperature = mcts::SearchParams{}.prior_temperature;
  }
  // And the expansion threshold, whose default changed: a run from before it evaluated every
  // leaf.
  if (config_text.find("evaluate_after_visits:") == std::string::npos) {
    params.evaluate_after_visits = 0;
  }
  // And the fast head's share and play.search, whose defaults changed (E20): a run from before
  // them searched with playouts alone, as it trained.
  if (config_text.find("fast_value_weight:") == std::string::npos) params.fast_value_weight = 0;
  if (config_text.find("\nplay:") == std::string::npos) return params;
  lay_play_search(params, config);
  return params;
}

mcts::SearchParams play_search(const Config& config) {
  mcts::SearchParams params;
  mcts::keep_trained_search(params, selfplay_search(config));
  lay_play_search(params, config);
  return params;
}

}  // namespace zertz::config
