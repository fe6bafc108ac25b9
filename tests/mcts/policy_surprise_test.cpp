// SearchResult::policy_surprise: how far a search moved from the network's priors at the root,
// measured against the priors as the evaluator gave them, not as the search used them.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "mcts/search.h"
#include "tests/mcts/tree_checks.h"

namespace zertz::mcts {
namespace {

TEST(PolicySurprise, IsTheKlDivergenceOfTheTargetFromThePriors) {
  const std::vector<float> even = {0.5f, 0.5f};
  EXPECT_FLOAT_EQ(policy_surprise(even, even), 0.0f);
  EXPECT_NEAR(policy_surprise(std::vector<float>{1.0f, 0.0f}, std::vector<float>{0.25f, 0.75f}),
              std::log(4.0f), 1e-6f);
  EXPECT_NEAR(
      policy_surprise(std::vector<float>{0.5f, 0.5f, 0.0f}, std::vector<float>{0.25f, 0.25f, 0.5f}),
      std::log(2.0f), 1e-6f);
  // A visited action the network gave no chance costs ln(1e6), not infinity.
  EXPECT_NEAR(policy_surprise(std::vector<float>{1.0f}, std::vector<float>{0.0f}), std::log(1e6f),
              1e-4f);
}

// Priors proportional to 1, 2, 3, ... in the order of the request's actions (legal order).
class RampEvaluator : public Evaluator {
 public:
  void evaluate(std::span<const EvalRequest> batch) override {
    for (const EvalRequest& r : batch) {
      testing::ramp_priors(r.priors);
      *r.value = 0.0f;
    }
  }
};

float expected_surprise(const SearchResult& r) {
  std::vector<float> priors(r.actions.size());
  testing::ramp_priors(priors);
  return policy_surprise(r.policy_target, priors);
}

// Self-play's root has Dirichlet noise and tempered priors; the surprise sees neither: it
// compares the target with what the network said.
TEST(PolicySurprise, ComparesTheTargetWithTheEvaluatorsPriorsBeforeNoiseAndTemperature) {
  for (float temperature : {1.0f, 3.0f}) {
    for (float epsilon : {0.0f, 0.25f}) {
      SearchParams params;
      params.prior_temperature = temperature;
      params.dirichlet_epsilon = epsilon;
      RampEvaluator evaluator;
      Search search(params, evaluator, State(Variant::basic()));
      Rng rng(7);
      SearchResult r = search.run(400, /*full=*/true, 0.0f, rng);
      EXPECT_GT(r.policy_surprise, 0.01f) << temperature << " " << epsilon;
      EXPECT_NEAR(r.policy_surprise, expected_surprise(r), 1e-4f) << temperature << " " << epsilon;
      // After a move the tree is reused: the new root's priors are the evaluator's as well.
      search.play(r.chosen);
      SearchResult next = search.run(400, /*full=*/true, 0.0f, rng);
      EXPECT_NEAR(next.policy_surprise, expected_surprise(next), 1e-4f)
          << temperature << " " << epsilon;
    }
  }
}

TEST(PolicySurprise, IsMeasuredForAGumbelRootToo) {
  SearchParams params;
  params.gumbel_root = true;
  params.prior_temperature = 2.0f;
  RampEvaluator evaluator;
  Search search(params, evaluator, State(Variant::basic()));
  Rng rng(8);
  SearchResult r = search.run(200, /*full=*/true, 0.0f, rng);
  EXPECT_GT(r.policy_surprise, 0.0f);
  EXPECT_NEAR(r.policy_surprise, expected_surprise(r), 1e-4f);
}

}  // namespace
}  // namespace zertz::mcts
