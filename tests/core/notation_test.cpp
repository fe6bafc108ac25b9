// Text formats of docs/rules.md and docs/formats.md: GIPF turn notation (core/turn.h) and position
// strings (core/position.h), with the errors they raise on bad input.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/position.h"
#include "core/random.h"
#include "core/turn.h"
#include "tests/core/test_positions.h"

namespace zertz {
namespace {

// All rings but a1 and b1, so that b2 is free.
const char* kB2Free =
    "tournament .ooo/.oooo/oooooo/ooooooo/oooooo/ooooo/oooo 6,8,10 0,0,0 0,0,0 1 turn 0";
// The 18 edge rings hold marbles: no vacant ring is free, nothing can jump.
const char* kEdgeFilled =
    "tournament gggg/gooog/goooog/booooob/boooob/booob/bbbb 6,0,0 0,0,0 0,0,0 1 turn 0";
// Be3 Wf3: e3 jumps over f3 to g3 (or f3 over e3 to d3).
const char* kOneJump =
    "tournament oooo/ooooo/oooooo/ooooooo/oobooo/oowoo/oooo 5,8,9 0,0,0 0,0,0 1 turn 0";
// Bd1 Gd2 Wd4: d1 jumps to d3 and must go on to d5.
const char* kChain =
    "tournament oooo/ooooo/oooooo/bgowooo/oooooo/ooooo/oooo 5,7,9 0,0,0 0,0,0 1 turn 0";
// Two corners hanging on free rings: W a1, G a2, B b1 on b2; W g1, B g2 on f2 (rules_test).
const char* kCorners =
    "tournament wg.o/bo.oo/...ooo/ooogobo/o.oooo/.o.oo/wb.o 4,6,7 0,0,0 0,0,0 2 turn 0";
// Every marble on the board, none can jump: the only action is a pass.
const char* kPassOnly =
    "tournament-61 ...../....../g.....g/wwwwwggg/g..bow..g/gbbbbbbb/b.....b/....../..... "
    "0,0,0 0,0,0 0,0,0 1 turn 0";

Action act(const State& s, const std::string& text) {
  // "place W d4", "remove b2", "jump d1 to d3", "pass": the readable forms of Action.
  for (int code = 0; code <= (Action::kPassTag << 6); ++code) {
    Action a = Action::from_code(static_cast<std::uint16_t>(code));
    bool exists =
        a.kind() == ActionKind::kPass ||
        (a.cell() < s.board().num_cells() &&
         (a.kind() != ActionKind::kJump || s.board().landing(a.cell(), a.direction()) != kNoCell));
    if (exists && a.to_string(s.board()) == text) return a;
  }
  ADD_FAILURE() << "no action reads '" << text << "'";
  return Action::pass();
}

// Parses `text`, checks the actions, and formats them back to `formatted`.
void round_trip(const char* position, const std::string& text,
                const std::vector<std::string>& actions, const std::string& formatted) {
  State s = parse_position_string(position);
  Turn turn = parse_turn(s, text);
  Turn want;
  for (const std::string& a : actions) want.actions.push_back(act(s, a));
  EXPECT_EQ(turn, want) << text;
  EXPECT_EQ(format_turn(s, turn), formatted);
}

// parse_turn must throw InputError whose message contains every piece of `expected`.
void refused(const char* position, const std::string& text,
             const std::vector<std::string>& expected) {
  State s = parse_position_string(position);
  try {
    parse_turn(s, text);
    ADD_FAILURE() << "'" << text << "' was accepted";
  } catch (const InputError& e) {
    for (const std::string& piece : expected) {
      EXPECT_NE(std::string(e.what()).find(piece), std::string::npos)
          << "'" << text << "': message '" << e.what() << "' lacks '" << piece << "'";
    }
  }
}

TEST(Notation, PlaceAndRemove) {
  round_trip(kB2Free, "Wd4,b2", {"place W d4", "remove b2"}, "Wd4,b2");
  round_trip(kB2Free, "gd4, B2", {"place G d4", "remove b2"}, "Gd4,b2");  // lenient on input
  round_trip(kEdgeFilled, "Wd4", {"place W d4"}, "Wd4");                  // no ring free
}

TEST(Notation, CapturesAndChains) {
  round_trip(kOneJump, "x e3Wg3", {"jump e3 to g3"}, "x e3Wg3");
  round_trip(kChain, "x d1Gd3Wd5", {"jump d1 to d3", "jump d3 to d5"}, "x d1Gd3Wd5");
}

// Found by the notation fuzzer: a newline inside the text made a two-line message.
TEST(Notation, AControlCharacterIsRefusedAndTheMessageStaysOneLine) {
  refused(kB2Free, "Wd4,b\n2", {"in turn 'Wd4,b\\x0a2': a control character at column 6"});
  refused(kB2Free, "Wd4\x7f", {"'Wd4\\x7f'"});
}

TEST(Notation, Pass) {
  round_trip(kPassOnly, "-", {"pass"}, "-");
}

TEST(Notation, IsolationSuffix) {
  round_trip(kCorners, "Wa4,b2 x Wa1Ga2Bb1", {"place W a4", "remove b2"}, "Wa4,b2 x Wa1Ga2Bb1");
  round_trip(kCorners, "Wa4,b2", {"place W a4", "remove b2"}, "Wa4,b2 x Wa1Ga2Bb1");
  round_trip(kCorners, "Wa4,f2 x Wg1Bg2", {"place W a4", "remove f2"}, "Wa4,f2 x Wg1Bg2");
  refused(kCorners, "Wa4,b2 x Wa1", {"isolated marbles are 'Wa1Ga2Bb1'"});
  refused(kCorners, "Wa4,d1 x Wa1", {"isolated marbles are none"});
}

TEST(Notation, IsolationSuffixListsThePlacedMarbleItFills) {
  // B on b2 fills the cut-off group a1 a2 b1 b2: the mover wins all four marbles by isolation
  // (docs/rules.md), so the suffix, which lists the marbles won by isolation, names B b2 too.
  State s = parse_position_string(kCorners);
  Turn turn{{act(s, "place B b2"), act(s, "remove d7")}};
  State after = s;
  apply_turn(after, turn);
  ASSERT_EQ(after.captured(1), (Counts{1, 1, 2}));
  std::string text = format_turn(s, turn);
  ASSERT_EQ(text.substr(0, 9), "Bb2,d7 x ");
  std::set<std::string> listed;
  for (std::size_t i = 9; i + 3 <= text.size(); i += 3) listed.insert(text.substr(i, 3));
  EXPECT_EQ(listed, (std::set<std::string>{"Wa1", "Ga2", "Bb1", "Bb2"})) << text;
  EXPECT_NO_THROW(parse_turn(s, "Bb2,d7 x Wa1Ga2Bb1Bb2"));
}

TEST(Notation, MalformedTurnsNameWhatWasExpected) {
  State start(Variant::tournament());
  std::string start_text = to_position_string(start);
  const char* st = start_text.c_str();
  refused(st, "Qd4,a1", {"expected a marble colour W, G or B", "column 1", "'Qd4,a1'"});
  refused(st, "Wz9,a1", {"expected a cell of this board", "found 'z9,a1'"});
  refused(st, "Wd4", {"expected ',' and a free ring to remove", "the end of the turn"});
  refused(st, "Wd4,a", {"expected a cell of this board"});
  refused(st, "Wd4,a1 junk", {"expected the end of the turn", "'junk'"});
  refused(st, "", {"expected a marble colour"});
  refused(kPassOnly, "- x", {"expected nothing after a pass"});
  refused(kChain, "x d1", {"expected a marble colour"});
  refused(kChain, "x d1Gd3Wd5 Gd7", {"the end of the turn (the chain has stopped)"});
}

TEST(Notation, IllegalTurnsSayWhy) {
  State start(Variant::tournament());
  std::string start_text = to_position_string(start);
  const char* st = start_text.c_str();
  refused(st, "Wd4,d5", {"remove d5 is illegal", "d5 is not a free ring"});
  refused(kEdgeFilled, "Wd4,a1", {"no ring is free after this placement"});
  refused(kEdgeFilled, "Wa1", {"a1 is occupied"});
  refused(kEdgeFilled, "-", {"a pass is allowed only when no capture or placement is possible"});
  refused(kOneJump, "Wa1,a2", {"a capture is compulsory"});
  refused(kChain, "x d1Gd3", {"the chain must go on from d3"});
  refused(kChain, "x d1Gd4", {"d1 to d4 is not a jump over one ring along a line"});
  refused(kChain, "x d1Wd3Wd5", {"the marble on d2 is G, not W"});
  refused(kChain, "x d4Gd2", {"no jump from d4 in that direction"});
  // No W left in the pool (the stocks hold 2 and 3, the board one).
  refused("tournament oooo/ooooo/oooooo/oooooow/oooooo/ooooo/oooo 0,8,10 2,0,0 3,0,0 1 turn 0",
          "Wd4,a1", {"no W marble is left in the pool"});
  State mid = start;
  mid.apply(Action::place(kWhite, *mid.board().parse_cell("d4")));
  std::string mid_text = to_position_string(mid);
  refused(mid_text.c_str(), "Wa1,a2", {"in the middle of a turn"});
}

// Position strings -------------------------------------------------------------------------

TEST(Notation, ActionsSplitIntoTheTurnsTheyMake) {
  for (const Variant* v : Variant::all()) {
    Rng rng(17);
    State state(*v), start(*v);
    std::vector<Action> actions;
    std::vector<std::string> texts;
    while (!state.is_terminal()) {
      std::vector<Turn> turns = legal_turns(state);
      const Turn& turn = turns[rng.below(static_cast<std::uint32_t>(turns.size()))];
      texts.push_back(format_turn(state, turn));
      actions.insert(actions.end(), turn.actions.begin(), turn.actions.end());
      apply_turn(state, turn);
    }
    EXPECT_EQ(turns_in_notation(start, actions), texts) << v->name;
    // Without its last action the last turn is unfinished (or gone): it is left out.
    std::vector<Action> cut(actions.begin(), actions.end() - 1);
    std::vector<std::string> expected(texts.begin(), texts.end() - 1);
    EXPECT_EQ(turns_in_notation(start, cut), expected) << v->name;
  }
}

TEST(PositionString, RoundTrips) {
  std::vector<std::string> texts = {kB2Free, kEdgeFilled, kOneJump, kChain, kCorners, kPassOnly};
  texts.push_back(
      "tournament wg.o/bo.oo/...ooo/oowgobo/o.oooo/.o.oo/wb.o 3,6,7 0,0,0 0,0,0 2 remove 0");
  texts.push_back(
      "tournament oooo/ooooo/oooooo/oobwooo/oooooo/ooooo/oooo 5,7,9 0,1,0 0,0,0 1 jump:d3 0");
  for (const Variant* v : Variant::all()) texts.push_back(to_position_string(State(*v)));
  for (const std::string& text : texts) {
    State s = parse_position_string(text);
    EXPECT_EQ(to_position_string(s), text);
    EXPECT_EQ(parse_position_string(to_position_string(s)), s) << text;
    EXPECT_EQ(s.hash(), s.compute_hash());
  }
  for (const Variant* v : Variant::all()) {
    for (const State& s : testing::random_states(*v, 3, 99)) {
      ASSERT_EQ(parse_position_string(to_position_string(s)), s) << to_position_string(s);
    }
  }
}

TEST(PositionString, FinishedGamesNeedNoExtraField) {
  // Player 1 just moved (player 2 to move) and holds 4 W: player 1 has won.
  State s = parse_position_string(
      "tournament oooo/ooooo/oooooo/ooooooo/oooooo/ooooo/oooo 2,8,10 4,0,0 0,0,0 2 turn 0");
  EXPECT_EQ(s.outcome(), Outcome::kFirstWins);
  s = parse_position_string(kPassOnly);
  EXPECT_FALSE(s.is_terminal());
  std::string drawn = kPassOnly;
  drawn.back() = '2';
  EXPECT_EQ(parse_position_string(drawn).outcome(), Outcome::kDraw);
}

void bad_position(const std::string& text, const std::vector<std::string>& expected) {
  try {
    parse_position_string(text);
    ADD_FAILURE() << "'" << text << "' was accepted";
  } catch (const InputError& e) {
    for (const std::string& piece : expected) {
      EXPECT_NE(std::string(e.what()).find(piece), std::string::npos)
          << "'" << text << "': message '" << e.what() << "' lacks '" << piece << "'";
    }
  }
}

TEST(PositionString, MalformedStringsNameTheField) {
  const std::string board = "oooo/ooooo/oooooo/ooooooo/oooooo/ooooo/oooo";
  const std::string tail = " 6,8,10 0,0,0 0,0,0 1 turn 0";
  bad_position("tournament " + board + " 6,8,10", {"expected 8 fields", "found 3"});
  bad_position("", {"expected 8 fields", "found 0"});
  bad_position("hex " + board + tail, {"field 1", "basic, tournament", "'hex'"});
  bad_position("tournament xooo/ooooo/oooooo/ooooooo/oooooo/ooooo/oooo" + tail,
               {"field 2", "for cell a1"});
  bad_position("tournament ooo/ooooo/oooooo/ooooooo/oooooo/ooooo/oooo" + tail,
               {"field 2", "for cell a4"});
  bad_position("tournament " + board + "/o" + tail, {"field 2", "exactly 7 columns"});
  bad_position("tournament " + board + " 6,8 0,0,0 0,0,0 1 turn 0", {"field 3", "W,G,B"});
  bad_position("tournament " + board + " 6,8,10 a,0,0 0,0,0 1 turn 0", {"field 4"});
  bad_position("tournament " + board + " 6,8,10 0,0,0 0,0,-1 1 turn 0", {"field 5"});
  bad_position("tournament " + board + " 6,8,9 0,0,0 0,0,0 1 turn 0",
               {"B marbles add up to 9", "expected 10"});
  bad_position("tournament wooo/ooooo/oooooo/ooooooo/oooooo/ooooo/oooo" + tail,
               {"W marbles add up to 7"});
  bad_position("tournament " + board + " 6,8,10 0,0,0 0,0,0 3 turn 0", {"field 6", "1 or 2"});
  bad_position("tournament " + board + " 6,8,10 0,0,0 0,0,0 1 dance 0", {"field 7"});
  bad_position("tournament " + board + " 6,8,10 0,0,0 0,0,0 1 turn 3", {"field 8"});
}

TEST(PositionString, ImpossiblePhasesNameTheField) {
  // 'remove' needs a free ring; the edge-filled board has none.
  bad_position(
      "tournament gggg/gooog/goooog/booooob/boooob/booob/bbbb 6,0,0 0,0,0 0,0,0 1 remove 0",
      {"field 7", "'remove' only after a placement, with a ring free"});
  // ... and follows a placement, so a marble stands on the board.
  bad_position(
      "tournament oooo/ooooo/oooooo/ooooooo/oooooo/ooooo/oooo 6,8,10 0,0,0 0,0,0 1 remove 0",
      {"field 7", "'remove' only after a placement"});
  // 'jump:CELL' needs a marble on CELL that can jump.
  const std::string chain =
      "tournament oooo/ooooo/oooooo/bgowooo/oooooo/ooooo/oooo 5,7,9 0,0,0 0,0,0 1 ";
  bad_position(chain + "jump:d4 0", {"field 7", "where that marble can jump"});
  bad_position(chain + "jump:d5 0", {"field 7", "where that marble can jump"});  // no marble
  bad_position(chain + "jump:z9 0", {"field 7", "a cell of this board"});
  // After d1 jumped over G d2 to d3, the chain goes on over d4: that is possible.
  EXPECT_NO_THROW(parse_position_string(
      "tournament oooo/ooooo/oooooo/oobwooo/oooooo/ooooo/oooo 5,7,9 0,1,0 0,0,0 1 jump:d3 0"));
  // A chain goes on only after a first jump, which captured a marble for the mover.
  bad_position(chain + "jump:d1 0", {"field 7", "only after the mover has captured"});
  // Passes are only counted at the start of a turn.
  bad_position(
      "tournament oooo/ooooo/oooooo/bgowooo/oooooo/ooooo/oooo 5,6,9 0,1,0 0,0,0 1 jump:d1 1",
      {"field 8", "0 passes in the middle of a turn"});
}

}  // namespace
}  // namespace zertz
