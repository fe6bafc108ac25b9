#include "mcts/rollout_evaluator.h"

#include <algorithm>

namespace zertz::mcts {

void RolloutEvaluator::evaluate(std::span<const EvalRequest> batch) {
  for (const EvalRequest& request : batch) {
    std::fill(request.priors.begin(), request.priors.end(),
              1.0f / static_cast<float>(request.priors.size()));
    State playout = *request.state;
    playout.play_random(rng_);
    *request.value = static_cast<float>(playout.result_for(request.state->to_move()));
  }
}

}  // namespace zertz::mcts
