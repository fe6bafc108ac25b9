#include "mcts/player_source.h"

#include "core/error.h"
#include "mcts/search_player.h"

namespace zertz::mcts {

BaselineSource::BaselineSource(std::string spec, int time_per_turn_ms)
    : spec_(std::move(spec)), time_per_turn_ms_(time_per_turn_ms) {
  make_player(spec_, 0, time_per_turn_ms_);  // checks the spec now, not in a game thread
}

std::unique_ptr<Player> BaselineSource::make(std::uint64_t seed) const {
  return make_player(spec_, seed, time_per_turn_ms_);
}

Evaluator& BaselineSource::analysis_evaluator() const {
  return uniform_evaluator();
}

SearchParams BaselineSource::analysis_search_params() const {
  return rollout_search_params();
}

std::unique_ptr<PlayerSource> load_baseline(const std::string& model, const Variant&) {
  if (!is_baseline_spec(model)) {
    throw InputError("player '" + model +
                     "': expected random, greedy or rollout:N (this program loads no networks)");
  }
  return std::make_unique<BaselineSource>(model, 0);
}

}  // namespace zertz::mcts
