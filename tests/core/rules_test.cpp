// One test per rule of docs/rules.md on hand-built positions, then the notation (core/turn.h) and
// position strings (core/position.h). Positions are drawn on the 37-ring board unless said.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "core/turn.h"
#include "tests/core/reference_rules.h"
#include "tests/core/test_positions.h"

namespace zertz {
namespace {

using testing::make_position;

const Variant& kTournament = Variant::tournament();

int cell(const State& s, const std::string& label) {
  auto c = s.board().parse_cell(label);
  EXPECT_TRUE(c.has_value()) << label;
  return c.value_or(0);
}

int colour_of(char letter) {
  return letter == 'W' ? kWhite : letter == 'G' ? kGrey : kBlack;
}
Action place(const State& s, char colour, const std::string& at) {
  return Action::place(colour_of(colour), cell(s, at));
}
Action remove(const State& s, const std::string& at) {
  return Action::remove(cell(s, at));
}
// The jump from `from` that lands on `to`.
Action jump(const State& s, const std::string& from, const std::string& to) {
  for (int d = 0; d < kDirections; ++d) {
    if (s.board().landing(cell(s, from), d) == cell(s, to)) return Action::jump(cell(s, from), d);
  }
  ADD_FAILURE() << from << " to " << to << " is no jump line";
  return Action::pass();
}

// Applies an action that must be legal.
void play(State& s, Action a) {
  ASSERT_TRUE(s.is_legal(a)) << a.to_string(s.board()) << " in " << to_position_string(s);
  s.apply(a);
}

// Labels of a mask's cells, in cell order (a1, a2, ..., b1, ...).
std::vector<std::string> labels(const Board& b, Mask m) {
  std::vector<std::string> out;
  for (int c = 0; c < b.num_cells(); ++c) {
    if ((m >> c) & 1) out.push_back(b.label(c));
  }
  return out;
}

// Every ring label of the variant's board except `gone`.
std::vector<std::string> rings_without(const Variant& v, const std::vector<std::string>& gone) {
  std::vector<std::string> out;
  for (const std::string& l : labels(*v.board, v.board->all_cells())) {
    if (std::find(gone.begin(), gone.end(), l) == gone.end()) out.push_back(l);
  }
  return out;
}

// Moves marbles from the pool into the players' stocks (the position must still add up).
State with_stocks(State s, const Counts& first, const Counts& second) {
  Counts pool = s.pool();
  for (int c = 0; c < kColours; ++c) pool[c] -= first[c] + second[c];
  s.set_pool(pool);
  s.set_captured(0, first);
  s.set_captured(1, second);
  s.finish_setup();
  return s;
}

int rings_left(const State& s) {
  return __builtin_popcountll(s.rings());
}

// All 37 rings; the 18 edge rings hold marbles (8 G then 10 B; the pool keeps 6 W), the 19
// inner ones are empty. No vacant ring is free and no marble can jump.
State edge_filled() {
  const char* edge[] = {"a1", "a2", "a3", "a4", "b1", "b5", "c1", "c6", "d1",
                        "d7", "e1", "e6", "f1", "f5", "g1", "g2", "g3", "g4"};
  std::vector<std::string> marbles;
  for (int i = 0; i < 18; ++i) marbles.push_back(std::string(i < 8 ? "G" : "B") + edge[i]);
  return make_position(kTournament, {}, marbles);
}

// Corner a1 a2 b1 (W G B) is cut off except through the free ring b2, whose other neighbours
// are gone; corner g1 g2 (W B) hangs on the free ring f2. Player 2 to move, no capture.
//   tournament wg.o/bo.oo/...ooo/ooogobo/o.oooo/.o.oo/wb.o 4,6,7 0,0,0 0,0,0 2 turn 0
State two_corners() {
  return make_position(
      kTournament,
      rings_without(kTournament, {"a3", "b3", "c1", "c2", "c3", "e2", "f1", "f3", "g3"}),
      {"Wa1", "Ga2", "Bb1", "Wg1", "Bg2", "Gd4", "Bd6"}, 1);
}

// Bd1 Gd2 Wd4 Ge3 Gd6 Bb2 Wc2: d1 jumps to d3, then may go to d5 (and must go on to d7), to f3
// (the chain ends) or to b1 (and must go on to b3).
State chains() {
  return make_position(kTournament, rings_without(kTournament, {"a1", "a4", "g1", "g4"}),
                       {"Bd1", "Gd2", "Wd4", "Ge3", "Gd6", "Bb2", "Wc2"});
}

TEST(FreeRing, EveryEdgeRingIsFreeAtTheStart) {
  for (const Variant* v : Variant::all()) {
    State s(*v);
    const Board& b = s.board();
    Mask edge = 0;
    for (int c = 0; c < b.num_cells(); ++c) {
      for (int d = 0; d < kDirections; ++d) {
        if (b.neighbour(c, d) == kNoCell) edge |= bit(c);
      }
    }
    EXPECT_EQ(labels(b, s.free_rings()), labels(b, edge)) << v->name;
  }
  State s(kTournament);
  EXPECT_EQ(__builtin_popcountll(s.free_rings()), 18);
  EXPECT_TRUE(s.free_rings() & bit(cell(s, "a1")));  // corner
  EXPECT_TRUE(s.free_rings() & bit(cell(s, "a2")));  // side
  EXPECT_FALSE(s.free_rings() & bit(cell(s, "b2")));
}

TEST(FreeRing, InnerRingsAfterRemovals) {
  // b2's neighbours clockwise from up: b3 c3 c2 b1 a1 a2. b1 and a1 are adjacent directions.
  State s = make_position(kTournament, rings_without(kTournament, {"a1", "b1"}), {});
  EXPECT_TRUE(s.free_rings() & bit(cell(s, "b2")));
  // a1 and c2 are both gone but not next to each other: b2 is not free.
  s = make_position(kTournament, rings_without(kTournament, {"a1", "c2"}), {});
  EXPECT_FALSE(s.free_rings() & bit(cell(s, "b2")));
  // The centre d4 after d5 (up) and e4 (up-right) are removed; d4 holding a marble is not free.
  s = make_position(kTournament, rings_without(kTournament, {"d5", "e4"}), {});
  EXPECT_TRUE(s.free_rings() & bit(cell(s, "d4")));
  s = make_position(kTournament, rings_without(kTournament, {"d5", "e4"}), {"Wd4"});
  EXPECT_FALSE(s.free_rings() & bit(cell(s, "d4")));
}

TEST(FreeRing, TheRingJustFilledIsNotFree) {
  State s(kTournament);
  play(s, place(s, 'W', "a1"));
  EXPECT_EQ(s.phase(), Phase::kRemove);
  EXPECT_FALSE(s.is_legal(remove(s, "a1")));
  EXPECT_EQ(reference::engine_actions(s).size(), 17u);  // the other edge rings
  // Rings d3 d4 d5 with G on d5: filling d4 leaves only d3 to remove.
  s = make_position(kTournament, {"d3", "d4", "d5"}, {"Gd5"});
  play(s, place(s, 'W', "d4"));
  EXPECT_EQ(reference::engine_actions(s), std::vector<Action>{remove(s, "d3")});
}

TEST(FreeRing, NoneFreeMeansThePlacementEndsTheTurn) {
  State s = edge_filled();
  ASSERT_EQ(s.free_rings(), 0u);
  ASSERT_FALSE(s.has_capture());
  play(s, place(s, 'W', "d4"));
  EXPECT_EQ(s.phase(), Phase::kTurnStart);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(rings_left(s), 37);
  EXPECT_EQ(s.captured(0), (Counts{0, 0, 0}));
}

TEST(Capture, IsCompulsory) {
  State s = make_position(kTournament, {}, {"Wd4", "Gd5"});
  // d4 over d5 to d6, or d5 over d4 to d3; nothing else.
  std::vector<Action> want = {jump(s, "d4", "d6"), jump(s, "d5", "d3")};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(reference::engine_actions(s), want);
  EXPECT_FALSE(s.is_legal(place(s, 'W', "a1")));
  play(s, jump(s, "d4", "d6"));
  EXPECT_EQ(s.to_move(), 1);  // a capture turn places nothing and removes nothing
  EXPECT_EQ(s.captured(0), (Counts{0, 1, 0}));
  EXPECT_EQ(s.marble_at(cell(s, "d6")), kWhite);
  EXPECT_EQ(s.occupied(), bit(cell(s, "d6")));
  EXPECT_EQ(rings_left(s), 37);
}

TEST(Capture, TheSameMarbleMustJumpOn) {
  State s = make_position(kTournament, {}, {"Bd1", "Gd2", "Wd4", "Gd6"});
  play(s, jump(s, "d1", "d3"));
  EXPECT_EQ(s.phase(), Phase::kChain);
  EXPECT_EQ(s.focus(), cell(s, "d3"));
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(reference::engine_actions(s), std::vector<Action>{jump(s, "d3", "d5")});
  EXPECT_FALSE(s.is_legal(jump(s, "d4", "d2")));  // another marble's jump waits
  EXPECT_FALSE(s.is_legal(place(s, 'W', "a1")));
  play(s, jump(s, "d3", "d5"));
  play(s, jump(s, "d5", "d7"));
  EXPECT_EQ(s.phase(), Phase::kTurnStart);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.captured(0), (Counts{1, 2, 0}));
}

TEST(Capture, FreeChoiceBetweenBranches) {
  State s = chains();
  EXPECT_EQ(reference::engine_actions(s).size(), 5u);
  play(s, jump(s, "d1", "d3"));
  std::vector<Action> want = {jump(s, "d3", "d5"), jump(s, "d3", "f3"), jump(s, "d3", "b1")};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(reference::engine_actions(s), want);
  // The short branch ends the turn although longer chains exist.
  play(s, jump(s, "d3", "f3"));
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.captured(0), (Counts{0, 2, 0}));
  std::vector<std::string> turns;
  State start = chains();
  for (const Turn& t : legal_turns(start)) turns.push_back(format_turn(start, t));
  for (const char* t : {"x d1Gd3Gf3", "x d1Gd3Wd5Gd7", "x d1Gd3Wb1Bb3", "x d4Gf2"}) {
    EXPECT_NE(std::find(turns.begin(), turns.end(), t), turns.end()) << t;
  }
}

