// How long a searching player thinks, and how a turn's time is split among its atomic
// decisions (docs/evaluation.md, "Equal time").
#pragma once

#include <chrono>

#include "core/game.h"

namespace zertz::mcts {

// `visits` per atomic decision, or, when time_per_turn_ms > 0, that many milliseconds of wall
// time per full turn (visits ignored).
struct SearchBudget {
  int visits = 200;
  int time_per_turn_ms = 0;
};

// Splits a turn's time among its atomic decisions: each gets half of what is left, except a
// removal, always the turn's last decision, which gets all of it. A forced action ends its
// search at once, so its time passes to the next decision.
class TurnClock {
 public:
  using Clock = std::chrono::steady_clock;
  explicit TurnClock(int ms_per_turn) : per_turn_(std::chrono::milliseconds(ms_per_turn)) {}
  // Starts the clock of a new turn now.
  void start_turn();
  // The deadline of the decision to take now in `state`, within the turn started last.
  Clock::time_point deadline(const State& state) const;
  // The same in `game`, starting the clock afresh when a new turn has begun.
  Clock::time_point deadline(const Game& game);

 private:
  Clock::duration per_turn_;
  Clock::time_point turn_end_;
  int turn_ = -1;  // turns_played() of the turn under way
  int mover_ = -1;
};

}  // namespace zertz::mcts
