// The engine protocol against baseline players (no network): exact answers to every command
// and every error, and legal genmove answers on every variant.
#include "frontends/engine.h"

#include <gtest/gtest.h>

#include <sstream>

#include "core/position.h"
#include "core/turn.h"

namespace zertz::frontends {
namespace {

constexpr const char* kStart =
    "tournament oooo/ooooo/oooooo/ooooooo/oooooo/ooooo/oooo 6,8,10 0,0,0 0,0,0 1 turn 0";

class EngineTest : public ::testing::Test {
 protected:
  // Feeds `input` through Engine::run and returns everything it wrote.
  std::string transcript(const std::string& input, const std::string& model = "random") {
    Engine engine(DriverOptions{model, 30, 1, 1}, Variant::tournament());
    std::istringstream in(input);
    std::ostringstream out;
    engine.run(in, out);
    return out.str();
  }
};

TEST_F(EngineTest, IdentityCommands) {
  EXPECT_EQ(transcript("protocol_version\nname\nversion\n"), "= 1\n\n= zertz-zero\n\n= 0.1\n\n");
  EXPECT_EQ(transcript("list_commands\n"),
            "= analyze\ngenmove\nlegal\nlist_commands\nname\nnewgame\nplay\nposition\n"
            "protocol_version\nquit\nresult\nshowboard\nundo\nversion\n\n");
}

TEST_F(EngineTest, IdsAreEchoedOnAnswersAndErrors) {
  EXPECT_EQ(transcript("42 name\n7 frobnicate\n"),
            "=42 zertz-zero\n\n?7 unknown command 'frobnicate' (see list_commands)\n\n");
}

TEST_F(EngineTest, BlankLinesAndCommentsGetNoAnswer) {
  EXPECT_EQ(transcript("\n   \n# a comment\nname\r\n"), "= zertz-zero\n\n");
}

TEST_F(EngineTest, MalformedLines) {
  EXPECT_EQ(transcript("12name\n"), "? malformed line: an id must be followed by a space\n\n");
  EXPECT_EQ(transcript("12\n"), "?12 malformed line: expected a command after the id\n\n");
  EXPECT_EQ(transcript("name\x01\n"), "? malformed line: control character in the input\n\n");
  EXPECT_EQ(transcript("name now\n"), "? name: takes no arguments, found 'now'\n\n");
}

TEST_F(EngineTest, AMegabyteLineIsRefusedAndTheNextOneAnswered) {
  std::string input = "name " + std::string(1 << 20, 'x') + "\nname\n";
  EXPECT_EQ(transcript(input), "? malformed line: longer than 65536 bytes\n\n= zertz-zero\n\n");
  std::string longest = "1 name" + std::string(Engine::kMaxLineBytes - 6, ' ') + "\n";
  EXPECT_EQ(transcript(longest), "=1 zertz-zero\n\n") << "a line of the limit is kept";
}

TEST_F(EngineTest, ALastLineWithoutNewlineIsAnswered) {
  EXPECT_EQ(transcript("name\nprotocol_vers"),
            "= zertz-zero\n\n? unknown command 'protocol_vers' (see list_commands)\n\n");
}

TEST_F(EngineTest, PlayLegalUndoResult) {
  EXPECT_EQ(transcript("play Wd4,a1\nresult\nundo\nundo\n"),
            "=\n\n= *\n\n=\n\n? undo: no turn to undo\n\n");
  std::string legal = transcript("legal\n");
  EXPECT_EQ(legal.substr(0, 8), "= Wa1,a2");
  // 1,944 turns from the start (perft 1), one per line, then the blank line.
  EXPECT_EQ(std::count(legal.begin(), legal.end(), '\n'), 1944 + 1);
}

TEST_F(EngineTest, PlayErrorsLeaveTheStateUnchanged) {
  EXPECT_EQ(transcript("play\nplay Wd4,b2\nplay Qd4\nplay Wd4,a1 x\nshowboard\n"),
            "? play: expected a turn in GIPF notation (like Wd4,b2)\n\n"
            "? play: in turn 'Wd4,b2': remove b2 is illegal: b2 is not a free ring\n\n"
            "? play: in turn 'Qd4': expected a marble colour W, G or B at column 1, found 'Qd4'\n\n"
            "? play: in turn 'Wd4,a1 x': expected a marble colour W, G or B at column 9, found "
            "the end of the turn\n\n" +
                transcript("showboard\n"));
}

TEST_F(EngineTest, ShowboardDrawsThePosition) {
  std::string board = transcript("showboard\n");
  EXPECT_EQ(board.substr(0, 2 + std::string(kStart).size() + 1), "= " + std::string(kStart) + "\n");
  EXPECT_NE(board.find(" a1      c2      e2      g1\n"), std::string::npos);
  EXPECT_NE(board.find("player 1  W 0  G 0  B 0   <- to move\n"), std::string::npos);
  EXPECT_EQ(board.substr(board.size() - 2), "\n\n");
}

TEST_F(EngineTest, NewgameAndPosition) {
  EXPECT_EQ(transcript("newgame basic\nshowboard\n").substr(0, 22), "=\n\n= basic oooo/ooooo/");
  EXPECT_EQ(transcript("newgame hex\nnewgame basic tournament\n"),
            "? newgame: unknown variant 'hex' (basic, tournament, tournament-48, tournament-61)\n\n"
            "? newgame: expected at most one variant, found 'basic tournament'\n\n");
  std::string position =
      "tournament-61 ooooo/oooooo/ooooooo/oooooooo/ooooooooo/oooooooo/ooooooo/"
      "oooooo/ooooo 6,8,10 0,0,0 0,0,0 2 turn 0";
  EXPECT_EQ(transcript("position " + position + "\nshowboard\n").substr(0, 5 + position.size()),
            "=\n\n= " + position);
  EXPECT_EQ(
      transcript("position\nposition tournament xooo\n"
                 "position tournament oooo/ooooo/oooooo/ooowooo/oooooo/ooooo/oooo 5,8,10 0,0,0 "
                 "0,0,0 1 remove 0\n"),
      "? position: expected a position string\n\n"
      "? position: position string: expected 8 fields separated by spaces, found 2\n\n"
      "? position: the position is in the middle of a turn; give one at the start of a "
      "turn\n\n");
}

TEST_F(EngineTest, GenmoveAndAnalyzeArguments) {
  EXPECT_EQ(transcript("genmove visits 10\ngenmove time 5\ngenmove visits\ngenmove visits -3\n"
                       "genmove depth 3\nanalyze time 10\n"),
            "? genmove: the baseline random plays at its own strength: visits and time need a "
            "network model\n\n"
            "? genmove: the baseline random plays at its own strength: visits and time need a "
            "network model\n\n"
            "? genmove: expected nothing or 'visits N' or 'time MS', found 'visits'\n\n"
            "? genmove: expected a positive whole number for visits, found '-3'\n\n"
            "? genmove: expected nothing or 'visits N' or 'time MS', found 'depth'\n\n"
            "? analyze: expected nothing or 'visits N', found 'time'\n\n");
}

TEST_F(EngineTest, GenmovePlaysTheTurnItReturns) {
  std::string out = transcript("genmove\nshowboard\n");
  ASSERT_EQ(out.substr(0, 2), "= ");
  std::string turn = out.substr(2, out.find('\n') - 2);
  State state(Variant::tournament());
  apply_turn(state, parse_turn(state, turn));
  EXPECT_NE(out.find("= " + to_position_string(state) + "\n"), std::string::npos);
}

TEST_F(EngineTest, AnalyzeListsCandidatesWithValuesAndVariations) {
  std::string out = transcript("analyze visits 300\n");
  std::istringstream lines(out);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line.substr(0, 18), "= visits 300 value");
  int candidates = 0;
  while (std::getline(lines, line) && !line.empty()) {
    ++candidates;
    EXPECT_EQ(line.substr(0, 7), "visits ") << line;
    std::size_t turn = line.find(" turn "), pv = line.find(" pv ");
    ASSERT_NE(turn, std::string::npos) << line;
    ASSERT_NE(pv, std::string::npos) << line;
    // The principal variation starts with the candidate, and each is legal.
    std::string text = line.substr(turn + 6, pv - turn - 6);
    EXPECT_EQ(line.substr(pv + 4, text.size()), text);
    State state(Variant::tournament());
    EXPECT_NO_THROW(parse_turn(state, text)) << text;
  }
  EXPECT_EQ(candidates, 10);
}

TEST_F(EngineTest, GameOverIsReported) {
  // Player 1 has three of each colour: the game ended with their last turn.
  std::string finished =
      "basic ..../...../....../......./....../...../.... 2,4,6 3,3,3 0,0,0 2 turn 0";
  EXPECT_EQ(
      transcript("position " + finished + "\nresult\ngenmove\nanalyze\nplay Wd4\nlegal\n"),
      "=\n\n= 1-0\n\n? genmove: the game is over (1-0)\n\n? analyze: the game is over (1-0)\n\n"
      "? play: the game is over (1-0)\n\n=\n\n");
}

TEST_F(EngineTest, QuitEndsTheSession) {
  EXPECT_EQ(transcript("quit\nname\n"), "=\n\n");
}

TEST_F(EngineTest, BaselinesGenmoveLegalTurnsOnEveryVariant) {
  for (const Variant* variant : Variant::all()) {
    for (const char* model : {"random", "greedy", "rollout:20"}) {
      Engine engine(DriverOptions{model, 30, 1, 3}, *variant);
      State state(*variant);
      for (int turn = 0; turn < 6; ++turn) {
        std::string out = engine.answer("genmove");
        ASSERT_EQ(out.substr(0, 2), "= ") << variant->name << " " << model << ": " << out;
        std::string text = out.substr(2, out.size() - 4);
        ASSERT_NO_THROW(apply_turn(state, parse_turn(state, text))) << variant->name << " " << text;
      }
      EXPECT_EQ(engine.answer("showboard").substr(2, to_position_string(state).size()),
                to_position_string(state));
    }
  }
}

}  // namespace
}  // namespace zertz::frontends
