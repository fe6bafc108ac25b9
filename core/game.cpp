#include "core/game.h"

#include <algorithm>

namespace zertz {

Game::Game(const State& start)
    : state_(start), turn_start_rings_(start.rings()), turn_start_pool_(start.pool()) {
  if (state_.phase() == Phase::kTurnStart) history_.push_back(state_.hash());
}

void Game::apply(Action action) {
  int mover = state_.to_move();
  state_.apply(action);
  if (state_.to_move() == mover) return;  // the turn goes on
  ++turns_;
  if (state_.rings() != turn_start_rings_ || state_.pool() != turn_start_pool_) {
    history_.clear();
    turn_start_rings_ = state_.rings();
    turn_start_pool_ = state_.pool();
  }
  history_.push_back(state_.hash());
  if (!state_.is_terminal() && std::count(history_.begin(), history_.end(), state_.hash()) >= 3) {
    repetition_ = true;
  }
}

}  // namespace zertz