TEST(Isolation, ARemovalTakesTheFullGroup) {
  State s = two_corners();
  play(s, place(s, 'W', "a4"));
  play(s, remove(s, "f2"));
  EXPECT_EQ(s.captured(1), (Counts{1, 0, 1}));  // W g1 and B g2 go to the mover
  EXPECT_EQ(labels(s.board(), s.rings() & testing::cells(s.board(), {"f2", "g1", "g2"})),
            std::vector<std::string>{});
  EXPECT_EQ(s.occupied() & testing::cells(s.board(), {"g1", "g2"}), 0u);
  EXPECT_TRUE(s.rings() & bit(cell(s, "a1")));  // the other corner still hangs on b2
  EXPECT_EQ(s.to_move(), 0);
}

TEST(Isolation, FillingACutOffGroupTakesIt) {
  State s = two_corners();
  play(s, place(s, 'B', "b2"));                 // fills the last vacant ring of a1 a2 b1 b2
  EXPECT_TRUE(s.rings() & bit(cell(s, "a1")));  // still there until the turn ends
  play(s, remove(s, "d7"));
  EXPECT_EQ(s.captured(1), (Counts{1, 1, 2}));  // W a1, G a2, B b1 and the B just placed
  EXPECT_EQ(s.rings() & testing::cells(s.board(), {"a1", "a2", "b1", "b2"}), 0u);
  EXPECT_EQ(rings_left(s), 37 - 9 - 1 - 4);
}

