// Playthroughs (OpenSpiel style): one seeded random game per variant written out as text (at
// every atomic action: the position string, the legal actions, the action chosen; at every
// turn's end: the turn's notation) and compared with tests/data/playthrough-<variant>.txt, so
// that any change of behaviour shows up as a readable diff.
//
// After an intended change of behaviour, regenerate the files and review the diff:
//   ZERTZ_REGENERATE_PLAYTHROUGHS=1 core_tests --gtest_filter='Playthrough*'
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/position.h"
#include "core/turn.h"
#include "tests/golden_file.h"

namespace zertz {
namespace {

std::string outcome_text(Outcome outcome) {
  switch (outcome) {
    case Outcome::kFirstWins:
      return "player 1 wins";
    case Outcome::kSecondWins:
      return "player 2 wins";
    case Outcome::kDraw:
      return "draw";
    case Outcome::kOngoing:
      break;
  }
  return "unfinished";
}

// The whole game as text, one line per item.
std::vector<std::string> playthrough(const Variant& v, std::uint64_t seed) {
  const Board& b = *v.board;
  std::vector<std::string> out = {
      "# A seeded random game (tests/core/playthrough_test.cpp). At every atomic action: the",
      "# position string, the legal actions, the action chosen; after each turn its notation.",
      "# Regenerate with ZERTZ_REGENERATE_PLAYTHROUGHS=1 after an intended change; review the "
      "diff.",
      "variant " + v.name,
      "seed " + std::to_string(seed),
  };
  Rng rng(seed);
  State s(v);
  State turn_start = s;
  Turn turn;
  int turns = 0;
  ActionList legal;
  while (!s.is_terminal()) {
    s.legal_actions(legal);
    std::string list;
    for (Action a : legal) list += (list.empty() ? "" : ", ") + a.to_string(b);
    Action chosen = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size)))];
    out.push_back("");
    out.push_back("position " + to_position_string(s));
    out.push_back("legal " + std::to_string(legal.size) + ": " + list);
    out.push_back("chosen " + chosen.to_string(b));
    int mover = s.to_move();
    s.apply(chosen);
    turn.actions.push_back(chosen);
    if (s.to_move() != mover || s.is_terminal()) {
      out.push_back("turn " + std::to_string(++turns) + " (player " + std::to_string(mover + 1) +
                    "): " + format_turn(turn_start, turn));
      turn_start = s;
      turn.actions.clear();
    }
  }
  out.push_back("");
  out.push_back("position " + to_position_string(s));
  out.push_back("outcome " + outcome_text(s.outcome()));
  return out;
}

std::string path_for(const Variant& v) {
  return std::string(TESTDATA_DIR) + "/playthrough-" + v.name + ".txt";
}

// Seeds picked (among the first few hundred) so that the games show isolations, capture
// chains and placements from the players' stocks; the tournament and tournament-48 games end
// with a full board.
std::uint64_t seed_for(const Variant& v) {
  if (&v == &Variant::basic()) return 910;
  if (&v == &Variant::tournament()) return 19;
  if (&v == &Variant::tournament48()) return 189;
  return 29;
}

class Playthrough : public ::testing::TestWithParam<std::string> {};

// Parameters by name, so that ctest shows "# GetParam() = "basic"".
std::vector<std::string> variant_names() {
  std::vector<std::string> names;
  for (const Variant* v : Variant::all()) names.push_back(v->name);
  return names;
}

TEST_P(Playthrough, MatchesTheStoredFile) {
  const Variant& v = *Variant::find(GetParam());
  std::vector<std::string> lines = playthrough(v, seed_for(v));
  testing::expect_golden_file(lines, path_for(v), "ZERTZ_REGENERATE_PLAYTHROUGHS");
}

INSTANTIATE_TEST_SUITE_P(AllVariants, Playthrough, ::testing::ValuesIn(variant_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& ch : name) ch = ch == '-' ? '_' : ch;
                           return name;
                         });

}  // namespace
}  // namespace zertz
