// The raw policy over full turns: what the evaluator alone (no search) makes of each turn. A
// turn's prior is the product of its atomic actions' priors, each from an evaluation of the
// state before it, so the priors of all turns from a position sum to 1.
#pragma once

#include <vector>

#include "core/state.h"
#include "core/turn.h"
#include "mcts/evaluator.h"

namespace zertz::mcts {

struct TurnPrior {
  Turn turn;
  double prior = 0.0;
};

// Every full turn from `state` (not terminal; within a turn, the rest of it), highest prior
// first (ties in a fixed order). The states at each depth of the turns are evaluated in one
// call.
std::vector<TurnPrior> turn_priors(Evaluator& evaluator, const State& state);

}  // namespace zertz::mcts
