// The MCTS-solver against exhaustive minimax on positions small enough to solve outright.
#include <gtest/gtest.h>

#include "core/position.h"
#include "mcts/evaluator.h"
#include "mcts/search.h"

namespace zertz::mcts {
namespace {

#ifdef ZERTZ_SANITIZED
constexpr int kVisits = 3000;
#else
constexpr int kVisits = 20000;
#endif

// The game-theoretic value for the player to move: +1, 0 or -1 (no repetitions arise here).
int solve(const State& state) {
  if (state.is_terminal()) return state.result_for(state.to_move());
  ActionList legal;
  state.legal_actions(legal);
  int best = -1;
  for (Action action : legal) {
    State next = state;
    next.apply(action);
    int value = next.to_move() == state.to_move() ? solve(next) : -solve(next);
    best = std::max(best, value);
    if (best == 1) break;
  }
  return best;
}

Proven as_proof(int value) {
  return value > 0 ? Proven::kWin : value < 0 ? Proven::kLoss : Proven::kDraw;
}

// Every proof in the tree below `node` (reached in `state`) matches minimax. Returns the number
// of proofs made by propagation (of states that are not terminal).
int check_proofs(const Node& node, const State& state) {
  int propagated = 0;
  if (node.proven() != Proven::kUnknown) {
    int value = solve(state);
    EXPECT_EQ(node.proven(), as_proof(node.viewer() == state.to_move() ? value : -value))
        << to_position_string(state);
    propagated += !state.is_terminal();
  }
  if (!node.is_expanded()) return propagated;
  for (const Node& child : node.children()) {
    State next = state;
    next.apply(child.action());
    propagated += check_proofs(child, next);
  }
  return propagated;
}

TEST(Solver, ProofsAgreeWithMinimax) {
  struct Case {
    const char* position;
    bool root_proven;  // within the visits; otherwise only parts of the tree are
  };
  const Case cases[] = {
      {"tournament ..../...../owowoo/......./....../...../.... 2,8,10 0,0,0 2,0,0 1 turn 0", true},
      {"basic ..../...../owgbo./......./....../...../.... 4,6,8 0,0,0 0,0,0 2 turn 0", true},
      {"basic ..../...../oboooo/oooo.../....../...../.... 5,7,8 0,0,0 0,0,0 1 turn 0", false},
  };
  for (const Case& c : cases) {
    State state = parse_position_string(c.position);
    // Random playouts lead the search deep enough to meet terminal states.
    SearchParams params;
    params.leaf_rollouts = 1;
    params.rollout_weight = 1.0f;
    UniformEvaluator evaluator;
    Search search(params, evaluator, state);
    Rng rng(1);
    SearchResult r = search.run(kVisits, true, 0.0f, rng);
    if (c.root_proven) {
      EXPECT_EQ(r.proven, as_proof(solve(state))) << c.position;
    }
    EXPECT_GT(check_proofs(search.root(), state), 5) << c.position;
  }
}

}  // namespace
}  // namespace zertz::mcts