TEST(Isolation, BothHalvesOfASplitBoardStayInPlay) {
  // Columns d and e removed: a-c (15 rings) and f-g (9 rings), both with vacant rings.
  std::vector<std::string> gone = {"d1", "d2", "d3", "d4", "d5", "d6", "d7",
                                   "e1", "e2", "e3", "e4", "e5", "e6"};
  State s = make_position(kTournament, rings_without(kTournament, gone), {"Gf2"});
  play(s, place(s, 'B', "f1"));  // placement on the smaller half
  play(s, remove(s, "g4"));      // removal there too
  EXPECT_EQ(rings_left(s), 37 - 13 - 1);
  EXPECT_EQ(s.captured(0), (Counts{0, 0, 0}));
  // The smaller half has a jump, which player 2 must take.
  EXPECT_EQ(reference::engine_actions(s), std::vector<Action>{jump(s, "f1", "f3")});
  play(s, jump(s, "f1", "f3"));
  EXPECT_EQ(s.captured(1), (Counts{0, 1, 0}));
}

TEST(FullBoard, TheMoverWinsWithoutAWinningSet) {
  State s = make_position(kTournament, {"d3", "d4", "d5"}, {"Wd3", "Gd5"});
  play(s, place(s, 'B', "d4"));  // no vacant ring is left anywhere
  EXPECT_EQ(s.rings(), 0u);
  EXPECT_EQ(s.captured(0), (Counts{1, 1, 1}));
  EXPECT_FALSE(reference::meets_winning_set(kTournament, s.captured(0)));
  EXPECT_EQ(s.outcome(), Outcome::kFirstWins);
  // The same with a removal: G on d5, W on d4, remove d3; player 2 moves this time.
  s = make_position(kTournament, {"d3", "d4", "d5"}, {"Gd5"}, 1);
  play(s, place(s, 'W', "d4"));
  play(s, remove(s, "d3"));
  EXPECT_EQ(s.rings(), 0u);
  EXPECT_EQ(s.outcome(), Outcome::kSecondWins);
  EXPECT_EQ(s.result_for(1), 1);
}

