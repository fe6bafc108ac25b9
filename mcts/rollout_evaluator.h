// An evaluator without a network: uniform priors and, as the value, the result of one random
// playout (State::play_random) from the state. The engine of the `rollout:N` baseline player.
#pragma once

#include <cstdint>

#include "core/random.h"
#include "mcts/evaluator.h"

namespace zertz::mcts {

class RolloutEvaluator : public Evaluator {
 public:
  explicit RolloutEvaluator(std::uint64_t seed) : rng_(seed) {}
  // Not thread-safe (one generator): give each searching thread its own.
  void evaluate(std::span<const EvalRequest> batch) override;

 private:
  Rng rng_;
};

}  // namespace zertz::mcts
