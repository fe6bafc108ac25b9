// What happens at the root of self-play searches: noise, forced playouts and policy-target
// pruning, playout cap randomization, the move temperature.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "core/error.h"
#include "mcts/search.h"
#include "tests/mcts/tree_checks.h"

namespace zertz::mcts {
namespace {

using testing::total_visits;

// Every expanded node below the root keeps the evaluator's uniform priors.
void expect_uniform_priors_below(const Node& node) {
  if (!node.is_expanded()) return;
  for (const Node& child : node.children()) {
    if (!child.is_expanded() || child.num_children() == 0) continue;
    for (const Node& grandchild : child.children()) {
      ASSERT_FLOAT_EQ(grandchild.prior(), 1.0f / child.num_children());
    }
    expect_uniform_priors_below(child);
  }
}

std::set<float> root_priors(const Search& search) {
  std::set<float> priors;
  for (const Node& child : search.root().children()) priors.insert(child.prior());
  return priors;
}

TEST(Root, DirichletNoiseChangesOnlyTheRootsPriors) {
  SearchParams params;
  params.dirichlet_epsilon = 0.25f;
  UniformEvaluator evaluator;
  Search search(params, evaluator, State(Variant::tournament()));
  Rng rng(5);
  search.run(600, /*full=*/true, 0.0f, rng);
  std::set<float> noisy = root_priors(search);
  EXPECT_GT(noisy.size(), 50u);
  float sum = 0.0f;
  for (const Node& child : search.root().children()) sum += child.prior();
  EXPECT_NEAR(sum, 1.0f, 1e-5);
  expect_uniform_priors_below(search.root());

  // A cheap search of the same root puts the evaluator's priors back; a full one redraws.
  search.run(700, /*full=*/false, 0.0f, rng);
  EXPECT_EQ(root_priors(search).size(), 1u);
  search.run(800, /*full=*/true, 0.0f, rng);
  EXPECT_NE(root_priors(search), noisy);
  EXPECT_GT(root_priors(search).size(), 50u);

  // After a move, the new root is noised and the level below it is not.
  search.play(search.run(800, true, 0.0f, rng).chosen);
  search.run(1200, true, 0.0f, rng);
  EXPECT_GT(root_priors(search).size(), 5u);
  expect_uniform_priors_below(search.root());
}

// Uniform priors and a value that varies from state to state, fixed by the state's hash: some
// actions look much better than others, as with a network.
class HashValueEvaluator : public Evaluator {
 public:
  void evaluate(std::span<const EvalRequest> batch) override {
    for (const EvalRequest& r : batch) {
      std::fill(r.priors.begin(), r.priors.end(), 1.0f / static_cast<float>(r.priors.size()));
      *r.value = static_cast<float>((r.state->hash() >> 11) * 0x1.0p-53 * 2.0 - 1.0);
    }
  }
};

TEST(Root, ForcedPlayoutsArePrunedFromTheTarget) {
  SearchParams params;
  params.dirichlet_epsilon = 0.25f;
  params.forced_playouts_k = 2.0f;
  HashValueEvaluator evaluator;
  Search search(params, evaluator, State(Variant::tournament()));
  Rng rng(9);
  SearchResult r = search.run(1000, true, 0.0f, rng);
  std::uint64_t visits = total_visits(r);
  ASSERT_EQ(visits, 999u);
  EXPECT_NEAR(std::accumulate(r.policy_target.begin(), r.policy_target.end(), 0.0), 1.0, 1e-5);
  std::size_t best = std::max_element(r.visits.begin(), r.visits.end()) - r.visits.begin();
  EXPECT_GT(r.policy_target[best], static_cast<float>(r.visits[best]) / visits)
      << "the best action gains the share that forced visits lose";
  int dropped = 0;
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    if (r.visits[i] > 0 && r.policy_target[i] == 0.0f) ++dropped;
    // The best action keeps its visits; every other keeps at most its own.
    double kept = r.policy_target[i] * r.visits[best] / r.policy_target[best];
    if (i != best) {
      EXPECT_LE(kept, r.visits[i] + 1e-3);
    }
  }
  EXPECT_GT(dropped, 10) << "actions visited only because they were forced";

