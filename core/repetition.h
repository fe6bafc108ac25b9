// The repetition rule (docs/rules.md: the third occurrence of the same turn-start state is a draw):
// the hashes of the turn-start states since the rings or the pool last changed (both only
// shrink, so no older state can come back). A Game keeps one for the game so far; the search
// copies the game's and extends it along every path of its tree without copying the hashes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/state.h"

namespace zertz {

class RepetitionTracker {
 public:
  // A game that starts at `state`, with no earlier history.
  explicit RepetitionTracker(const State& state);

  // Continues from `root`'s position for one path of the search tree: `root`'s hashes are read
  // in place (not copied), so it must stay alive and unchanged while this tracker is used.
  void start_path(const RepetitionTracker& root);

  // To call after `mover` played an action that led to `state`. True when it ends the game in
  // a draw by repetition (the turn ended in a non-terminal state seen twice before).
  bool record(int mover, const State& state);

 private:
  std::span<const std::uint64_t> earlier_;  // the root's hashes while rings and pool are unchanged
  std::vector<std::uint64_t> hashes_;
  Mask rings_;
  Counts pool_;
};

}  // namespace zertz
