// The search's view of a network: a batch of states in, for each a prior over its legal actions
// and a value out. Batching, caching and symmetry randomisation are implementations or wrappers
// of this one interface (after lc0's backend decorators); the search never knows which it talks to.
#pragma once

#include <span>

#include "core/state.h"

namespace zertz::mcts {

// One state to evaluate. The inputs point into the caller's storage; the evaluator writes the
// outputs through the pointers, so requests can be copied into one batch from many searches.
struct EvalRequest {
  const State* state = nullptr;     // never terminal
  std::span<const Action> actions;  // its legal actions, in State::legal_actions order
  std::span<float> priors;          // out: one per action, non-negative, summing to 1
  float* value = nullptr;           // out: in [-1, 1], from the view of the player to move
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Fills every request's outputs. A multithreaded search calls this from several threads at
  // once, so implementations used there must be thread-safe. A network with a win/draw/loss
  // head reports value = P(win) - P(loss).
  virtual void evaluate(std::span<const EvalRequest> batch) = 0;
};

// Uniform priors and a value of 0: the zero-cost evaluator of tests and benchmarks. Stateless,
// hence thread-safe.
class UniformEvaluator : public Evaluator {
 public:
  void evaluate(std::span<const EvalRequest> batch) override;
};

}  // namespace zertz::mcts
