#include "mcts/evaluator.h"

#include <algorithm>

namespace zertz::mcts {

void UniformEvaluator::evaluate(std::span<const EvalRequest> batch) {
  for (const EvalRequest& request : batch) {
    std::fill(request.priors.begin(), request.priors.end(),
              1.0f / static_cast<float>(request.priors.size()));
    *request.value = 0.0f;
    if (request.draw != nullptr) *request.draw = 0.0f;
  }
}

}  // namespace zertz::mcts
