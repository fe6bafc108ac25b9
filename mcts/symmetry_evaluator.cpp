#include "mcts/symmetry_evaluator.h"

#include <vector>

namespace zertz::mcts {

SymmetryEvaluator::SymmetryEvaluator(Evaluator& inner, const Board& board,
                                     const SymmetryOptions& options)
    : inner_(inner), board_(board), options_(options), rng_(options.seed) {}

void SymmetryEvaluator::evaluate(std::span<const EvalRequest> batch) {
  const auto symmetries = static_cast<std::uint32_t>(board_.num_symmetries());
  std::vector<int> chosen(batch.size());
  std::size_t transformed_actions = 0;
  {
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const std::uint64_t hash = batch[i].state->hash();
      chosen[i] =
          static_cast<int>(options_.by_position ? Rng(hash ^ options_.seed).below(symmetries)
                                                : rng_.below(symmetries));
      if (chosen[i] != 0) transformed_actions += batch[i].actions.size();
    }
  }
  // Reserved up front: the requests below point into these vectors.
  std::vector<State> states;
  std::vector<Action> actions;
  states.reserve(batch.size());
  actions.reserve(transformed_actions);
  std::vector<EvalRequest> requests(batch.begin(), batch.end());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (chosen[i] == 0) continue;
    states.push_back(batch[i].state->transformed(chosen[i]));
    const std::size_t first = actions.size();
    for (Action a : batch[i].actions) actions.push_back(a.transformed(board_, chosen[i]));
    requests[i].state = &states.back();
    // Same order as the request's actions: the priors written for them need no mapping back.
    requests[i].actions = std::span<const Action>(actions.data() + first, batch[i].actions.size());
  }
  inner_.evaluate(requests);
}

}  // namespace zertz::mcts
