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
  const State* state = nullptr;  // never terminal
  // Its legal actions: a search passes them in State::legal_actions order, a wrapper (the
  // symmetry one) in the order of the actions it maps them from.
  std::span<const Action> actions;
  std::span<float> priors;  // out: one per action, non-negative, summing to 1
  float* value = nullptr;   // out: in [-1, 1], from the view of the player to move
  // Out when not null: the chance of a draw (lc0's optional draw output), so that value and
  // draw give win/draw/loss; 0 from an evaluator that has no draw output.
  float* draw = nullptr;
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Fills every request's outputs. A multithreaded search calls this from several threads at
  // once, so implementations used there must be thread-safe. A network with a win/draw/loss
  // head reports value = P(win) - P(loss).
  virtual void evaluate(std::span<const EvalRequest> batch) = 0;
  // Whether its draw outputs are estimates (a network's W/D/L head) rather than 0; wrappers
  // answer for what they wrap.
  virtual bool reports_draws() const { return false; }
  // Whether it has a fast value (a network's fast value head, nn/fast_value.h): a cheap
  // estimate of a state's value, run at once in the calling thread, never batched or cached.
  // Wrappers answer for what they wrap.
  virtual bool has_fast_value() const { return false; }
  // That value, in [-1, 1] from the view of the player to move; thread-safe. Only called when
  // has_fast_value().
  virtual float fast_value(const State& /*state*/) { return 0.0f; }
};

// Uniform priors, a value of 0 and no draw output: the zero-cost evaluator of tests and benchmarks.
// Stateless, hence thread-safe.
class UniformEvaluator : public Evaluator {
 public:
  void evaluate(std::span<const EvalRequest> batch) override;
};

}  // namespace zertz::mcts
