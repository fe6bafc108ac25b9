// SearchParams::evaluate_after_visits: new leaves below the root get uniform priors and their
// playouts' value; the evaluator is asked only about nodes visited often enough, and its priors
// then replace the uniform ones. Threaded runs are also checked under ThreadSanitizer.
#include <gtest/gtest.h>

#include <mutex>
#include <set>

#include "core/error.h"
#include "core/position.h"
#include "mcts/search.h"
#include "tests/mcts/tree_checks.h"

namespace zertz::mcts {
namespace {

// Priors proportional to 1, 2, 3, ... in the order of the request's actions, so that they are
// neither uniform nor sorted; counts the states it was asked about.
class RampEvaluator : public Evaluator {
 public:
  void evaluate(std::span<const EvalRequest> batch) override {
    std::lock_guard lock(mutex_);
    for (const EvalRequest& r : batch) {
      testing::ramp_priors(r.priors);
      *r.value = 0.0f;
      ++evaluations_;
      states_.insert(to_position_string(*r.state));
    }
  }
  int evaluations() const { return evaluations_; }
  std::size_t distinct_states() const { return states_.size(); }

 private:
  std::mutex mutex_;
  int evaluations_ = 0;
  std::set<std::string> states_;
};

SearchParams threshold_params(int threshold) {
  SearchParams params;
  params.leaf_rollouts = 1;
  params.rollout_weight = 1.0f;
  params.evaluate_after_visits = threshold;
  return params;
}

// Walks the tree below the root: a node still awaiting the evaluator has at most `threshold`
// visits (plus `slack`, the descents that can be under way through it at once) and uniform
// priors; a reprioritised one has the evaluator's (tempered) priors in
// legal-action order. Returns the number of reprioritised nodes.
int check_priors(const Node& node, const State& state, int threshold, float temperature,
                 int slack = 0) {
  if (!node.is_expanded() || node.num_children() == 0) return 0;
  std::span<const Node> children = node.children();
  ActionList legal;
  state.legal_actions(legal);
  EXPECT_EQ(children.size(), static_cast<std::size_t>(legal.size));
  int reprioritised = 0;
  if (node.awaiting_evaluation()) {
    EXPECT_LE(node.visits(), static_cast<std::uint32_t>(threshold + slack));
    for (const Node& child : children) EXPECT_FLOAT_EQ(child.prior(), 1.0f / children.size());
  } else if (node.reprioritised()) {
    ++reprioritised;
    EXPECT_GE(node.visits(), static_cast<std::uint32_t>(threshold) + 1);
    std::vector<float> expected(children.size());
    testing::ramp_priors(expected);
    temper_priors(expected, temperature);
    for (std::size_t i = 0; i < children.size(); ++i) {
      EXPECT_EQ(children[i].action(), legal[static_cast<int>(i)]);
      EXPECT_NEAR(children[i].prior(), expected[i], 1e-6f);
    }
  }
  for (const Node& child : children) {
    State next = state;
    next.apply(child.action());
    reprioritised += check_priors(child, next, threshold, temperature, slack);
  }
  return reprioritised;
}

TEST(EvaluateAfterVisits, AsksTheEvaluatorOnlyAboutOftenVisitedNodes) {
  State state(Variant::basic());
  for (float temperature : {1.0f, 3.0f}) {
    SCOPED_TRACE(temperature);
    SearchParams params = threshold_params(16);
    params.prior_temperature = temperature;
    RampEvaluator evaluator;
    Search search(params, evaluator, state);
    Rng rng(1);
    SearchResult r = search.run(4000, true, 0.0f, rng);
    EXPECT_EQ(r.root_visits, 4000u);
    EXPECT_EQ(testing::total_visits(r), 3999u) << "the root is evaluated at its first visit";
    testing::check_tree(search.root());
    int reprioritised = check_priors(search.root(), state, 16, temperature);
    EXPECT_GT(reprioritised, 10);
    // The root and each reprioritised node, once each: a small share of the visits.
    EXPECT_EQ(evaluator.evaluations(), 1 + reprioritised);
    EXPECT_LT(evaluator.evaluations(), 4000 / 16);
  }
}

TEST(EvaluateAfterVisits, ZeroAsksAboutEveryLeaf) {
  SearchParams params = threshold_params(0);
  RampEvaluator evaluator;
  Search search(params, evaluator, State(Variant::basic()));
  Rng rng(1);
  search.run(500, true, 0.0f, rng);
  EXPECT_EQ(evaluator.evaluations(), 500);
  EXPECT_EQ(check_priors(search.root(), State(Variant::basic()), 0, 1.0f), 0);
}

TEST(EvaluateAfterVisits, StillFindsAndProvesWins) {
  UniformEvaluator evaluator;
  State chain = parse_position_string(testing::kChainWin);
  Search search(threshold_params(8), evaluator, chain);
  Rng rng(1);
  SearchResult r = search.run(3000, true, 0.0f, rng);
  EXPECT_EQ(r.proven, Proven::kWin);
  EXPECT_EQ(r.chosen, Action::jump(*chain.board().parse_cell("c1"), 0));

  State isolation = parse_position_string(testing::kIsolationWin);
  Search other(threshold_params(8), evaluator, isolation);
  r = other.run(20000, true, 0.0f, rng);
  EXPECT_EQ(r.proven, Proven::kWin);
  EXPECT_EQ(r.chosen.cell(), *isolation.board().parse_cell("a3"));
  testing::check_tree(other.root());
}

TEST(EvaluateAfterVisits, BatchesTheEvaluationsOfOneGather) {
  // One thread, 8 leaves per call: the descents that find no node to evaluate finish at once
  // (playouts), so one gather collects several evaluations.
  class LargestBatch : public RampEvaluator {
   public:
    void evaluate(std::span<const EvalRequest> batch) override {
      largest = std::max(largest, batch.size());
      RampEvaluator::evaluate(batch);
    }
    std::size_t largest = 0;
  } evaluator;
  SearchParams params = threshold_params(4);
  params.leaves_per_batch = 8;
  Search search(params, evaluator, State(Variant::basic()));
  Rng rng(1);
  SearchResult r = search.run(3000, true, 0.0f, rng);
  EXPECT_EQ(r.root_visits, 3000u);
  EXPECT_EQ(evaluator.largest, 8u);
  testing::check_tree(search.root());
  EXPECT_GT(check_priors(search.root(), State(Variant::basic()), 4, 1.0f, 8), 10);
}

TEST(EvaluateAfterVisits, TreeReuseAndASeedGiveTheSameGames) {
  auto play = [](std::uint64_t seed) {
    RampEvaluator evaluator;
    Search search(threshold_params(8), evaluator, State(Variant::basic()));
    Rng rng(seed);
    std::vector<SearchResult> results;
    for (int move = 0; move < 6; ++move) {
      results.push_back(search.run(1500, true, 1.0f, rng));
      const SearchResult& r = results.back();
      std::uint64_t below = testing::total_visits(r);
      // A reused root that was reprioritised keeps the visit of its evaluation.
      EXPECT_TRUE(below + 1 == r.root_visits || below + 2 == r.root_visits) << move;
      testing::check_tree(search.root());
      search.play(r.chosen);
      EXPECT_FALSE(search.root().awaiting_evaluation())
          << "a root gets the evaluator's priors before any noise";
    }
    return results;
  };
  std::vector<SearchResult> a = play(5), b = play(5);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].visits, b[i].visits);
    EXPECT_EQ(a[i].chosen, b[i].chosen);
  }
}

TEST(EvaluateAfterVisits, ThreadsKeepTheTreeExact) {
  for (int leaves : {1, 4}) {
    SearchParams params = threshold_params(4);
    params.threads = 3;
    params.leaves_per_batch = leaves;
    RampEvaluator evaluator;
    State state(Variant::basic());
    Search search(params, evaluator, state);
    Rng rng(1);
    SearchResult r = search.run(3000, true, 0.0f, rng);
    EXPECT_EQ(r.root_visits, 3000u);
    EXPECT_EQ(testing::total_visits(r), 2999u);
    testing::check_tree(search.root());
    EXPECT_GT(check_priors(search.root(), state, 4, 1.0f, params.threads * leaves), 10);
  }
}

TEST(EvaluateAfterVisits, NeedsPlayouts) {
  SearchParams params = threshold_params(8);
  params.leaf_rollouts = 0;
  EXPECT_THROW(params.validate(), InputError);
  params.leaf_rollouts = 1;
  params.evaluate_after_visits = -1;
  EXPECT_THROW(params.validate(), InputError);
}

}  // namespace
}  // namespace zertz::mcts
