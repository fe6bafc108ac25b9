#include "core/game.h"

namespace zertz {

Game::Game(const State& start) : state_(start), repetition_(start) {}

void Game::apply(Action action) {
  int mover = state_.to_move();
  state_.apply(action);
  if (state_.to_move() == mover) return;  // the turn goes on
  ++turns_;
  drawn_by_repetition_ = repetition_.record(mover, state_);
}

}  // namespace zertz
