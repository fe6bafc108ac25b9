// The raw policy over full turns (mcts/turn_policy.h).
#include "mcts/turn_policy.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/position.h"
#include "tests/mcts/fake_network.h"

namespace zertz::mcts {
namespace {

std::vector<Turn> sorted_turns(std::vector<Turn> turns) {
  std::sort(turns.begin(), turns.end(),
            [](const Turn& a, const Turn& b) { return a.actions < b.actions; });
  return turns;
}

TEST(TurnPriors, CoverEveryLegalTurnAndSumToOne) {
  testing::FakeNetwork network;
  int positions = 0;
  for (const State& state : testing::random_positions(Variant::basic(), 60, 5)) {
    if (state.phase() != Phase::kTurnStart) continue;
    ++positions;
    std::vector<TurnPrior> priors = turn_priors(network, state);
    std::vector<Turn> turns;
    double total = 0;
    for (std::size_t i = 0; i < priors.size(); ++i) {
      turns.push_back(priors[i].turn);
      total += priors[i].prior;
      EXPECT_GE(priors[i].prior, 0.0);
      if (i > 0) {
        EXPECT_GE(priors[i - 1].prior, priors[i].prior);
      }
    }
    EXPECT_NEAR(total, 1.0, 1e-5) << to_position_string(state);
    EXPECT_EQ(sorted_turns(turns), sorted_turns(legal_turns(state))) << to_position_string(state);
  }
  EXPECT_GT(positions, 20);
}

TEST(TurnPriors, AreTheProductOfTheActionsPriors) {
  // Uniform priors: a placement turn's prior is 1 / placements * 1 / removals after it.
  UniformEvaluator uniform;
  State start(Variant::basic());
  ActionList placements;
  start.legal_actions(placements);
  for (const TurnPrior& p : turn_priors(uniform, start)) {
    ASSERT_EQ(p.turn.actions.size(), 2u);
    State after = start;
    after.apply(p.turn.actions[0]);
    ActionList removals;
    after.legal_actions(removals);
    EXPECT_NEAR(p.prior, 1.0 / placements.size / removals.size, 1e-9);
  }
}

}  // namespace
}  // namespace zertz::mcts
