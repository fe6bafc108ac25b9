#include "mcts/alphabeta_player.h"

#include <chrono>

namespace zertz::mcts {

AlphaBetaPlayer::AlphaBetaPlayer(std::string name, int max_depth, int time_per_turn_ms,
                                 std::uint64_t seed, EvaluationWeights weights)
    : name_(std::move(name)),
      max_depth_(max_depth),
      time_per_turn_ms_(time_per_turn_ms),
      rng_(seed),
      search_(weights) {}

Action AlphaBetaPlayer::choose_action(const Game& game) {
  const State& state = game.state();
  bool on_plan = next_ < plan_.size() && state.hash() == expected_hash_;
  if (!on_plan) {
    auto deadline = time_per_turn_ms_ > 0 ? AlphaBetaSearch::Clock::now() +
                                                std::chrono::milliseconds(time_per_turn_ms_)
                                          : AlphaBetaSearch::Clock::time_point::max();
    last_ = search_.search(state, max_depth_, deadline, rng_);
    plan_ = last_.turn.actions;
    next_ = 0;
  }
  Action action = plan_[next_++];
  State after = state;
  after.apply(action);
  expected_hash_ = after.hash();
  return action;
}

}  // namespace zertz::mcts
