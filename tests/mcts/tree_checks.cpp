#include "tests/mcts/tree_checks.h"

#include <gtest/gtest.h>

#include "core/turn.h"

namespace zertz::mcts::testing {

int check_tree(const Node& node) {
  EXPECT_EQ(node.in_flight(), 0u);
  if (!node.is_expanded()) return 1;
  int nodes = 1;
  std::uint64_t below = 0;
  for (const Node& child : node.children()) {
    below += child.visits();
    nodes += check_tree(child);
  }
  // A proven node also counts the visits that stopped at it; a reprioritised one, the visit
  // that evaluated it.
  if (node.proven() == Proven::kUnknown) {
    EXPECT_EQ(node.visits(), below + 1 + (node.reprioritised() ? 1 : 0));
  }
  return nodes;
}

std::uint64_t total_visits(const SearchResult& result) {
  std::uint64_t sum = 0;
  for (std::uint32_t v : result.visits) sum += v;
  return sum;
}

bool mover_can_win_now(const State& state) {
  int mover = state.to_move();
  for (const Turn& turn : legal_turns(state)) {
    State next = state;
    apply_turn(next, turn);
    if (next.result_for(mover) > 0) return true;
  }
  return false;
}

void ramp_priors(std::span<float> priors) {
  float n = static_cast<float>(priors.size());
  for (std::size_t i = 0; i < priors.size(); ++i) {
    priors[i] = static_cast<float>(i + 1) / (n * (n + 1) / 2);
  }
}

}  // namespace zertz::mcts::testing