TEST(Placement, EmptyPoolThenOwnStock) {
  // Pool empty; player 1 holds G and B only, player 2 holds W G B.
  State s = with_stocks(
      make_position(kTournament, {}, {"Wa1", "Wa4", "Wd7", "Gd1", "Gg1", "Bg4", "Bd4", "Bb3"}),
      {0, 4, 2}, {3, 2, 5});
  ASSERT_TRUE(s.pool_empty());
  std::vector<Action> actions = reference::engine_actions(s);
  EXPECT_EQ(actions.size(), 2u * 29);  // G or B on each of the 29 vacant rings
  EXPECT_FALSE(s.is_legal(place(s, 'W', "e2")));
  play(s, place(s, 'G', "e2"));
  EXPECT_EQ(s.captured(0), (Counts{0, 3, 2}));
  EXPECT_EQ(s.pool(), (Counts{0, 0, 0}));
  play(s, remove(s, "g2"));
  EXPECT_TRUE(s.is_legal(place(s, 'W', "c3")));  // player 2 places from their own stock
  play(s, place(s, 'W', "c3"));
  EXPECT_EQ(s.captured(1), (Counts{2, 2, 5}));
  // While any marble is left in the pool, only the pool counts: one B left, player 1 holds G B.
  s = with_stocks(
      make_position(kTournament, {}, {"Wa1", "Wa4", "Wd7", "Gd1", "Gg1", "Bg4", "Bd4", "Bb3"}),
      {0, 4, 2}, {3, 2, 4});
  ASSERT_EQ(s.pool(), (Counts{0, 0, 1}));
  EXPECT_EQ(reference::engine_actions(s).size(), 29u);
  for (Action a : reference::engine_actions(s)) EXPECT_EQ(a.colour(), kBlack);
}

