// A game in progress: the current state plus the history that the repetition rule needs
// (docs/rules.md: the third occurrence of the same complete state is a draw).
#pragma once

#include "core/repetition.h"
#include "core/state.h"

namespace zertz {

class Game {
 public:
  explicit Game(const State& start);

  const State& state() const { return state_; }
  Outcome outcome() const { return drawn_by_repetition_ ? Outcome::kDraw : state_.outcome(); }
  bool is_terminal() const { return drawn_by_repetition_ || state_.is_terminal(); }
  bool ended_by_repetition() const { return drawn_by_repetition_; }
  // Turns completed so far.
  int turns_played() const { return turns_; }

  void apply(Action action);

  // The game's repetition history, for a search that starts at state().
  const RepetitionTracker& repetition() const { return repetition_; }

 private:
  State state_;
  RepetitionTracker repetition_;
  int turns_ = 0;
  bool drawn_by_repetition_ = false;
};

}  // namespace zertz
