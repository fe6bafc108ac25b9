// The review page (frontends/review_html.h) and turns drawn on the board (frontends/svg.h):
// a graph column and a step per position, the played and best turns drawn on each board, the
// move list's labels. Clicks and keys are tested in Chromium
// (tests/frontends/review_browser_test.py).
#include "frontends/review_html.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/record_file.h"
#include "core/turn.h"
#include "frontends/svg.h"
#include "mcts/players.h"
#include "mcts/search_player.h"
#include "tests/frontends_text/occurrences.h"

namespace zertz::frontends {
namespace {

// The page's data: the object after "const GAME = ".
nlohmann::json game_data(const std::string& html) {
  std::size_t start = html.find("const GAME = ") + 13;
  std::size_t end = html.find(";\n", start);
  return nlohmann::json::parse(html.substr(start, end - start));
}

TEST(TurnMarks, APlacementARemovalAndAJumpAreDrawn) {
  State state(*Variant::find("basic"));
  Turn place = parse_turn(state, "Wd4,a1");
  std::vector<TurnMark> marks = {{place, "#123456", "played"}};
  std::string svg = position_svg(state, "", marks);
  EXPECT_EQ(occurrences(svg, "<g class=\"mark played\">"), 1);
  EXPECT_EQ(occurrences(svg, "<line"), 2);  // the removal's cross
  EXPECT_EQ(occurrences(svg, "r=\"23.0\" fill=\"none\" stroke=\"#123456\""), 1);  // the placement
  EXPECT_EQ(occurrences(svg, "<polygon"), 0);
  // A jump is an arrow (drawing does not ask whether it is legal).
  const Board& board = state.board();
  int d4 = board.cell_at(3, 3);
  Turn jump{{Action::jump(d4, 0)}};
  std::vector<TurnMark> arrows = {{jump, "#654321", "best"}};
  svg = position_svg(state, "", arrows);
  EXPECT_EQ(occurrences(svg, "<polygon"), 1);
  EXPECT_EQ(occurrences(svg, "<line"), 1);
  EXPECT_EQ(position_svg(state), position_svg(state, "", {}));
  EXPECT_EQ(occurrences(position_svg(state), "class=\"mark"), 0);
}

TEST(ReviewPage, HasAStepAndAGraphColumnPerPositionAndDrawsBothTurns) {
  RecordFile loaded = load_record_file(std::string(TESTDATA_DIR) + "/records/short-game.zertz");
  ASSERT_TRUE(loaded.ok);
  ReviewOptions options;
  options.visits = 50;
  GameReview review =
      review_game(loaded.record, mcts::uniform_evaluator(), mcts::rollout_search_params(), options);
  review.turns[1].label = "blunder";
  int blunders = 0;
  for (const TurnReview& t : review.turns) blunders += t.label == "blunder";
  std::string html = review_html(loaded.record, review, "Review of <short>");
  const int turns = static_cast<int>(review.turns.size());
  EXPECT_NE(html.find("<title>Review of &lt;short&gt;</title>"), std::string::npos);
  EXPECT_EQ(occurrences(html, "class=\"hit\" data-step="), turns + 1);
  EXPECT_EQ(occurrences(html, "<circle class=\"point blunder\""), blunders);
  nlohmann::json game = game_data(html);
  ASSERT_EQ(game["steps"].size(), static_cast<std::size_t>(turns + 1));
  EXPECT_EQ(game["item_offset"], 0);
  EXPECT_EQ(game["items"][1], review.turns[1].played + " ??");
  EXPECT_EQ(game["item_classes"][1], "blunder");
  for (int k = 0; k < turns; ++k) {
    const nlohmann::json& step = game["steps"][k];
    std::string svg = step["svg"];
    EXPECT_EQ(step["played"], review.turns[k].played);
    EXPECT_EQ(occurrences(svg, "<g class=\"mark played\">"), 1) << k;
    bool other_best = review.turns[k].best != review.turns[k].played;
    EXPECT_EQ(occurrences(svg, "<g class=\"mark best\">"), other_best ? 1 : 0) << k;
    EXPECT_EQ(step["turn"].get<std::string>().rfind("turn " + std::to_string(k + 1) + " of ", 0),
              0u);
  }
  EXPECT_EQ(occurrences(game["steps"][turns]["svg"].get<std::string>(), "class=\"mark"), 0);
  // A review of another game is refused.
  GameReview shorter = review;
  shorter.turns.pop_back();
  EXPECT_THROW(review_html(loaded.record, shorter, "x"), InputError);
}

TEST(ReviewPage, LabelSymbols) {
  EXPECT_STREQ(label_symbol("inaccuracy"), "?!");
  EXPECT_STREQ(label_symbol("mistake"), "?");
  EXPECT_STREQ(label_symbol("blunder"), "??");
  EXPECT_STREQ(label_symbol(""), "");
}

}  // namespace
}  // namespace zertz::frontends
