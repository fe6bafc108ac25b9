#include "mcts/symmetry_evaluator.h"

#include <gtest/gtest.h>

#include <set>

#include "tests/mcts/fake_network.h"

namespace zertz::mcts {
namespace {

using testing::Query;

// Keeps what it was asked, and answers priors 1, 2, 3, ... (normalised) in its actions' order.
class RecordingNetwork : public testing::FakeNetwork {
 public:
  void evaluate(std::span<const EvalRequest> batch) override {
    for (const EvalRequest& r : batch) {
      seen.push_back({*r.state, std::vector<Action>(r.actions.begin(), r.actions.end())});
    }
    FakeNetwork::evaluate(batch);
  }
  struct Seen {
    State state;
    std::vector<Action> actions;
  };
  std::vector<Seen> seen;
};

// The symmetry g that maps `original` onto what the network saw, or -1.
int symmetry_between(const Query& original, const RecordingNetwork::Seen& seen) {
  const Board& board = original.state.board();
  for (int g = 0; g < board.num_symmetries(); ++g) {
    if (!(original.state.transformed(g) == seen.state)) continue;
    bool same = seen.actions.size() == original.actions.size();
    for (std::size_t k = 0; same && k < seen.actions.size(); ++k) {
      same = seen.actions[k] == original.actions[k].transformed(board, g);
    }
    if (same) return g;
  }
  return -1;
}

TEST(SymmetryEvaluator, TheNetworkSeesASymmetricImageAndTheAnswerMapsBack) {
  RecordingNetwork network;
  const Variant& v = Variant::tournament();
  SymmetryEvaluator symmetry(network, *v.board, {false, 3});
  std::vector<State> positions = testing::random_positions(v, 40, 9);
  std::vector<Query> queries(positions.begin(), positions.end());
  std::vector<EvalRequest> batch;
  for (Query& q : queries) batch.push_back(q.request(true));
  symmetry.evaluate(batch);
  ASSERT_EQ(network.seen.size(), queries.size());
  std::set<int> used;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    int g = symmetry_between(queries[i], network.seen[i]);
    ASSERT_GE(g, 0) << "request " << i << ": not a symmetric image";
    used.insert(g);
    // The k-th prior belongs to the k-th action of the original request.
    const std::size_t n = queries[i].priors.size();
    EXPECT_FLOAT_EQ(queries[i].priors[0], 2.0f / static_cast<float>(n * (n + 1)));
    EXPECT_EQ(queries[i].value, testing::fake_value(network.seen[i].state, 0));
    EXPECT_EQ(queries[i].draw, testing::fake_draw(network.seen[i].state));
  }
  EXPECT_GE(used.size(), 3u);  // 40 draws among the board's symmetries
}

TEST(SymmetryEvaluator, ByPositionTheSamePositionAlwaysGetsTheSameSymmetry) {
  RecordingNetwork network;
  const Variant& v = Variant::tournament();
  SymmetryEvaluator symmetry(network, *v.board, {true, 3});
  std::vector<State> positions = testing::random_positions(v, 10, 11);
  std::set<int> used;
  for (int round = 0; round < 3; ++round) {
    for (std::size_t i = 0; i < positions.size(); ++i) {
      Query q(positions[i]);
      EvalRequest r = q.request();
      symmetry.evaluate({&r, 1});
      int g = symmetry_between(q, network.seen.back());
      ASSERT_GE(g, 0);
      if (round == 0) {
        used.insert(g);
      } else {
        EXPECT_EQ(g, symmetry_between(Query(positions[i]), network.seen[i])) << "position " << i;
      }
    }
  }
  EXPECT_GE(used.size(), 2u);
}

}  // namespace
}  // namespace zertz::mcts
