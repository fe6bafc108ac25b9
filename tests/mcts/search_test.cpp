#include "mcts/search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "core/position.h"
#include "tests/mcts/tree_checks.h"

namespace zertz::mcts {
namespace {

using testing::check_tree;
using testing::total_visits;

// Uniform priors; the first player is always winning, whoever is to move.
class FirstPlayerWinsEvaluator : public Evaluator {
 public:
  void evaluate(std::span<const EvalRequest> batch) override {
    for (const EvalRequest& r : batch) {
      std::fill(r.priors.begin(), r.priors.end(), 1.0f / static_cast<float>(r.priors.size()));
      *r.value = r.state->to_move() == 0 ? 1.0f : -1.0f;
    }
  }
};

SearchResult search(const State& state, int visits, SearchParams params = {}) {
  UniformEvaluator evaluator;
  Search search(params, evaluator, state);
  Rng rng(1);
  return search.run(visits, /*full=*/true, /*temperature=*/0.0f, rng);
}

std::string labels(const State& state, const std::vector<Action>& line) {
  std::string out;
  for (Action a : line) out += a.to_string(state.board()) + "; ";
  return out;
}

TEST(Search, FindsAndProvesTheWinningChain) {
  State state = parse_position_string(testing::kChainWin);
  SearchResult r = search(state, 300);
  const Board& b = state.board();
  EXPECT_EQ(r.chosen, Action::jump(*b.parse_cell("c1"), 0));
  EXPECT_EQ(r.proven, Proven::kWin);
  EXPECT_FLOAT_EQ(r.root_value, 1.0f);
  ASSERT_EQ(r.principal_variation.size(), 2u) << labels(state, r.principal_variation);
  EXPECT_EQ(r.principal_variation[1], Action::jump(*b.parse_cell("c3"), 0));
  EXPECT_LT(r.root_visits, 300u) << "a proven win ends the search";
  // The policy target teaches the proven win.
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    EXPECT_EQ(r.policy_target[i], r.actions[i] == r.chosen ? 1.0f : 0.0f);
  }
}

TEST(Search, FindsAndProvesTheIsolatingRemoval) {
  State state = parse_position_string(testing::kIsolationWin);
  const Board& b = state.board();
  SearchResult r = search(state, 400);
  EXPECT_EQ(r.proven, Proven::kWin);
  EXPECT_EQ(r.chosen.kind(), ActionKind::kPlace);
  EXPECT_EQ(r.chosen.cell(), *b.parse_cell("a3"));
  ASSERT_EQ(r.principal_variation.size(), 2u) << labels(state, r.principal_variation);
  EXPECT_EQ(r.principal_variation[1], Action::remove(*b.parse_cell("b5")));
}

// Plays the search's choices until player 1's turn is over.
State play_turn(const State& start, int visits, Search& search) {
  Rng rng(3);
  State state = start;
  while (!state.is_terminal() && state.to_move() == start.to_move()) {
    Action a = search.run(visits, true, 0.0f, rng).chosen;
    state.apply(a);
    search.play(a);
  }
  return state;
}

TEST(Search, AvoidsTheOpponentsWinningChain) {
  State state = parse_position_string(testing::kAvoidLoss);
  const Board& b = state.board();
  UniformEvaluator evaluator;
  Search search({}, evaluator, state);
  Rng rng(2);
  SearchResult r = search.run(800, true, 0.0f, rng);
  EXPECT_NE(r.proven, Proven::kLoss);
  // Every placement on c6 is proven lost, and so never chosen.
  int lost = 0;
  for (const Node& child : search.root().children()) {
    if (child.action().kind() == ActionKind::kPlace &&
        child.action().cell() == *b.parse_cell("c6")) {
      EXPECT_EQ(child.proven(), Proven::kLoss) << child.action().to_string(b);
      ++lost;
    }
  }
  EXPECT_EQ(lost, 3);
  State after = play_turn(state, 800, search);
  EXPECT_EQ(after.to_move(), 1);
  EXPECT_FALSE(after.is_terminal());
  EXPECT_FALSE(testing::mover_can_win_now(after)) << to_position_string(after);
}

TEST(Search, VisitCountsAddUp) {
  State state(Variant::tournament());
  UniformEvaluator evaluator;
  Search search({}, evaluator, state);
  Rng rng(1);
  SearchResult r = search.run(700, true, 0.0f, rng);
  EXPECT_EQ(r.root_visits, 700u);
  EXPECT_EQ(total_visits(r), 699u);
  EXPECT_EQ(r.actions.size(), 3u * 37u);
  EXPECT_GT(check_tree(search.root()), 700);
  float sum = std::accumulate(r.policy_target.begin(), r.policy_target.end(), 0.0f);
  EXPECT_NEAR(sum, 1.0f, 1e-5);
  // Without forced playouts nothing is pruned: the target is the visit distribution.
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    EXPECT_NEAR(r.policy_target[i], r.visits[i] / 699.0f, 1e-6);
  }
}

