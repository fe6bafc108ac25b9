// Several threads on one tree (play, analysis). Also run under ThreadSanitizer.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>

#include "core/position.h"
#include "mcts/search.h"
#include "tests/mcts/tree_checks.h"

namespace zertz::mcts {
namespace {

#ifdef ZERTZ_SANITIZED
constexpr int kVisits = 800;
#else
constexpr int kVisits = 6000;
#endif

TEST(Threads, VisitTotalsAreExact) {
  for (int threads : {2, 3, 4}) {
    for (int leaves : {1, 4}) {
      SearchParams params;
      params.threads = threads;
      params.leaves_per_batch = leaves;
      UniformEvaluator evaluator;
      Search search(params, evaluator, State(Variant::tournament()));
      Rng rng(1);
      for (int move = 0; move < 3; ++move) {
        SearchResult r = search.run(kVisits, true, 0.0f, rng);
        SCOPED_TRACE(::testing::Message()
                     << threads << " threads, " << leaves << " leaves, move " << move);
        EXPECT_EQ(r.root_visits, static_cast<std::uint32_t>(kVisits));
        EXPECT_EQ(testing::total_visits(r), static_cast<std::uint64_t>(kVisits - 1));
        testing::check_tree(search.root());
        search.play(r.chosen);
      }
    }
  }
}

TEST(Threads, SolverProvesTheWinningChain) {
  SearchParams params;
  params.threads = 4;
  params.leaves_per_batch = 2;
  UniformEvaluator evaluator;
  State state = parse_position_string(testing::kChainWin);
  Search search(params, evaluator, state);
  Rng rng(1);
  SearchResult r = search.run(kVisits, true, 0.0f, rng);
  EXPECT_EQ(r.proven, Proven::kWin);
  EXPECT_EQ(r.chosen, Action::jump(*state.board().parse_cell("c1"), 0));
  testing::check_tree(search.root());
}

TEST(Threads, SmallTreesAreProvenWithoutLosingVisits) {
  // The whole game below this position fits in the tree: threads collide often and prove it.
  SearchParams params;
  params.threads = 3;
  params.leaves_per_batch = 3;
  params.dirichlet_epsilon = 0.25f;
  params.forced_playouts_k = 2.0f;
  UniformEvaluator evaluator;
  State state = parse_position_string(testing::kAvoidLoss);
  Search search(params, evaluator, state);
  Rng rng(1);
  SearchResult r = search.run(20000, true, 0.0f, rng);
  EXPECT_EQ(r.proven, Proven::kWin);
  testing::check_tree(search.root());
}

// Fails from its `fail_at`-th call on, as a network out of memory would.
class FailingEvaluator : public UniformEvaluator {
 public:
  explicit FailingEvaluator(int fail_at) : fail_at_(fail_at) {}
  void evaluate(std::span<const EvalRequest> batch) override {
    if (++calls_ >= fail_at_) throw std::runtime_error("evaluator failed");
    UniformEvaluator::evaluate(batch);
  }

 private:
  const int fail_at_;
  std::atomic<int> calls_{0};
};

TEST(Threads, AnEvaluatorFailureInAnyThreadReachesTheCaller) {
  for (int fail_at : {1, 5, 40}) {
    SearchParams params;
    params.threads = 4;
    params.leaves_per_batch = 2;
    FailingEvaluator evaluator(fail_at);
    Search search(params, evaluator, State(Variant::tournament()));
    Rng rng(1);
    EXPECT_THROW(search.run(kVisits, true, 0.0f, rng), std::runtime_error) << fail_at;
  }
}

}  // namespace
}  // namespace zertz::mcts
