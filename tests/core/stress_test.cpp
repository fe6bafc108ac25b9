// The OpenSpiel-style random-game harness: seeded random games through the public API of every
// variant, with the invariants any state must keep checked at every atomic action, a
// cross-check against tests/core/reference_rules on a sample of the steps, and each full turn's
// notation round-tripped at the turn's end.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/turn.h"
#include "tests/core/reference_rules.h"

namespace zertz {
namespace {

#ifdef ZERTZ_SANITIZED
constexpr long kActionsPerVariant = 12'000;  // ASan/UBSan run ~10x slower: 50x fewer actions
#else
constexpr long kActionsPerVariant = 600'000;
#endif
// Reference rules and position strings cost microseconds: checked on every k-th action (and at
// every game's end); everything else on every action.
constexpr long kSampleEvery = 3;

struct Totals {
  long actions = 0;
  long turns = 0;
  long games = 0;
  long sampled = 0;
  // How often the games met the rarer rules, so that the harness provably reaches them.
  long chains = 0, isolations = 0, from_stock = 0, passes = 0, full_boards = 0, draws = 0;
};

int count(Mask m) {
  return __builtin_popcountll(m);
}

// Each check returns what is wrong, or "" when all is well (messages are built only on failure).

// Cheap invariants of the state `s` reached from `before`.
std::string invariants(const State& before, const State& s) {
  const Variant& v = s.variant();
  if (s.rings() & ~before.rings()) return "a ring came back";
  Mask seen = 0;
  for (int c = 0; c < kColours; ++c) {
    if (s.marbles(c) & ~s.rings()) return "a marble off the rings";
    if (s.marbles(c) & seen) return "two marbles on one ring";
    seen |= s.marbles(c);
    if (s.pool()[c] + count(s.marbles(c)) + s.captured(0)[c] + s.captured(1)[c] != v.pool[c]) {
      return std::string("colour ") + kColourLetters[c] + " is not conserved";
    }
  }
  if (s.hash() != s.compute_hash()) return "the incremental hash differs from compute_hash()";
  return "";
}

// The reference rules agree on the legal actions before and on the state after `a`; the
// position string of `after` round-trips.
std::string against_reference(const State& before, Action a, const State& after) {
  const Board& b = before.board();
  reference::Position ref = reference::from_state(before);
  std::vector<Action> want = reference::legal_actions(ref);
  std::vector<Action> got = reference::engine_actions(before);
  if (got != want) {
    return "legal actions: reference " + reference::describe(b, want) + "; engine " +
           reference::describe(b, got);
  }
  reference::apply(ref, a);
  std::string diff = reference::difference(ref, after);
  if (!diff.empty()) return "reference state differs: " + diff;
  std::string text = to_position_string(after);
  if (!(parse_position_string(text) == after)) return "position string " + text + " differs";
  return "";
}

// The turn's notation parses back to the same actions, which replay to the same state.
std::string notation(const State& start, const Turn& turn, const State& end) {
  std::string text = format_turn(start, turn);
  if (parse_turn(start, text) != turn) return "notation '" + text + "' parses differently";
  State replayed = start;
  apply_turn(replayed, turn);
  if (!(replayed == end)) return "replaying '" + text + "' gives another state";
  return "";
}

void play_checked_game(const Variant& v, Rng& rng, Totals& totals) {
  const Board& b = *v.board;
  State s(v);
  State turn_start = s;
  Turn turn;
  ActionList legal;
  while (!s.is_terminal()) {
    State before = s;
    Action a = s.random_action(rng);  // the fast path, checked against the full list
    s.legal_actions(legal);
    ASSERT_NE(std::find(legal.begin(), legal.end(), a), legal.end())
        << a.to_string(b) << " is not legal at " << to_position_string(before);
    s.apply(a);
    ++totals.actions;
    turn.actions.push_back(a);
    totals.chains += s.phase() == Phase::kChain;
    totals.isolations += count(before.rings() & ~s.rings()) > (a.kind() == ActionKind::kRemove);
    totals.from_stock += a.kind() == ActionKind::kPlace && before.pool_empty();
    totals.passes += a.kind() == ActionKind::kPass;
    totals.full_boards += s.rings() == 0;
    totals.draws += s.outcome() == Outcome::kDraw;
    std::string wrong = invariants(before, s);
    if (wrong.empty() && (totals.actions % kSampleEvery == 0 || s.is_terminal())) {
      ++totals.sampled;
      wrong = against_reference(before, a, s);
    }
    if (wrong.empty() && (s.to_move() != before.to_move() || s.is_terminal())) {
      ++totals.turns;
      wrong = notation(turn_start, turn, s);
      turn_start = s;
      turn.actions.clear();
    }
    ASSERT_EQ(wrong, "") << "after " << a.to_string(b) << " at " << to_position_string(before);
  }
  ++totals.games;
}

class Stress : public ::testing::TestWithParam<std::string> {};

// Parameters by name, so that ctest shows "# GetParam() = "basic"".
std::vector<std::string> variant_names() {
  std::vector<std::string> names;
  for (const Variant* v : Variant::all()) names.push_back(v->name);
  return names;
}

TEST_P(Stress, RandomGamesKeepEveryInvariant) {
  const Variant& v = *Variant::find(GetParam());
  Rng rng(0x5eed0000 + v.board->num_cells() + v.pool[0]);
  Totals totals;
  while (totals.actions < kActionsPerVariant) {
    play_checked_game(v, rng, totals);
    if (HasFatalFailure()) return;
  }
  std::printf(
      "%s: %ld games, %ld turns, %ld atomic actions (%ld cross-checked); %ld chain steps, %ld "
      "isolations, %ld placements from stock, %ld passes, %ld full boards, %ld draws\n",
      v.name.c_str(), totals.games, totals.turns, totals.actions, totals.sampled, totals.chains,
      totals.isolations, totals.from_stock, totals.passes, totals.full_boards, totals.draws);
  EXPECT_GT(totals.games, 100);
  EXPECT_GT(totals.chains, 0);
  EXPECT_GT(totals.isolations, 0);
  EXPECT_GT(totals.from_stock, 0);
}

INSTANTIATE_TEST_SUITE_P(AllVariants, Stress, ::testing::ValuesIn(variant_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace zertz
