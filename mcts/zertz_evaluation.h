// The classical baseline's evaluation of a Zèrtz position (docs/evaluation.md, "The alpha-beta
// baseline"): hand-made features in hundredths of a marble, from the view of the player to
// move. Used by mcts/alphabeta.h at the leaves of its search, which are turn starts where the
// mover must place (captures are searched, never evaluated).
#pragma once

#include <array>

#include "core/state.h"

namespace zertz::mcts {

struct EvaluationWeights {
  // A captured marble of the colour with the largest winning set (black); rarer colours are
  // worth more in proportion to how few of them win (a white is 5/3 of a black in `basic`).
  int marble = 100;
  // By how many marbles a player is short of the nearest winning set that can still be
  // completed (index = marbles short, 1..4; 5 or more gets nothing): the closer, the more a
  // single capture decides the game.
  std::array<int, 5> closeness = {0, 260, 110, 40, 10};
  // The player to move chooses the next placement: the initiative.
  int tempo = 15;
  // Per cent of the marbles the mover can take this turn by filling the last vacant ring of a
  // detached group (isolation) that the evaluation counts as already taken.
  int isolation_percent = 80;
};

// The score of `state` for the player to move (positive: better for that player).
int evaluate_position(const State& state, const EvaluationWeights& weights = {});

// How many marbles `player` is short of the nearest winning set that the marbles still in play
// (pool and board) can complete; 99 when none can.
int marbles_short(const State& state, int player);

}  // namespace zertz::mcts
