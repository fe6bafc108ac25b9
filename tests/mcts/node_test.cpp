#include "mcts/node.h"

#include <gtest/gtest.h>

#include <set>

namespace zertz::mcts {
namespace {

TEST(Node, ArenaHandsOutDisjointArraysAndReusesItsChunks) {
  NodeArena arena;
  std::set<Node*> seen;
  for (int round = 0; round < 2; ++round) {
    std::vector<std::pair<Node*, int>> arrays;
    for (int i = 0; i < 300; ++i) {  // ~36,000 nodes: several chunks
      int count = 1 + (i * 37) % 192;
      Node* nodes = arena.allocate(count);
      for (int j = 0; j < count; ++j) nodes[j].init(Action::remove(j % 37), 0.5f, i % 2);
      arrays.emplace_back(nodes, count);
    }
    for (std::size_t a = 1; a < arrays.size(); ++a) {
      auto [previous, size] = arrays[a - 1];
      Node* current = arrays[a].first;
      // Arrays never overlap (they follow each other within a chunk or start a new one).
      EXPECT_TRUE(current >= previous + size || current + arrays[a].second <= previous);
    }
    if (round == 0) {
      for (auto [nodes, count] : arrays) seen.insert(nodes);
    } else {
      EXPECT_TRUE(seen.count(arrays.front().first)) << "clear() keeps the chunks";
    }
    arena.clear();
  }
}

TEST(Node, PromoteKeepsTheChildsSubtreeAndItsStatistics) {
  Tree tree;
  Node& root = tree.root();
  ASSERT_TRUE(root.begin_expansion());
  Node* children = tree.allocate(0, 3);
  for (int i = 0; i < 3; ++i) children[i].init(Action::remove(i), 0.2f + 0.1f * i, 0);
  root.finish_expansion(children, 3);
  ASSERT_TRUE(children[1].begin_expansion());
  Node* grandchildren = tree.allocate(0, 2);
  grandchildren[0].init(Action::remove(5), 0.75f, 1);
  grandchildren[1].init(Action::remove(6), 0.25f, 1);
  children[1].finish_expansion(grandchildren, 2);
  for (int v = 0; v < 3; ++v) {
    children[1].add_in_flight();
    children[1].complete_visit(0.5);
  }
  grandchildren[0].add_in_flight();
  grandchildren[0].complete_visit(-1.0);
  grandchildren[1].prove(Proven::kWin);

  tree.promote(children[1]);
  const Node& promoted = tree.root();
  EXPECT_NE(&promoted, &children[1]);
  EXPECT_EQ(promoted.action(), Action::remove(1));
  EXPECT_EQ(promoted.visits(), 3u);
  EXPECT_DOUBLE_EQ(promoted.value_sum(), 1.5);
  EXPECT_EQ(promoted.viewer(), 0);
  ASSERT_TRUE(promoted.is_expanded());
  ASSERT_EQ(promoted.num_children(), 2);
  EXPECT_EQ(promoted.children()[0].action(), Action::remove(5));
  EXPECT_FLOAT_EQ(promoted.children()[0].prior(), 0.75f);
  EXPECT_EQ(promoted.children()[0].visits(), 1u);
  EXPECT_DOUBLE_EQ(promoted.children()[0].mean_value(), -1.0);
  EXPECT_EQ(promoted.children()[1].proven(), Proven::kWin);
  EXPECT_EQ(promoted.children()[1].viewer(), 1);
  EXPECT_FALSE(promoted.children()[0].is_expanded());
}

TEST(Node, TheFirstProofStands) {
  Node node;
  node.init(Action::pass(), 1.0f, 0);
  EXPECT_TRUE(node.prove(Proven::kDraw));
  EXPECT_FALSE(node.prove(Proven::kWin));
  EXPECT_EQ(node.proven(), Proven::kDraw);
  EXPECT_EQ(opposite(Proven::kWin), Proven::kLoss);
  EXPECT_EQ(opposite(Proven::kDraw), Proven::kDraw);
}

}  // namespace
}  // namespace zertz::mcts