TEST(Pass, OnlyWhenNothingElseAndTwoPassesDraw) {
  EXPECT_FALSE(State(kTournament).is_legal(Action::pass()));
  // Every marble is on the board, none can jump (see the repetition test for the shape).
  State s = parse_position_string(
      "tournament-61 ...../....../g.....g/wwwwwggg/g..bow..g/gbbbbbbb/b.....b/....../..... "
      "0,0,0 0,0,0 0,0,0 1 turn 0");
  EXPECT_EQ(reference::engine_actions(s), std::vector<Action>{Action::pass()});
  play(s, Action::pass());
  EXPECT_EQ(s.consecutive_passes(), 1);
  EXPECT_FALSE(s.is_terminal());
  play(s, Action::pass());
  EXPECT_EQ(s.outcome(), Outcome::kDraw);
  EXPECT_TRUE(reference::engine_actions(s).empty());
}

TEST(Repetition, TheThirdOccurrenceIsADraw) {
  // 61 rings. Black on e4, vacant e5 e6 in a column whose other rings are gone; every ring
  // around them holds a marble, so no vacant ring is free and only e4/e6 can jump. Pool empty,
  // player 1 holds one W, player 2 nothing. The loop: 1 places W e5, 2 jumps e4-e6, 1 passes,
  // 2 places W e5, 1 jumps e6-e4, 2 passes: back where it started.
  const std::string start =
      "tournament-61 ...../....../g.....g/wwwwwggg/g..boo..g/gbbbbbbb/b.....b/....../..... "
      "0,0,0 1,0,0 0,0,0 1 turn 1";
  Game game(parse_position_string(start));
  const State& s = game.state();
  std::map<std::string, int> seen = {{start, 1}};
  const std::vector<std::pair<std::string, std::string>> loop = {
      {"place", "e5"}, {"jump", "e4-e6"}, {"pass", ""},
      {"place", "e5"}, {"jump", "e6-e4"}, {"pass", ""}};
  for (int turn = 0; turn < 12; ++turn) {
    const auto& [kind, where] = loop[turn % loop.size()];
    Action a = kind == "place"  ? place(s, 'W', where)
               : kind == "jump" ? jump(s, where.substr(0, 2), where.substr(3))
                                : Action::pass();
    ASSERT_TRUE(s.is_legal(a)) << "turn " << turn << ": " << to_position_string(s);
    if (kind != "place") {  // jumps and passes are forced
      ASSERT_EQ(reference::engine_actions(s), std::vector<Action>{a}) << "turn " << turn;
    }
    ASSERT_FALSE(game.is_terminal());
    game.apply(a);
    int count = ++seen[to_position_string(s)];
    EXPECT_EQ(game.ended_by_repetition(), count >= 3) << "turn " << turn;
  }
  EXPECT_EQ(seen[start], 3);
  EXPECT_EQ(game.outcome(), Outcome::kDraw);
  EXPECT_FALSE(game.state().is_terminal());  // the state alone does not know its history
}

// docs/rules.md's table, written out independently of Variant.
struct WinningSets {
  const Variant* variant;
  Counts single;
  int each;
};

TEST(Win, EveryWinningSetOfEveryVariant) {
  const WinningSets table[] = {{&Variant::basic(), {3, 4, 5}, 2},
                               {&Variant::tournament(), {4, 5, 6}, 3},
                               {&Variant::tournament48(), {4, 5, 6}, 3},
                               {&Variant::tournament61(), {4, 5, 6}, 3}};
  // Player 1 jumps d3 over a marble of `taken` on d4, holding `stock` before.
  auto wins_after_capture = [](const Variant& v, int taken, const Counts& stock) {
    char jumper = taken == kBlack ? 'W' : 'B';
    State s = with_stocks(
        make_position(v, {}, {std::string(1, jumper) + "d3", std::string(1, "WGB"[taken]) + "d4"}),
        stock, {0, 0, 0});
    s.apply(jump(s, "d3", "d5"));
    EXPECT_EQ(s.to_move(), 1);
    return s.outcome() == Outcome::kFirstWins;
  };
  for (const WinningSets& w : table) {
    SCOPED_TRACE(w.variant->name);
    for (int c = 0; c < kColours; ++c) {
      Counts stock{0, 0, 0};
      stock[c] = w.single[c] - 1;
      EXPECT_TRUE(wins_after_capture(*w.variant, c, stock)) << "single colour " << c;
      stock[c] = w.single[c] - 2;
      EXPECT_FALSE(wins_after_capture(*w.variant, c, stock)) << "one short, colour " << c;
      Counts each{w.each, w.each, w.each};
      each[c] = w.each - 1;
      EXPECT_TRUE(wins_after_capture(*w.variant, c, each)) << "each colour, last " << c;
      each[c] = w.each - 2;
      EXPECT_FALSE(wins_after_capture(*w.variant, c, each)) << "each colour, one short " << c;
    }
  }
}

