#include "mcts/turn_policy.h"

#include <algorithm>
#include <utility>

namespace zertz::mcts {

namespace {

// A turn in progress: the state its actions reach, and their prior so far.
struct Partial {
  State state;
  Turn turn;
  double prior = 1.0;
};

}  // namespace

std::vector<TurnPrior> turn_priors(Evaluator& evaluator, const State& state) {
  const int mover = state.to_move();
  std::vector<TurnPrior> done;
  std::vector<Partial> frontier = {{state, {}, 1.0}};
  while (!frontier.empty()) {
    std::vector<std::vector<Action>> actions(frontier.size());
    std::vector<std::vector<float>> priors(frontier.size());
    std::vector<float> values(frontier.size());
    std::vector<EvalRequest> requests;
    for (std::size_t i = 0; i < frontier.size(); ++i) {
      ActionList list;
      frontier[i].state.legal_actions(list);
      actions[i].assign(list.begin(), list.end());
      priors[i].resize(actions[i].size());
      requests.push_back({&frontier[i].state, actions[i], priors[i], &values[i], nullptr});
    }
    evaluator.evaluate(requests);
    std::vector<Partial> next;
    for (std::size_t i = 0; i < frontier.size(); ++i) {
      for (std::size_t a = 0; a < actions[i].size(); ++a) {
        Partial step{frontier[i].state, frontier[i].turn, frontier[i].prior * priors[i][a]};
        step.state.apply(actions[i][a]);
        step.turn.actions.push_back(actions[i][a]);
        if (step.state.is_terminal() || step.state.to_move() != mover) {
          done.push_back({std::move(step.turn), step.prior});
        } else {
          next.push_back(std::move(step));
        }
      }
    }
    frontier = std::move(next);
  }
  std::stable_sort(done.begin(), done.end(),
                   [](const TurnPrior& a, const TurnPrior& b) { return a.prior > b.prior; });
  return done;
}

}  // namespace zertz::mcts
