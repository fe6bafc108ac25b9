#include "mcts/search_player.h"

namespace zertz::mcts {

SearchPlayer::SearchPlayer(std::string name, Evaluator& evaluator, const SearchParams& params,
                           const SearchBudget& budget, std::uint64_t seed)
    : name_(std::move(name)),
      evaluator_(evaluator),
      params_(params),
      budget_(budget),
      clock_(budget.time_per_turn_ms),
      rng_(seed) {
  params_.reuse_tree = false;
  params_.validate();
}

Action SearchPlayer::choose_action(const Game& game) {
  const State& state = game.state();
  if (!search_) search_ = std::make_unique<Search>(params_, evaluator_, state);
  search_->set_root(state, game.repetition());
  if (budget_.time_per_turn_ms > 0) return search_->run_until(clock_.deadline(game), rng_).chosen;
  return search_->run(budget_.visits, /*full=*/false, /*temperature=*/0.0f, rng_).chosen;
}

SearchParams network_search_params() {
  SearchParams params;
  params.leaves_per_batch = 8;
  return params;
}

Evaluator& uniform_evaluator() {
  static UniformEvaluator evaluator;
  return evaluator;
}

}  // namespace zertz::mcts
