// A game in progress: the current state plus the history that the repetition rule needs
// (RULES.md: the third occurrence of the same complete state is a draw).
#pragma once

#include <cstdint>
#include <vector>

#include "core/state.h"

namespace zertz {

class Game {
 public:
  explicit Game(const State& start);

  const State& state() const { return state_; }
  Outcome outcome() const { return repetition_ ? Outcome::kDraw : state_.outcome(); }
  bool is_terminal() const { return repetition_ || state_.is_terminal(); }
  bool ended_by_repetition() const { return repetition_; }
  // Turns completed so far.
  int turns_played() const { return turns_; }

  void apply(Action action);

  // The hashes of the turn-start states since the rings or the pool last changed, oldest
  // first (what the repetition rule compares).
  const std::vector<std::uint64_t>& history() const { return history_; }

 private:
  State state_;
  // Hashes of the turn-start states since the rings or the pool last changed: both only
  // shrink, so no earlier state can come back.
  std::vector<std::uint64_t> history_;
  Mask turn_start_rings_;
  Counts turn_start_pool_;
  int turns_ = 0;
  bool repetition_ = false;
};

}  // namespace zertz
