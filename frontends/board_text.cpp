#include "frontends/board_text.h"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/replay.h"

namespace zertz::frontends {

namespace {

// Columns are this many characters apart; each cell takes three (colour letter + label).
constexpr int kColumnWidth = 4;
constexpr const char* kReset = "\x1b[0m";
constexpr const char* kDim = "\x1b[2m";
// Black on bright white, white on dark grey, white on black.
constexpr const char* kMarbleColours[kColours] = {"\x1b[30;107m", "\x1b[97;100m", "\x1b[97;40m"};

// A column's cells sit half a row higher in the next column to the right (axial grid,
// core/board.h), so a cell's text line counts half rows: 2y - q.
int half_row(const Board& board, int cell) {
  return 2 * board.grid_y(cell) - board.grid_q(cell);
}

std::string cell_text(const State& state, int cell, bool colour) {
  const std::string& label = state.board().label(cell);
  if (!(state.rings() & bit(cell))) return std::string(label.size() + 1, ' ');
  int marble = state.marble_at(cell);
  std::string text(1, marble < 0 ? ' ' : kColourLetters[marble]);
  if (marble < 0) return colour ? text + kDim + label + kReset : text + label;
  text += label;
  return colour ? std::string(kMarbleColours[marble]) + text + kReset : text;
}

std::string counts_text(const Counts& counts) {
  std::string text;
  for (int c = 0; c < kColours; ++c) {
    if (c > 0) text += "  ";
    text += kColourLetters[c];
    text += ' ';
    text += std::to_string(counts[c]);
  }
  return text;
}

}  // namespace

std::string draw_board(const State& state, bool colour) {
  const Board& board = state.board();
  int top = INT_MIN, bottom = INT_MAX;
  for (int cell = 0; cell < board.num_cells(); ++cell) {
    top = std::max(top, half_row(board, cell));
    bottom = std::min(bottom, half_row(board, cell));
  }
  std::vector<std::string> lines;
  for (int row = top; row >= bottom; --row) {
    std::string line;
    int width = 0;  // printed width so far (escape codes take none)
    for (int cell = 0; cell < board.num_cells(); ++cell) {
      if (half_row(board, cell) != row) continue;
      int x = board.grid_q(cell) * kColumnWidth;
      line += std::string(std::max(0, x - width), ' ') + cell_text(state, cell, colour);
      width = x + static_cast<int>(board.label(cell).size()) + 1;
    }
    line.erase(line.find_last_not_of(' ') + 1);
    lines.push_back(line);
  }
  // A row whose rings are all gone would print as an empty line, which ends an engine
  // protocol answer early: rows at the edges go, one inside keeps its place as ".".
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  std::size_t first = 0;
  while (first < lines.size() && lines[first].empty()) ++first;
  std::string out;
  for (std::size_t i = first; i < lines.size(); ++i)
    out += (lines[i].empty() ? "." : lines[i]) + "\n";
  const char* marks[2] = {"", ""};
  if (!state.is_terminal()) marks[state.to_move()] = "   <- to move";
  out += "pool      " + counts_text(state.pool()) + "\n";
  out += "player 1  " + counts_text(state.captured(0)) + marks[0] + "\n";
  out += "player 2  " + counts_text(state.captured(1)) + marks[1] + "\n";
  if (state.is_terminal()) out += "game over: " + result_string(state.outcome()) + "\n";
  return out;
}

bool terminal_has_colour(int fd) {
  const char* term = std::getenv("TERM");
  return isatty(fd) && term != nullptr && *term != '\0' && std::strcmp(term, "dumb") != 0 &&
         std::getenv("NO_COLOR") == nullptr;
}

}  // namespace zertz::frontends
