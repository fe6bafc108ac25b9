// Leaf playouts mixed into the evaluator's value, and timed searches.
#include "mcts/search_player.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace zertz::mcts {
namespace {

// Uniform priors and the same value for every position, from its mover's view.
class ConstantEvaluator : public Evaluator {
 public:
  explicit ConstantEvaluator(float value) : value_(value) {}
  void evaluate(std::span<const EvalRequest> batch) override {
    for (const EvalRequest& r : batch) {
      std::fill(r.priors.begin(), r.priors.end(), 1.0f / static_cast<float>(r.priors.size()));
      *r.value = value_;
    }
  }

 private:
  float value_;
};

SearchResult search_once(int leaf_rollouts, float weight, int visits, std::uint64_t seed) {
  SearchParams params;
  params.leaf_rollouts = leaf_rollouts;
  params.rollout_weight = weight;
  ConstantEvaluator evaluator(0.3f);
  State start(Variant::basic());
  Search search(params, evaluator, start);
  Rng rng(seed);
  return search.run(visits, /*full=*/false, 0.0f, rng);
}

TEST(LeafRollouts, MixTheMeanPlayoutResultIntoTheValue) {
  // One visit evaluates the root alone: its value is (1 - w) * 0.3 + w * (k / 4) for the
  // mean k / 4 of four playout results in {-1, 0, 1}.
  EXPECT_FLOAT_EQ(search_once(0, 0.5f, 1, 7).root_value, 0.3f);
  EXPECT_FLOAT_EQ(search_once(4, 0.0f, 1, 7).root_value, 0.3f);
  bool some_playout_counted = false;
  for (float weight : {0.5f, 1.0f}) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      float value = search_once(4, weight, 1, seed).root_value;
      float quarters = (value - (1.0f - weight) * 0.3f) / weight * 4.0f;
      EXPECT_NEAR(quarters, std::round(quarters), 1e-4) << weight << " " << seed;
      EXPECT_LE(std::abs(quarters), 4.0f + 1e-4);
      some_playout_counted |= std::abs(value - 0.3f) > 1e-4;
    }
  }
  EXPECT_TRUE(some_playout_counted);
}

TEST(LeafRollouts, ASeedGivesTheSameSearch) {
  SearchResult a = search_once(3, 0.5f, 200, 11), b = search_once(3, 0.5f, 200, 11);
  EXPECT_EQ(a.chosen, b.chosen);
  EXPECT_EQ(a.visits, b.visits);
  EXPECT_FLOAT_EQ(a.root_value, b.root_value);
  // Weight 0 leaves the search as it is without playouts.
  SearchResult none = search_once(0, 0.5f, 200, 11), ignored = search_once(3, 0.0f, 200, 11);
  EXPECT_EQ(none.visits, ignored.visits);
}

TEST(LeafRollouts, ParametersAreChecked) {
  SearchParams params;
  params.leaf_rollouts = -1;
  EXPECT_THROW(params.validate(), InputError);
  params.leaf_rollouts = 2;
  params.rollout_weight = 1.5f;
  EXPECT_THROW(params.validate(), InputError);
}

TEST(SearchPlayer, TimedSearchPlaysLegalActions) {
  SearchParams params = rollout_search_params();
  SearchPlayer player("timed", uniform_evaluator(), params, SearchBudget{0, 4}, 5);
  Game game{State(Variant::basic())};
  for (int i = 0; i < 12 && !game.is_terminal(); ++i) {
    Action action = player.choose_action(game);
    ASSERT_TRUE(game.state().is_legal(action));
    game.apply(action);
  }
}

}  // namespace
}  // namespace zertz::mcts