TEST(Win, DecidedAtTheEndOfTheTurn) {
  // Player 1 holds 3 W; the chain d1-d3 (W) reaches 4 W, but must go on over d4.
  State s = with_stocks(make_position(kTournament, {}, {"Bd1", "Wd2", "Gd4"}), {3, 0, 0}, {});
  play(s, jump(s, "d1", "d3"));
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(s.phase(), Phase::kChain);
  play(s, jump(s, "d3", "d5"));
  EXPECT_EQ(s.outcome(), Outcome::kFirstWins);
  // Isolation completes a set too: player 2 holds 3 W and takes W g1 and B g2.
  s = with_stocks(two_corners(), {}, {3, 0, 0});
  play(s, place(s, 'G', "a4"));
  play(s, remove(s, "f2"));
  EXPECT_EQ(s.outcome(), Outcome::kSecondWins);
}

TEST(Hash, EqualsComputeHashAfterEveryApply) {
  std::vector<State> roots = {chains(), two_corners(), edge_filled()};
  for (const Variant* v : Variant::all()) roots.push_back(State(*v));
  for (const State& root : roots) {
    for (Action a : reference::engine_actions(root)) {
      State s = root;
      s.apply(a);
      ASSERT_EQ(s.hash(), s.compute_hash()) << a.to_string(s.board());
      for (Action b : reference::engine_actions(s)) {
        State t = s;
        t.apply(b);
        ASSERT_EQ(t.hash(), t.compute_hash())
            << to_position_string(s) << " " << b.to_string(s.board());
      }
    }
  }
}

TEST(IsLegal, RejectsIllegalActions) {
  State s = two_corners();
  EXPECT_FALSE(s.is_legal(place(s, 'W', "a3")));  // no ring
  EXPECT_FALSE(s.is_legal(place(s, 'W', "a1")));  // occupied
  EXPECT_FALSE(s.is_legal(remove(s, "b2")));      // removal before placing
  EXPECT_FALSE(s.is_legal(Action::pass()));
  EXPECT_FALSE(s.is_legal(Action::jump(cell(s, "d4"), 0)));
  play(s, place(s, 'W', "a4"));
  EXPECT_FALSE(s.is_legal(remove(s, "d4")));  // holds a marble
  EXPECT_FALSE(s.is_legal(remove(s, "d5")));  // vacant, not free
  EXPECT_FALSE(s.is_legal(place(s, 'W', "d5")));
  s = make_position(kTournament, {}, {"Wd4"});
  s.set_pool({0, 8, 9});
  s.set_captured(0, {3, 0, 0});
  s.set_captured(1, {2, 0, 1});
  s.finish_setup();
  EXPECT_FALSE(s.is_legal(place(s, 'W', "a1")));  // no W in the pool
  s = chains();
  play(s, jump(s, "d1", "d3"));
  EXPECT_FALSE(s.is_legal(jump(s, "d4", "f2")));  // not the chaining marble
  State over = make_position(kTournament, {"d3", "d4", "d5"}, {"Wd3", "Gd5"});
  over.apply(place(over, 'B', "d4"));
  ASSERT_TRUE(over.is_terminal());
  for (int code = 0; code < (Action::kPassTag << 6) + 1; ++code) {
    EXPECT_FALSE(over.is_legal(Action::from_code(static_cast<std::uint16_t>(code))));
  }
}

}  // namespace
}  // namespace zertz
