// Pictures and the viewer page: what they must show (the XML and HTML parsers and a browser
// check the files in tests/cli).
#include "frontends/svg.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/position.h"
#include "frontends/html_viewer.h"
#include "tests/frontends_text/occurrences.h"

namespace zertz::frontends {
namespace {

TEST(Svg, RingsMarblesRemovedRingsAndPanel) {
  State state = parse_position_string(
      "tournament .ooo/ooooo/oooooo/ooowooo/oooooo/ooooo/oooo 5,8,10 0,0,0 0,0,0 2 turn 0");
  std::string svg = position_svg(state);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_EQ(occurrences(svg, "stroke-dasharray"), 1);                  // a1, removed
  EXPECT_EQ(occurrences(svg, "fill=\"#e6d5ad\""), 36);                 // the rings left
  EXPECT_EQ(occurrences(svg, "fill=\"#f4f1ea\" stroke=\"#333\""), 1);  // the white marble on d4
  EXPECT_NE(svg.find(">d4</text>"), std::string::npos);
  EXPECT_NE(svg.find(">player 2 to move</text>"), std::string::npos);
  EXPECT_NE(position_svg(state, "result 1-0 (time)").find(">result 1-0 (time)</text>"),
            std::string::npos);
}

TEST(Svg, EscapesText) {
  EXPECT_EQ(xml_escape("a<b & 'c'>\""), "a&lt;b &amp; &#39;c&#39;&gt;&quot;");
}

TEST(HtmlViewer, StepsThroughTheRecord) {
  GameRecord record;
  record.player1 = "ann & bob";
  record.turns = {"Wd4,a1", "Gd5,a2", "x d5Wd3"};
  std::string html = game_viewer_html(record, "a <game>");
  EXPECT_NE(html.find("<title>a &lt;game&gt;</title>"), std::string::npos);
  EXPECT_NE(html.find("ann &amp; bob vs ?"), std::string::npos);
  EXPECT_NE(html.find("turn 3 of 3: player 1 x d5Wd3"), std::string::npos);
  EXPECT_NE(html.find("captured this turn: W1"), std::string::npos);
  EXPECT_EQ(html.find("</svg>\\n</"), std::string::npos);  // the data cannot close the script
  EXPECT_EQ(occurrences(html, "<script>"), 1);
  EXPECT_EQ(html.find("http"), html.find("http://www.w3.org/2000/svg"));  // nothing to fetch
}

TEST(HtmlViewer, AnIllegalTurnIsNamed) {
  GameRecord record;
  record.turns = {"Wd4,a1", "Gd4,a2"};
  try {
    game_viewer_html(record, "bad");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "turn 2: in turn 'Gd4,a2': place G d4 is illegal: d4 is occupied");
  }
}

}  // namespace
}  // namespace zertz::frontends