// Node values are kept from the side of the player who chose them: a placement and its removal
// are the same player's, so their signs agree; they flip where the turn passes.
void expect_signs(const Node& node, State state, int depth, int& checked) {
  if (!node.is_expanded() || node.proven() != Proven::kUnknown) return;
  for (const Node& child : node.children()) {
    if (child.visits() == 0) continue;
    EXPECT_EQ(child.viewer(), state.to_move());
    State next = state;
    next.apply(child.action());
    if (next.is_terminal()) continue;
    EXPECT_DOUBLE_EQ(child.mean_value(), child.viewer() == 0 ? 1.0 : -1.0)
        << "depth " << depth << " " << child.action().to_string(state.board());
    ++checked;
    expect_signs(child, next, depth + 1, checked);
  }
}

TEST(Search, ValueSignFlipsOnlyWhenTheMoverChanges) {
  FirstPlayerWinsEvaluator evaluator;
  // From the start (place, then remove by the same player) and from a chain in progress.
  for (const char* text : {"", testing::kChainWin}) {
    State state = *text ? parse_position_string(text) : State(Variant::tournament());
    Search search({}, evaluator, state);
    Rng rng(1);
    SearchResult r = search.run(600, true, 0.0f, rng);
    if (r.proven != Proven::kUnknown) continue;  // exact values, checked elsewhere
    EXPECT_DOUBLE_EQ(r.root_value, 1.0);
    int checked = 0;
    expect_signs(search.root(), state, 1, checked);
    EXPECT_GT(checked, 100);
  }
  // After a placement, player 1 still moves: the root value stays player 1's.
  State state(Variant::tournament());
  ActionList legal;
  state.legal_actions(legal);
  state.apply(legal[0]);
  ASSERT_EQ(state.phase(), Phase::kRemove);
  Search search({}, evaluator, state);
  Rng rng(1);
  EXPECT_DOUBLE_EQ(search.run(100, true, 0.0f, rng).root_value, 1.0);
}

TEST(Search, TreeReuseKeepsTheSubtree) {
  State state(Variant::tournament());
  UniformEvaluator evaluator;
  Search search({}, evaluator, state);
  Rng rng(1);
  SearchResult first = search.run(800, true, 0.0f, rng);
  const Node* kept = nullptr;
  for (const Node& child : search.root().children()) {
    if (child.action() == first.chosen) kept = &child;
  }
  ASSERT_NE(kept, nullptr);
  std::uint32_t kept_visits = kept->visits();
  ASSERT_GT(kept_visits, 2u);
  int kept_nodes = check_tree(*kept);
  search.play(first.chosen);
  EXPECT_EQ(search.root().visits(), kept_visits);
  EXPECT_EQ(check_tree(search.root()), kept_nodes);
  state.apply(first.chosen);
  EXPECT_EQ(search.root_state(), state);
  SearchResult second = search.run(800, true, 0.0f, rng);
  EXPECT_EQ(second.root_visits, 800u);
  EXPECT_EQ(total_visits(second), 799u);
  check_tree(search.root());

  // Without reuse the next search starts from nothing.
  SearchParams fresh;
  fresh.reuse_tree = false;
  Search forgetful(fresh, evaluator, State(Variant::tournament()));
  forgetful.play(forgetful.run(300, true, 0.0f, rng).chosen);
  EXPECT_EQ(forgetful.root().visits(), 0u);
}

TEST(Search, OneThreadAndASeedGiveTheSameSearch) {
  SearchParams params;
  params.dirichlet_epsilon = 0.25f;
  params.forced_playouts_k = 2.0f;
  params.leaves_per_batch = 4;
  auto run = [&](std::uint64_t seed) {
    UniformEvaluator evaluator;
    Search search(params, evaluator, State(Variant::tournament()));
    Rng rng(seed);
    std::vector<SearchResult> results;
    for (int move = 0; move < 4; ++move) {
      results.push_back(search.run(400, true, 1.0f, rng));
      search.play(results.back().chosen);
    }
    return results;
  };
  std::vector<SearchResult> a = run(7), b = run(7), c = run(8);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].visits, b[i].visits);
    EXPECT_EQ(a[i].policy_target, b[i].policy_target);
    EXPECT_EQ(a[i].chosen, b[i].chosen);
    EXPECT_EQ(a[i].principal_variation, b[i].principal_variation);
    EXPECT_EQ(a[i].root_value, b[i].root_value);
  }
  EXPECT_NE(a[0].visits, c[0].visits) << "the seed matters (noise)";
}

TEST(Search, TerminalRootAndSingleActionStopAtOnce) {
  // A single legal action: evaluated once, then played.
  State state = parse_position_string(testing::kChainWin);
  const Board& b = state.board();
  state.apply(Action::jump(*b.parse_cell("c1"), 0));
  ASSERT_EQ(state.phase(), Phase::kChain);
  UniformEvaluator evaluator;
  Search search({}, evaluator, state);
  Rng rng(1);
  SearchResult r = search.run(500, true, 0.0f, rng);
  EXPECT_EQ(r.chosen, Action::jump(*b.parse_cell("c3"), 0));
  EXPECT_LE(r.root_visits, 2u);
  // The game is over: nothing to choose.
  state.apply(r.chosen);
  ASSERT_TRUE(state.is_terminal());
  search.set_root(state, RepetitionTracker(state));
  r = search.run(500, true, 0.0f, rng);
  EXPECT_TRUE(r.actions.empty());
  EXPECT_EQ(r.proven, Proven::kLoss);  // the player to move has lost
}

}  // namespace
}  // namespace zertz::mcts