  // Forcing spreads visits: every action got at least one.
  EXPECT_EQ(std::count(r.visits.begin(), r.visits.end(), 0u), 0);

  // Pruning off: the target is the visit distribution.
  params.prune_policy_target = false;
  Search unpruned(params, evaluator, State(Variant::tournament()));
  Rng same(9);
  SearchResult u = unpruned.run(1000, true, 0.0f, same);
  for (std::size_t i = 0; i < u.actions.size(); ++i) {
    EXPECT_NEAR(u.policy_target[i], static_cast<float>(u.visits[i]) / 999.0f, 1e-6);
  }
}

TEST(Root, PlayoutCapRandomizationFlagsCheapSearches) {
  SearchParams params;
  params.full_visits = 300;
  params.cheap_visits = 60;
  params.full_search_probability = 0.25f;
  params.dirichlet_epsilon = 0.25f;
  params.forced_playouts_k = 2.0f;
  UniformEvaluator evaluator;
  Search search(params, evaluator, State(Variant::tournament()));
  Rng rng(11);
  int full = 0;
  for (int i = 0; i < 2000; ++i) full += search.draw_full_search(rng);
  EXPECT_NEAR(full / 2000.0, 0.25, 0.04);
  EXPECT_EQ(search.visits_for(true), 300);
  EXPECT_EQ(search.visits_for(false), 60);

  SearchResult cheap = search.run(search.visits_for(false), false, 0.0f, rng);
  EXPECT_FALSE(cheap.full_search);
  EXPECT_EQ(cheap.root_visits, 60u);
  EXPECT_EQ(root_priors(search).size(), 1u) << "no noise in a cheap search";
  SearchResult full_search = search.run(search.visits_for(true), true, 0.0f, rng);
  EXPECT_TRUE(full_search.full_search);
  EXPECT_EQ(full_search.root_visits, 300u);

  // Without cheap visits every search is full.
  params.cheap_visits = 0;
  Search always(params, evaluator, State(Variant::tournament()));
  for (int i = 0; i < 100; ++i) EXPECT_TRUE(always.draw_full_search(rng));
}

TEST(Root, TemperatureSchedule) {
  SearchParams params;
  params.temperature_start = 1.0f;
  params.temperature_end = 0.2f;
  params.temperature_halflife_turns = 10.0f;
  EXPECT_FLOAT_EQ(params.temperature(0), 1.0f);
  EXPECT_FLOAT_EQ(params.temperature(10), 0.6f);
  EXPECT_NEAR(params.temperature(200), 0.2f, 1e-5);
  params.temperature_halflife_turns = 0.0f;
  EXPECT_FLOAT_EQ(params.temperature(0), 0.2f);
}

TEST(Root, TemperatureSpreadsTheChoiceOverVisitedActions) {
  UniformEvaluator evaluator;
  Search search({}, evaluator, State(Variant::tournament()));
  Rng rng(4);
  SearchResult greedy = search.run(500, true, 0.0f, rng);
  std::set<std::uint16_t> chosen;
  for (int i = 0; i < 20; ++i) {
    SearchResult r = search.result(1.0f, rng);
    chosen.insert(r.chosen.code());
    std::size_t at = std::find(r.actions.begin(), r.actions.end(), r.chosen) - r.actions.begin();
    EXPECT_GT(r.visits[at], 0u);
  }
  EXPECT_GT(chosen.size(), 5u);
  EXPECT_EQ(search.result(0.0f, rng).chosen, greedy.chosen);
  std::size_t best =
      std::max_element(greedy.visits.begin(), greedy.visits.end()) - greedy.visits.begin();
  EXPECT_EQ(greedy.chosen, greedy.actions[best]);
}

TEST(Root, ParametersAreValidated) {
  SearchParams params;
  EXPECT_NO_THROW(params.validate());
  params.threads = 0;
  EXPECT_THROW(params.validate(), InputError);
  params = {};
  params.dirichlet_epsilon = 1.5f;
  EXPECT_THROW(params.validate(), InputError);
}

}  // namespace
}  // namespace zertz::mcts
