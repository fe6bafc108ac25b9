// `zertz play`'s loop on streams: turns whole or step by step, the commands, and one-line
// answers to mistakes.
#include "frontends/terminal_game.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <sstream>

#include "core/atomic_file.h"
#include "core/record.h"
#include "core/replay.h"
#include "tests/scratch.h"

namespace zertz::frontends {
namespace {

struct Played {
  std::string output;
  GameSession session{Variant::tournament()};
};

// Plays the lines of `input` as the person (player 1 unless `human` says otherwise) against
// the random baseline.
Played play(const std::string& input, int human = 0) {
  SearchDriver driver(DriverOptions{"random", 30, 1, 5}, Variant::tournament());
  Played played;
  std::istringstream in(input);
  std::ostringstream out;
  TerminalGame(driver, played.session, TerminalGameOptions{human, false}, in, out).run();
  played.output = out.str();
  return played;
}

TEST(TerminalGame, WholeTurnsAndStepsAreBothAccepted) {
  Played whole = play("Wd4,a1\nquit\n");
  ASSERT_EQ(whole.session.turns_played(), 2);  // the person's and the computer's reply
  EXPECT_EQ(whole.session.turn_texts()[0], "Wd4,a1");
  EXPECT_NE(whole.output.find("random plays " + whole.session.turn_texts()[1]), std::string::npos);

  Played steps = play("wD4\na1\nquit\n");
  ASSERT_EQ(steps.session.turns_played(), 2);
  EXPECT_EQ(steps.session.turn_texts()[0], "Wd4,a1");
  EXPECT_NE(steps.output.find("your turn, after wD4> "), std::string::npos);
  EXPECT_NE(steps.output.find("your turn, after wD4> you play Wd4,a1\n"), std::string::npos);
}

TEST(TerminalGame, MistakesGetOneLineAndANewPrompt) {
  Played played = play("Wd4,b2\nWz9\nhello\nWd4\nb2\nGe1\nquit\n");
  EXPECT_EQ(played.session.turns_played(), 0);
  EXPECT_NE(played.output.find("in turn 'Wd4,b2': remove b2 is illegal: b2 is not a free ring\n"
                               "your turn> "),
            std::string::npos);
  EXPECT_NE(played.output.find("'Wz9' does not start a legal turn ('legal' lists them)\n"),
            std::string::npos);
  EXPECT_NE(played.output.find("in turn 'hello'"), std::string::npos);
  EXPECT_NE(played.output.find("'b2' does not continue Wd4 legally"), std::string::npos);
  EXPECT_NE(played.output.find("'Ge1' does not continue Wd4 legally"), std::string::npos);
}

TEST(TerminalGame, HintLegalUndoAndSave) {
  std::string path = testing::scratch_path("terminal-game", ".zertz").string();
  Played played = play("hint\nlegal\nWd4,a1\nundo\nGd4,a1\nsave " + path + "\nquit\n");
  EXPECT_NE(played.output.find("hint: "), std::string::npos);
  EXPECT_NE(played.output.find("1944 legal turns:  Wa1,a2"), std::string::npos);
  EXPECT_NE(played.output.find("taken back\n"), std::string::npos);
  ASSERT_EQ(played.session.turns_played(), 2);
  EXPECT_EQ(played.session.turn_texts()[0], "Gd4,a1");
  GameRecord record = parse_record(read_file(path), path);
  EXPECT_EQ(record.player1, "human");
  EXPECT_EQ(record.player2, "random");
  EXPECT_TRUE(std::regex_match(record.date, std::regex("20[0-9]{2}-[01][0-9]-[0-3][0-9]")))
      << record.date;
  EXPECT_EQ(record.turns, played.session.turn_texts());
  EXPECT_TRUE(replay_record(record).ok) << replay_record(record).reason;
  std::filesystem::remove(path);
}

TEST(TerminalGame, TheComputerMovesFirstWhenThePersonIsSecond) {
  Played played = play("quit\n", 1);
  EXPECT_EQ(played.session.turns_played(), 1);
  EXPECT_NE(played.output.find("you are player 2 against random"), std::string::npos);
}

}  // namespace
}  // namespace zertz::frontends
