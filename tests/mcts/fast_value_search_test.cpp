// SearchParams::fast_value_weight: the new leaves that the evaluator is not asked about
// (evaluate_after_visits) take their value from the evaluator's fast value, mixed with their
// playouts (the fast share fading with a node's visits, fast_value_decay_visits), and a search
// refuses the weight when its evaluator has no fast value.
#include <gtest/gtest.h>

#include <atomic>

#include "core/error.h"
#include "core/state.h"
#include "mcts/search.h"

namespace zertz::mcts {
namespace {

// Uniform priors and a value of 0 from the evaluator; a fast value that says player 0 wins
// every position (+1 when player 0 is to move, -1 otherwise), counting its calls.
class FirstPlayerFastValue : public UniformEvaluator {
 public:
  bool has_fast_value() const override { return true; }
  float fast_value(const State& state) override {
    ++calls;
    return state.to_move() == 0 ? 1.0f : -1.0f;
  }
  std::atomic<int> calls = 0;
};

SearchParams fast_params(float weight, int rollouts) {
  SearchParams params;
  params.leaf_rollouts = rollouts;
  params.rollout_weight = 1.0f;
  params.evaluate_after_visits = 1000000;  // the evaluator at the root only
  params.fast_value_weight = weight;
  params.validate();
  return params;
}

SearchResult search(const SearchParams& params, Evaluator& evaluator, int visits) {
  const State root(Variant::basic());
  Search search(params, evaluator, root);
  Rng rng(7);
  return search.run(visits, /*full=*/false, /*temperature=*/0.0f, rng);
}

float search_root_value(const SearchParams& params, Evaluator& evaluator) {
  return search(params, evaluator, 400).root_value;
}

TEST(FastValueSearch, EveryNewLeafBelowTheRootIsValuedByTheFastValueAlone) {
  FirstPlayerFastValue evaluator;
  SearchResult r = search(fast_params(1.0f, 0), evaluator, 400);
  // The root's own visit is the evaluator's (value 0); the 399 others end at new leaves that
  // the fast value calls won for player 0, the root's mover, or at proven ends (none this early).
  EXPECT_EQ(evaluator.calls.load(), 399);
  EXPECT_NEAR(r.root_value, 399.0f / 400.0f, 1e-4f);
}

TEST(FastValueSearch, HalfTheLeafValueComesFromThePlayouts) {
  FirstPlayerFastValue evaluator;
  SearchResult mixed = search(fast_params(0.5f, 1), evaluator, 400);
  EXPECT_EQ(evaluator.calls.load(), 399);
  // Half of every leaf's value is +1 for player 0; the playouts' half is a random game's result.
  EXPECT_GT(mixed.root_value, 0.25f);
  EXPECT_LT(mixed.root_value, 0.75f + 1e-4f);
  FirstPlayerFastValue unused;
  SearchResult playouts = search(fast_params(0.0f, 1), unused, 400);
  EXPECT_EQ(unused.calls.load(), 0);
  EXPECT_LT(playouts.root_value, mixed.root_value);
}

// Checks, below `node`, that each unproven node of one visit holds its leaf's fast value whole
// (+1 for player 0, from the node's viewer's side); returns how many there are.
int count_single_visit_nodes(const Node& node) {
  int count = 0;
  if (!node.is_expanded()) return 0;
  for (const Node& child : node.children()) {
    if (child.visits() == 1 && child.proven() == Proven::kUnknown) {
      ++count;
      EXPECT_FLOAT_EQ(static_cast<float>(child.mean_value()), child.viewer() == 0 ? 1.0f : -1.0f);
    }
    count += count_single_visit_nodes(child);
  }
  return count;
}

TEST(FastValueSearch, TheFastShareDecaysWithANodesVisits) {
  FirstPlayerFastValue evaluator;
  SearchParams params = fast_params(1.0f, 1);
  params.fast_value_decay_visits = 2.0f;
  params.validate();
  const State root(Variant::basic());
  Search search(params, evaluator, root);
  Rng rng(7);
  SearchResult decayed = search.run(400, /*full=*/false, /*temperature=*/0.0f, rng);
  EXPECT_EQ(evaluator.calls.load(), 399);
  // A node of one visit took its leaf's fast value whole (+1 for player 0); the root's busiest
  // child took its later leaves mostly from their playouts.
  int single = count_single_visit_nodes(search.root());
  EXPECT_GT(single, 10);
  const Node* busiest = nullptr;
  for (const Node& child : search.root().children()) {
    if (child.proven() == Proven::kUnknown && (!busiest || child.visits() > busiest->visits())) {
      busiest = &child;
    }
  }
  ASSERT_NE(busiest, nullptr);
  EXPECT_GT(busiest->visits(), 20u);
  EXPECT_LT(busiest->mean_value(), 0.8);
  // Without decay every new leaf is the fast value's alone, and the root's mean nearly 1.
  FirstPlayerFastValue undecayed;
  EXPECT_GT(search_root_value(fast_params(1.0f, 1), undecayed), 0.99f);
  EXPECT_LT(decayed.root_value, 0.8f);
}

TEST(FastValueSearch, ADecayNeedsPlayoutsToDecayTowards) {
  SearchParams params;
  params.evaluate_after_visits = 100;
  params.fast_value_weight = 1.0f;
  params.leaf_rollouts = 0;
  params.fast_value_decay_visits = 8.0f;
  EXPECT_THROW(params.validate(), InputError);
  params.leaf_rollouts = 1;
  EXPECT_NO_THROW(params.validate());
  params.fast_value_decay_visits = -1.0f;
  EXPECT_THROW(params.validate(), InputError);
}

TEST(FastValueSearch, AWeightWithoutAFastValueIsRefused) {
  UniformEvaluator evaluator;
  const State root(Variant::basic());
  try {
    Search search(fast_params(0.5f, 1), evaluator, root);
    FAIL() << "a search without a fast value took fast_value_weight 0.5";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("fast_value_weight"), std::string::npos) << e.what();
  }
}

TEST(FastValueSearch, NewLeavesNeedPlayoutsUnlessTheFastValueAloneValuesThem) {
  SearchParams params;
  params.evaluate_after_visits = 100;
  params.leaf_rollouts = 0;
  params.fast_value_weight = 1.0f;
  EXPECT_NO_THROW(params.validate());
  params.fast_value_weight = 0.5f;
  EXPECT_THROW(params.validate(), InputError);
  params.fast_value_weight = 1.5f;
  params.leaf_rollouts = 1;
  EXPECT_THROW(params.validate(), InputError);
}

}  // namespace
}  // namespace zertz::mcts
