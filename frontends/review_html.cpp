#include "frontends/review_html.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/replay.h"
#include "core/turn.h"
#include "frontends/html_viewer.h"
#include "frontends/svg.h"
#include "frontends/viewer_page.h"

namespace zertz::frontends {

namespace {

constexpr const char* kPlayedColour = "#1f6fd1";
constexpr const char* kBestColour = "#1a9c3a";

// The graph's frame, in SVG units.
constexpr double kGraphWidth = 640, kGraphHeight = 150, kGraphLeft = 34, kGraphTop = 10;
constexpr double kPlotWidth = kGraphWidth - kGraphLeft - 10, kPlotHeight = kGraphHeight - 30;

std::string percent(double x) {
  return fmt::format("{:.0f}%", 100 * x);
}

std::string wdl_text(const std::array<double, 3>& wdl) {
  return "win " + percent(wdl[0]) + ", draw " + percent(wdl[1]) + ", loss " + percent(wdl[2]);
}

// The first player's expected score at each step: before each turn, then after the last.
std::vector<double> first_player_scores(const GameReview& review) {
  std::vector<double> scores;
  for (const TurnReview& t : review.turns) {
    scores.push_back(t.mover == 0 ? t.score_before : 1 - t.score_before);
  }
  if (!review.turns.empty()) {
    const TurnReview& last = review.turns.back();
    scores.push_back(last.mover == 0 ? last.score_after : 1 - last.score_after);
  }
  return scores;
}

double graph_x(int step, int steps) {
  return kGraphLeft + (steps > 1 ? kPlotWidth * step / (steps - 1) : kPlotWidth / 2);
}

double graph_y(double score) {
  return kGraphTop + (1 - score) * kPlotHeight;
}

// The expected score over the steps as a line, a dot per step (coloured by the turn's label),
// a transparent column per step that takes the clicks, and a cursor at the shown step.
std::string graph_svg(const GameReview& review) {
  std::vector<double> scores = first_player_scores(review);
  const int steps = static_cast<int>(scores.size());
  std::string out = fmt::format(
      "<svg id=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"10\">\n"
      "<rect x=\"{2}\" y=\"{3}\" width=\"{4}\" height=\"{5}\" fill=\"#fff\" stroke=\"#bbb\"/>\n"
      "<line x1=\"{2}\" x2=\"{6}\" y1=\"{7:.1f}\" y2=\"{7:.1f}\" stroke=\"#ccc\" "
      "stroke-dasharray=\"4 3\"/>\n"
      "<text x=\"2\" y=\"{8:.1f}\">100%</text><text x=\"8\" y=\"{9:.1f}\">50%</text>"
      "<text x=\"14\" y=\"{10:.1f}\">0%</text>\n",
      kGraphWidth, kGraphHeight, kGraphLeft, kGraphTop, kPlotWidth, kPlotHeight,
      kGraphLeft + kPlotWidth, graph_y(0.5), graph_y(1) + 4, graph_y(0.5) + 4, graph_y(0) + 2);
  std::string points;
  for (int k = 0; k < steps; ++k) {
    points += fmt::format("{}{:.1f},{:.1f}", k ? " " : "", graph_x(k, steps), graph_y(scores[k]));
  }
  out +=
      "<polyline fill=\"none\" stroke=\"#8a6d3b\" stroke-width=\"2\" points=\"" + points + "\"/>\n";
  for (int k = 0; k < steps; ++k) {
    std::string label = k < static_cast<int>(review.turns.size()) ? review.turns[k].label : "";
    out += fmt::format("<circle class=\"point {}\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\"/>\n", label,
                       graph_x(k, steps), graph_y(scores[k]), label.empty() ? 3 : 5);
  }
  out += fmt::format(
      "<line id=\"cursor\" x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\" "
      "stroke=\"#1f6fd1\"/>\n",
      graph_x(0, steps), kGraphTop, kGraphTop + kPlotHeight);
  double column = steps > 1 ? kPlotWidth / (steps - 1) : kPlotWidth;
  for (int k = 0; k < steps; ++k) {
    out += fmt::format(
        "<rect class=\"hit\" data-step=\"{}\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" "
        "height=\"{}\" fill=\"transparent\"><title>{}</title></rect>\n",
        k, graph_x(k, steps) - column / 2, kGraphTop, column, kPlotHeight,
        k < static_cast<int>(review.turns.size()) ? "turn " + std::to_string(k + 1) : "the end");
  }
  out += fmt::format("<text x=\"{}\" y=\"{}\">turn 1</text><text x=\"{}\" y=\"{}\">end</text>\n",
                     kGraphLeft, kGraphHeight - 6, kGraphLeft + kPlotWidth - 18, kGraphHeight - 6);
  return out + "</svg>\n";
}

constexpr const char* kStyle = R"(
#graph{display:block;margin:.5em 0}#graph .hit{cursor:pointer}
#graph .point{fill:#8a6d3b}#graph .inaccuracy{fill:#e0b000}#graph .mistake{fill:#e07000}
#graph .blunder{fill:#d01010}#moves li.inaccuracy{color:#a07800}#moves li.mistake{color:#c05800}
#moves li.blunder{color:#c00000}#review{max-width:40em;margin:.3em 0}
.legend-played{color:#1f6fd1;font-weight:bold}.legend-best{color:#1a9c3a;font-weight:bold})";

constexpr const char* kScript = R"(
document.getElementById('graph').addEventListener('click', (event) => {
  const target = event.target.closest('[data-step]');
  if (target) show(parseInt(target.dataset.step, 10));
});
function on_show(index, step) {
  const cursor = document.getElementById('cursor');
  cursor.setAttribute('x1', step.x);
  cursor.setAttribute('x2', step.x);
}
)";

}  // namespace

const char* label_symbol(const std::string& label) {
  if (label == "blunder") return "??";
  if (label == "mistake") return "?";
  if (label == "inaccuracy") return "?!";
  return "";
}

std::string review_html(const GameRecord& record, const GameReview& review,
                        const std::string& title) {
  RecordPositions replayed = replay_positions(record);
  const int turns = static_cast<int>(replayed.turns.size());
  if (turns != static_cast<int>(review.turns.size())) {
    throw InputError("the review has " + std::to_string(review.turns.size()) +
                     " turns, the record " + std::to_string(turns));
  }
  ViewerPage page;
  page.title = title;
  page.subtitle = players_line(record);
  page.item_offset = 0;
  page.style = kStyle;
  page.script = kScript;
  page.above_board =
      "<div>The first player's expected score (win + draw / 2) before each turn, as the engine "
      "sees it; a click shows that position. Dots: inaccuracy (yellow), mistake (orange), "
      "blunder (red).</div>\n" +
      graph_svg(review) +
      "<div>On the board: <span class=\"legend-played\">the turn played</span>, <span "
      "class=\"legend-best\">the engine's best turn</span>.</div>\n";
  for (int k = 0; k <= turns; ++k) {
    const State& state = replayed.games[k].state();
    nlohmann::json step = {{"x", graph_x(k, turns + 1)}, {"stocks", stocks_text(state)}};
    if (k == turns) {
      step["svg"] = position_svg(state, final_status(record));
      step["turn"] = "after turn " + std::to_string(turns) + ": the end";
      step["captured"] = "";
      step["played"] = step["best"] = step["label"] = "";
    } else {
      const TurnReview& t = review.turns[k];
      std::vector<TurnMark> marks = {{replayed.turns[k], kPlayedColour, "played"}};
      if (!t.best.empty() && t.best != t.played) {
        marks.push_back({parse_turn(state, t.best), kBestColour, "best"});
      }
      step["svg"] = position_svg(state, "", marks);
      step["turn"] = fmt::format("turn {} of {}: player {} plays {}{}", k + 1, turns, t.mover + 1,
                                 t.played, t.label.empty() ? "" : " (" + t.label + ")");
      step["captured"] = fmt::format("before: {}; after: {}; best {}", wdl_text(t.wdl_before),
                                     wdl_text(t.wdl_after), t.best.empty() ? "-" : t.best);
      step["played"] = t.played;
      step["best"] = t.best;
      step["label"] = t.label;
    }
    page.steps.push_back(std::move(step));
  }
  for (const TurnReview& t : review.turns) {
    std::string symbol = label_symbol(t.label);
    page.items.push_back(t.played + (symbol.empty() ? "" : " " + symbol));
    page.item_classes.push_back(t.label);
  }
  return viewer_page_html(page);
}

}  // namespace zertz::frontends
