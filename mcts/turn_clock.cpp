#include "mcts/turn_clock.h"

namespace zertz::mcts {

void TurnClock::start_turn() {
  turn_end_ = Clock::now() + per_turn_;
}

TurnClock::Clock::time_point TurnClock::deadline(const State& state) const {
  Clock::time_point now = Clock::now();
  if (now >= turn_end_) return now;
  if (state.phase() == Phase::kRemove) return turn_end_;
  return now + (turn_end_ - now) / 2;
}

TurnClock::Clock::time_point TurnClock::deadline(const Game& game) {
  const State& state = game.state();
  if (game.turns_played() != turn_ || state.to_move() != mover_) {
    turn_ = game.turns_played();
    mover_ = state.to_move();
    start_turn();
  }
  return deadline(state);
}

}  // namespace zertz::mcts
