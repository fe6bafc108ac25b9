// The terminal drawing: cells in their places with labels, marbles as notation, colour only
// when asked for.
#include "frontends/board_text.h"

#include <gtest/gtest.h>

#include "core/position.h"

namespace zertz::frontends {
namespace {

TEST(BoardText, PlainDrawingOfAPosition) {
  State state = parse_position_string(
      "tournament .ooo/ooooo/oooooo/ooowooo/oooooo/ooooo/oooo 5,8,10 0,0,0 0,0,0 2 turn 0");
  EXPECT_EQ(draw_board(state, false),
            "             d7\n"
            "         c6      e6\n"
            "     b5      d6      f5\n"
            " a4      c5      e5      g4\n"
            "     b4      d5      f4\n"
            " a3      c4      e4      g3\n"
            "     b3     Wd4      f3\n"
            " a2      c3      e3      g2\n"
            "     b2      d3      f2\n"
            "         c2      e2      g1\n"
            "     b1      d2      f1\n"
            "         c1      e1\n"
            "             d1\n"
            "pool      W 5  G 8  B 10\n"
            "player 1  W 0  G 0  B 0\n"
            "player 2  W 0  G 0  B 0   <- to move\n");
}

TEST(BoardText, ColourOnlyWhenAskedFor) {
  State state = parse_position_string(
      "basic oooo/ooooo/oooooo/ooobooo/oooooo/ooooo/oooo 5,7,8 0,0,0 0,0,0 2 turn 0");
  EXPECT_EQ(draw_board(state, false).find('\x1b'), std::string::npos);
  std::string coloured = draw_board(state, true);
  EXPECT_NE(coloured.find("\x1b[97;40mBd4\x1b[0m"), std::string::npos);
  EXPECT_NE(coloured.find("\x1b[2ma1\x1b[0m"), std::string::npos);
}

// A program reading engine answers stops at the first empty line (docs/engine-protocol.md).
TEST(BoardText, NoRowPrintsAsAnEmptyLine) {
  // The top row (d7) and the row of b5, d6 and f5 are gone: the first is dropped, the second,
  // between c6 e6 and a4 c5 e5 g4, keeps its place as ".".
  State state = parse_position_string(
      "tournament oooo/oooo./oooooo/ooooo../oooooo/oooo./oooo 6,8,10 0,0,0 0,0,0 1 turn 0");
  std::string text = draw_board(state, false);
  EXPECT_EQ(text.find("\n\n"), std::string::npos) << text;
  EXPECT_EQ(text.substr(0, text.find("\n.\n a4")), "         c6      e6") << text;
  EXPECT_EQ(text.find("d7"), std::string::npos) << text;
  // A board with no rings left draws no rows at all.
  State empty = parse_position_string(
      "basic ..../...../....../......./....../...../.... 2,4,6 3,3,3 0,0,0 2 turn 0");
  EXPECT_EQ(draw_board(empty, false).substr(0, 5), "pool ");
}

TEST(BoardText, FinishedGameShowsTheResult) {
  State state = parse_position_string(
      "basic ..../...../....../......./....../...../.... 2,4,6 3,3,3 0,0,0 2 turn 0");
  std::string text = draw_board(state, false);
  EXPECT_NE(text.find("game over: 1-0\n"), std::string::npos);
  EXPECT_EQ(text.find("to move"), std::string::npos);
}

}  // namespace
}  // namespace zertz::frontends
