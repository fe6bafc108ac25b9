#include "frontends/svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>

#include "core/replay.h"

namespace zertz::frontends {

namespace {

constexpr double kSpacing = 44.0;  // between neighbouring ring centres
constexpr double kRingRadius = 19.0;
constexpr double kMarbleRadius = 14.0;
constexpr double kMargin = 28.0;
constexpr double kPanelLine = 26.0;  // height of each pool / stock line below the board
constexpr const char* kMarbleFill[kColours] = {"#f4f1ea", "#9a9a9a", "#222222"};
constexpr const char* kMarbleLabel[kColours] = {"#555555", "#1a1a1a", "#dddddd"};

std::string number(double value) {
  return fmt::format("{:.1f}", value);
}

std::string circle(double x, double y, double r, const std::string& style) {
  return "<circle cx=\"" + number(x) + "\" cy=\"" + number(y) + "\" r=\"" + number(r) + "\" " +
         style + "/>\n";
}

std::string text_at(double x, double y, const std::string& attributes, std::string_view text) {
  return "<text x=\"" + number(x) + "\" y=\"" + number(y) + "\" " + attributes + ">" +
         xml_escape(text) + "</text>\n";
}

// A line of marble counts: a small marble of each colour followed by its count.
std::string counts_line(double y, std::string_view title, const Counts& counts) {
  std::string out = text_at(kMargin, y + 5, "class=\"panel\"", title);
  for (int c = 0; c < kColours; ++c) {
    double x = kMargin + 110 + c * 56;
    out += circle(x, y, 8, std::string("fill=\"") + kMarbleFill[c] + "\" stroke=\"#444\"");
    out += text_at(x + 13, y + 5, "class=\"panel\"", std::to_string(counts[c]));
  }
  return out;
}

std::string line(double x1, double y1, double x2, double y2, const std::string& colour) {
  return "<line x1=\"" + number(x1) + "\" y1=\"" + number(y1) + "\" x2=\"" + number(x2) +
         "\" y2=\"" + number(y2) + "\" stroke=\"" + colour +
         "\" stroke-width=\"3\" stroke-linecap=\"round\"/>\n";
}

struct Point {
  double x, y;
};

// An arrow from a jump's start to its landing, its head short of the landing ring's centre.
std::string arrow(Point from, Point to, const std::string& colour) {
  double dx = to.x - from.x, dy = to.y - from.y, length = std::hypot(dx, dy);
  double ux = dx / length, uy = dy / length;
  Point tip{to.x - ux * kMarbleRadius * 0.6, to.y - uy * kMarbleRadius * 0.6};
  Point back{tip.x - ux * 12, tip.y - uy * 12};
  std::string out = line(from.x + ux * 6, from.y + uy * 6, back.x, back.y, colour);
  out += "<polygon points=\"" + number(tip.x) + "," + number(tip.y) + " " +
         number(back.x - uy * 7) + "," + number(back.y + ux * 7) + " " + number(back.x + uy * 7) +
         "," + number(back.y - ux * 7) + "\" fill=\"" + colour + "\"/>\n";
  return out;
}

template <typename Centre>
std::string turn_mark(const Board& board, const TurnMark& mark, Centre centre) {
  std::string out = "<g class=\"mark " + xml_escape(mark.name) + "\">\n";
  const std::string colour = xml_escape(mark.colour);
  for (Action action : mark.turn.actions) {
    Point at = centre(action.cell());
    switch (action.kind()) {
      case ActionKind::kPlace:
        out += circle(at.x, at.y, kRingRadius + 4,
                      "fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"3\"");
        out += circle(at.x, at.y, kMarbleRadius * 0.55,
                      std::string("fill=\"") + kMarbleFill[action.colour()] + "\" stroke=\"" +
                          colour + "\" stroke-width=\"2\"");
        break;
      case ActionKind::kRemove: {
        double d = kRingRadius * 0.7;
        out += line(at.x - d, at.y - d, at.x + d, at.y + d, colour);
        out += line(at.x - d, at.y + d, at.x + d, at.y - d, colour);
        break;
      }
      case ActionKind::kJump:
        out += arrow(at, centre(board.landing(action.cell(), action.direction())), colour);
        break;
      case ActionKind::kPass:
        break;
    }
  }
  return out + "</g>\n";
}

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string position_svg(const State& state, std::string_view status,
                         std::span<const TurnMark> marks) {
  const Board& board = state.board();
  // Half rows as in the terminal drawing: the next column sits half a ring higher.
  auto half_row = [&](int cell) { return 2 * board.grid_y(cell) - board.grid_q(cell); };
  int top = INT_MIN, bottom = INT_MAX;
  for (int cell = 0; cell < board.num_cells(); ++cell) {
    top = std::max(top, half_row(cell));
    bottom = std::min(bottom, half_row(cell));
  }
  double column_step = kSpacing * std::sqrt(3.0) / 2.0;
  double board_width = (board.num_columns() - 1) * column_step + 2 * (kMargin + kRingRadius);
  double board_height = (top - bottom) * kSpacing / 2.0 + 2 * (kMargin + kRingRadius);
  double width = std::max(board_width, 2 * kMargin + 290);
  double height = board_height + 4 * kPanelLine + kMargin;
  double offset_x = (width - board_width) / 2 + kMargin + kRingRadius;

  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(width) +
                    "\" height=\"" + number(height) + "\" viewBox=\"0 0 " + number(width) + " " +
                    number(height) + "\" font-family=\"sans-serif\">\n";
  out += "<title>" + xml_escape(state.variant().name) + " position</title>\n";
  out +=
      "<style>.label{font-size:10px;text-anchor:middle}.panel{font-size:14px;fill:#333}</style>\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#f7f3e8\"/>\n";
  auto centre = [&](int cell) {
    return Point{offset_x + board.grid_q(cell) * column_step,
                 kMargin + kRingRadius + (top - half_row(cell)) * kSpacing / 2.0};
  };
  for (int cell = 0; cell < board.num_cells(); ++cell) {
    auto [x, y] = centre(cell);
    const std::string& label = board.label(cell);
    if (!(state.rings() & bit(cell))) {
      out += circle(x, y, kRingRadius,
                    "fill=\"none\" stroke=\"#b8a888\" stroke-width=\"2\" stroke-dasharray=\"3 4\" "
                    "opacity=\"0.35\"");
      out += text_at(x, y + 4, "class=\"label\" fill=\"#b8a888\" opacity=\"0.6\"", label);
      continue;
    }
    out += circle(x, y, kRingRadius, "fill=\"#e6d5ad\" stroke=\"#8a6d3b\" stroke-width=\"5\"");
    int marble = state.marble_at(cell);
    if (marble >= 0) {
      out += circle(x, y, kMarbleRadius,
                    std::string("fill=\"") + kMarbleFill[marble] + "\" stroke=\"#333\"");
      out += text_at(x, y + 4, std::string("class=\"label\" fill=\"") + kMarbleLabel[marble] + "\"",
                     label);
    } else {
      out += text_at(x, y + 4, "class=\"label\" fill=\"#6b5a3a\"", label);
    }
  }
  for (const TurnMark& mark : marks) out += turn_mark(board, mark, centre);
  double y = board_height + kPanelLine / 2;
  out += counts_line(y, "pool", state.pool());
  out += counts_line(y + kPanelLine, "player 1", state.captured(0));
  out += counts_line(y + 2 * kPanelLine, "player 2", state.captured(1));
  std::string line(status);
  if (line.empty()) {
    line = state.is_terminal() ? "game over: " + result_string(state.outcome())
                               : "player " + std::to_string(state.to_move() + 1) + " to move";
  }
  out += text_at(kMargin, y + 3 * kPanelLine + 5, "class=\"panel\" font-weight=\"bold\"", line);
  out += "</svg>\n";
  return out;
}

}  // namespace zertz::frontends
