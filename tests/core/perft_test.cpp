// Perft (core/perft.h) pinned from the start of every variant, and lc0-style cross-checked perft:
// at every node of the tree the engine's legal actions and the state after each action are
// compared with tests/core/reference_rules, from the start and from hand-picked positions.
#include "core/perft.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/position.h"
#include "tests/core/reference_rules.h"

namespace zertz {
namespace {

#ifdef ZERTZ_SANITIZED
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

// From the start nothing can be captured or isolated for two turns, so the counts follow from
// the board alone: place any of 3 colours on any of the N rings (N actions), then remove one of
// the E edge rings, which are all free, except the one just filled (E - 1 or E choices). The
// second turn places on the N - 2 rings left vacant. So, in actions:
//   depth 1 = 3N, depth 2 = 3(E(E - 1) + (N - E)E) = 3E(N - 1), depth 3 = depth 2 * 3(N - 2).
// 37 rings: E = 18; 48 rings (sides 5,4,5,4,5,4): E = 21; 61 rings: E = 24. In turns, depth 1
// equals actions depth 2; depth 2 is the issue's independent count.
struct StartCounts {
  const Variant* variant;
  int edge;
  std::uint64_t turns2;
};

const std::vector<StartCounts>& start_counts() {
  static const std::vector<StartCounts> counts = {
      // basic plays like tournament for two turns: every colour has at least two marbles.
      {&Variant::basic(), 18, 3'277'260},
      {&Variant::tournament(), 18, 3'277'260},
      {&Variant::tournament48(), 21, 7'824'600},
      {&Variant::tournament61(), 24, 17'000'496},
  };
  return counts;
}

TEST(Perft, StartCountsFollowFromTheBoard) {
  for (const StartCounts& c : start_counts()) {
    SCOPED_TRACE(c.variant->name);
    State start(*c.variant);
    const std::uint64_t n = c.variant->board->num_cells();
    const std::uint64_t e = c.edge;
    const std::uint64_t depth2 = 3 * e * (n - 1);
    EXPECT_EQ(perft(start, 1, PerftMode::kActions), 3 * n);
    EXPECT_EQ(perft(start, 2, PerftMode::kActions), depth2);
    EXPECT_EQ(perft(start, 3, PerftMode::kActions), depth2 * 3 * (n - 2));
    EXPECT_EQ(perft(start, 1, PerftMode::kTurns), depth2);
  }
}

TEST(Perft, IssueValuesInTurns) {
  EXPECT_EQ(perft(State(Variant::tournament()), 1, PerftMode::kTurns), 1'944u);
  EXPECT_EQ(perft(State(Variant::tournament48()), 1, PerftMode::kTurns), 2'961u);
  EXPECT_EQ(perft(State(Variant::tournament61()), 1, PerftMode::kTurns), 4'320u);
  if (kSanitized) GTEST_SKIP() << "depth 2 (up to 17 million leaves) only in optimised builds";
  for (const StartCounts& c : start_counts()) {
    EXPECT_EQ(perft(State(*c.variant), 2, PerftMode::kTurns), c.turns2) << c.variant->name;
  }
}

// Hand-picked positions (drawn in comments; '.' marks removed rings).
struct Named {
  const char* what;
  const char* position;
};

const std::vector<Named>& positions() {
  static const std::vector<Named> list = {
      // Bd1 Gd2 Wd4 Ge3 Gd6 Bb2 Wc2: five captures; d1 chains over d2 to d3, then may branch
      // to d5 (and on to d7), f3 (ends) or b1 (and on to b3).
      {"captures and chains",
       "tournament .oo./obooo/owoooo/bgowogo/oogooo/ooooo/.oo. 4,5,8 0,0,0 0,0,0 1 turn 0"},
      // The full group a1 a2 b1 hangs on the free ring b2 (removing it isolates them; filling
      // it isolates four), g1 g2 hangs on the free ring f2.
      {"isolation possible",
       "tournament wg.o/bo.oo/...ooo/ooogobo/o.oooo/.o.oo/wb.o 4,6,7 0,0,0 0,0,0 2 turn 0"},
      // The same after player 2 placed W on d3: player 2 removes a free ring.
      {"remove phase",
       "tournament wg.o/bo.oo/...ooo/oowgobo/o.oooo/.o.oo/wb.o 3,6,7 0,0,0 0,0,0 2 remove 0"},
      // Empty pool: each player places from their own stock; removing e2 isolates Bf1.
      {"empty pool, stocks",
       "basic ...o/...o./.b.bog/goooow./.o.bw./b..../.... 0,0,0 2,3,1 1,2,4 2 turn 0"},
      // Empty pool, player 2 holds nothing: the repetition loop of rules_test (passes).
      {"empty pool, passes",
       "tournament-61 ...../....../g.....g/wwwwwggg/g..boo..g/gbbbbbbb/b.....b/....../..... "
       "0,0,0 1,0,0 0,0,0 1 turn 1"},
      // Mid-chain on 48 rings: the marble on d5 must jump on and has two ways.
      {"chain phase, 48 rings",
       "tournament-48 g...w/ooboog/.ooobo./.ooggo../..ooo../.booo./...oo/.... "
       "0,1,2 4,0,1 1,3,4 1 jump:d5 0"},
      // A random game's position on 61 rings with six captures to choose from.
      {"captures, 61 rings",
       "tournament-61 ..o.o/oooooo/gooboo./oooogboo/wooowoobo/ooooogo./ooooooo/oooob./.o..o "
       "4,5,6 0,0,0 0,0,0 2 turn 0"},
  };
  return list;
}

// Walks the tree like perft while comparing engine and reference at every node; stops at the
// first difference (one readable failure instead of thousands).
class CheckedPerft {
 public:
  std::uint64_t count(const State& state, int depth, PerftMode mode) {
    return walk(state, reference::from_state(state), depth, mode);
  }
  bool failed() const { return failed_; }

 private:
  std::uint64_t walk(const State& state, const reference::Position& ref, int depth,
                     PerftMode mode) {
    if (depth == 0 || failed_) return depth == 0 ? 1 : 0;
    const Board& b = state.board();
    std::vector<Action> want = reference::legal_actions(ref);
    std::vector<Action> got = reference::engine_actions(state);
    if (got != want) {
      return fail(state, "legal actions: reference " + reference::describe(b, want) + "; engine " +
                             reference::describe(b, got));
    }
    std::uint64_t total = 0;
    for (Action a : want) {
      State next = state;
      next.apply(a);
      reference::Position ref_next = ref;
      reference::apply(ref_next, a);
      std::string diff = reference::difference(ref_next, next);
      if (!diff.empty()) return fail(state, "after " + a.to_string(b) + ": " + diff);
      if (next.hash() != next.compute_hash()) return fail(state, "hash after " + a.to_string(b));
      bool turn_over = ref_next.to_move != ref.to_move;
      int remaining = mode == PerftMode::kActions || turn_over ? depth - 1 : depth;
      total += walk(next, ref_next, remaining, mode);
    }
    return total;
  }

  std::uint64_t fail(const State& state, const std::string& what) {
    failed_ = true;
    ADD_FAILURE() << "at " << to_position_string(state) << "\n  " << what;
    return 0;
  }

  bool failed_ = false;
};

TEST(Perft, ReferenceAgreesFromTheStart) {
  for (const Variant* v : Variant::all()) {
    SCOPED_TRACE(v->name);
    State start(*v);
    for (int depth = 1; depth <= (kSanitized ? 2 : 3); ++depth) {
      CheckedPerft checked;
      EXPECT_EQ(checked.count(start, depth, PerftMode::kActions),
                perft(start, depth, PerftMode::kActions))
          << "depth " << depth;
      ASSERT_FALSE(checked.failed());
    }
    CheckedPerft checked;
    EXPECT_EQ(checked.count(start, 1, PerftMode::kTurns), perft(start, 1, PerftMode::kTurns));
  }
}

TEST(Perft, ReferenceAgreesFromHandPickedPositions) {
  for (const Named& p : positions()) {
    SCOPED_TRACE(std::string(p.what) + ": " + p.position);
    State state = parse_position_string(p.position);
    for (int depth = 1; depth <= 3; ++depth) {
      CheckedPerft checked;
      std::uint64_t expected = checked.count(state, depth, PerftMode::kActions);
      ASSERT_FALSE(checked.failed());
      EXPECT_EQ(perft(state, depth, PerftMode::kActions), expected) << "actions depth " << depth;
    }
    if (state.phase() != Phase::kTurnStart) continue;
    for (int depth = 1; depth <= (kSanitized ? 1 : 2); ++depth) {
      CheckedPerft checked;
      std::uint64_t expected = checked.count(state, depth, PerftMode::kTurns);
      ASSERT_FALSE(checked.failed());
      EXPECT_EQ(perft(state, depth, PerftMode::kTurns), expected) << "turns depth " << depth;
    }
  }
}

TEST(Perft, HandPickedPositionsHaveWhatTheyClaim) {
  // Guards the list above against edits that would quietly drop a feature.
  auto at = [](int i) { return parse_position_string(positions()[i].position); };
  State captures = at(0), isolation = at(1), remove = at(2), stocks = at(3), passes = at(4);
  // Captures only, and some jump leads into a chain with a choice of branches.
  std::size_t widest_chain = 0;
  for (Action a : reference::engine_actions(captures)) {
    EXPECT_EQ(a.kind(), ActionKind::kJump);
    State s = captures;
    s.apply(a);
    if (s.phase() == Phase::kChain) {
      widest_chain = std::max(widest_chain, reference::engine_actions(s).size());
    }
  }
  EXPECT_GE(widest_chain, 2u);
  EXPECT_EQ(at(5).phase(), Phase::kChain);
  EXPECT_EQ(remove.phase(), Phase::kRemove);
  EXPECT_TRUE(stocks.pool_empty() && passes.pool_empty());
  EXPECT_EQ(passes.captured(1), (Counts{0, 0, 0}));  // player 2 will have to pass
  // Some two-action line isolates marbles (captured stocks grow without a jump).
  bool isolates = false;
  for (Action a : reference::engine_actions(isolation)) {
    State s = isolation;
    s.apply(a);
    for (Action r : reference::engine_actions(s)) {
      State t = s;
      t.apply(r);
      isolates |= t.captured(1) != isolation.captured(1);
    }
  }
  EXPECT_TRUE(isolates);
}

TEST(Perft, UnchangedUnderEverySymmetry) {
  for (const Named& p : positions()) {
    SCOPED_TRACE(p.what);
    State state = parse_position_string(p.position);
    const Board& b = state.board();
    std::uint64_t actions3 = perft(state, 3, PerftMode::kActions);
    std::uint64_t turns = perft(state, kSanitized ? 1 : 2, PerftMode::kTurns);
    for (int s = 1; s < b.num_symmetries(); ++s) {
      State image = state.transformed(s);
      EXPECT_EQ(perft(image, 3, PerftMode::kActions), actions3) << "symmetry " << s;
      EXPECT_EQ(perft(image, kSanitized ? 1 : 2, PerftMode::kTurns), turns) << "symmetry " << s;
      // The legal actions map onto each other too.
      std::vector<Action> mapped;
      for (Action a : reference::engine_actions(state)) mapped.push_back(a.transformed(b, s));
      std::sort(mapped.begin(), mapped.end());
      EXPECT_EQ(reference::engine_actions(image), mapped) << "symmetry " << s;
    }
  }
}

}  // namespace
}  // namespace zertz
