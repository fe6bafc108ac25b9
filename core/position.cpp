#include "core/position.h"

#include <sstream>
#include <vector>

#include "core/error.h"

namespace zertz {

namespace {

std::string counts_string(const Counts& counts) {
  return std::to_string(counts[0]) + "," + std::to_string(counts[1]) + "," +
         std::to_string(counts[2]);
}

[[noreturn]] void fail(int field, const std::string& what, std::string_view found) {
  throw InputError("position string field " + std::to_string(field) + ": expected " + what +
                   ", found '" + std::string(found) + "'");
}

Counts parse_counts(int field, const std::string& text) {
  Counts counts{};
  std::size_t start = 0;
  for (int c = 0; c < kColours; ++c) {
    std::size_t end = c + 1 < kColours ? text.find(',', start) : text.size();
    if (end == std::string::npos) fail(field, "three counts W,G,B like 6,8,10", text);
    std::string number = text.substr(start, end - start);
    if (number.empty() || number.size() > 2 ||
        number.find_first_not_of("0123456789") != std::string::npos) {
      fail(field, "three counts W,G,B like 6,8,10", text);
    }
    counts[c] = std::stoi(number);
    start = end + 1;
  }
  return counts;
}

}  // namespace

std::string to_position_string(const State& state) {
  const Board& b = state.board();
  std::string board;
  int cell = 0;
  for (int q = 0; q < b.num_columns(); ++q) {
    if (q > 0) board += '/';
    for (int row = 0; row < b.column_height(q); ++row, ++cell) {
      if (!(state.rings() & bit(cell))) {
        board += '.';
      } else {
        int colour = state.marble_at(cell);
        board += colour < 0 ? 'o' : static_cast<char>(kColourLetters[colour] | 0x20);
      }
    }
  }
  std::string phase = "turn";
  if (state.phase() == Phase::kRemove) phase = "remove";
  if (state.phase() == Phase::kChain) phase = "jump:" + b.label(state.focus());
  return state.variant().name + " " + board + " " + counts_string(state.pool()) + " " +
         counts_string(state.captured(0)) + " " + counts_string(state.captured(1)) + " " +
         std::to_string(state.to_move() + 1) + " " + phase + " " +
         std::to_string(state.consecutive_passes());
}

State parse_position_string(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> fields;
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.size() != 8) {
    throw InputError("position string: expected 8 fields separated by spaces, found " +
                     std::to_string(fields.size()));
  }
  const Variant* variant = Variant::find(fields[0]);
  if (!variant) fail(1, "a variant (" + Variant::names() + ")", fields[0]);
  const Board& b = *variant->board;
  State state(*variant);

  Mask rings = 0;
  std::array<Mask, kColours> marbles{};
  std::size_t pos = 0;
  int cell = 0;
  const std::string& board = fields[1];
  for (int q = 0; q < b.num_columns(); ++q) {
    if (q > 0) {
      if (pos >= board.size() || board[pos] != '/') {
        fail(2,
             "column " + std::string(1, static_cast<char>('a' + q - 1)) + " to have " +
                 std::to_string(b.column_height(q - 1)) + " cells then '/'",
             board);
      }
      ++pos;
    }
    for (int row = 0; row < b.column_height(q); ++row, ++cell, ++pos) {
      char ch = pos < board.size() ? board[pos] : '\0';
      switch (ch) {
        case '.':
          break;
        case 'o':
          rings |= bit(cell);
          break;
        case 'w':
        case 'g':
        case 'b':
          rings |= bit(cell);
          marbles[ch == 'w' ? kWhite : ch == 'g' ? kGrey : kBlack] |= bit(cell);
          break;
        default:
          fail(2, "'.', 'o', 'w', 'g' or 'b' for cell " + b.label(cell), board);
      }
    }
  }
  if (pos != board.size())
    fail(2, "exactly " + std::to_string(b.num_columns()) + " columns", board);

  Counts pool = parse_counts(3, fields[2]);
  Counts first = parse_counts(4, fields[3]);
  Counts second = parse_counts(5, fields[4]);
  for (int c = 0; c < kColours; ++c) {
    int total = pool[c] + first[c] + second[c] + __builtin_popcountll(marbles[c]);
    if (total != variant->pool[c]) {
      throw InputError(std::string("position string: ") + kColourLetters[c] +
                       " marbles add up to " + std::to_string(total) +
                       " (pool, board, stocks), "
                       "expected " +
                       std::to_string(variant->pool[c]) + " for " + variant->name);
    }
  }
  if (fields[5] != "1" && fields[5] != "2") fail(6, "the player to move, 1 or 2", fields[5]);
  if (fields[7] != "0" && fields[7] != "1" && fields[7] != "2") {
    fail(8, "consecutive passes 0, 1 or 2", fields[7]);
  }

  state.set_rings(rings);
  for (int c = 0; c < kColours; ++c) state.set_marbles(c, marbles[c]);
  state.set_pool(pool);
  state.set_captured(0, first);
  state.set_captured(1, second);
  state.set_to_move(fields[5] == "1" ? 0 : 1);
  state.set_consecutive_passes(fields[7][0] - '0');
  const std::string& phase = fields[6];
  if (phase == "remove") {
    state.set_phase(Phase::kRemove);
    // The mover has just placed a marble, so one stands on the board.
    if (!state.free_rings() || state.occupied() == 0) {
      fail(7, "'remove' only after a placement, with a ring free", phase);
    }
  } else if (phase.rfind("jump:", 0) == 0) {
    auto focus = b.parse_cell(phase.substr(5));
    if (!focus) fail(7, "jump:CELL with a cell of this board", phase);
    state.set_phase(Phase::kChain, *focus);
    if (state.marble_at(*focus) < 0 || !state.can_jump_from(*focus)) {
      fail(7, "jump:CELL where that marble can jump", phase);
    }
    // A chain goes on only after a first jump, which captured a marble for the mover.
    const Counts& mover = state.captured(state.to_move());
    if (mover[0] + mover[1] + mover[2] == 0)
      fail(7, "jump:CELL only after the mover has captured", phase);
  } else if (phase != "turn") {
    fail(7, "turn, remove or jump:CELL", phase);
  }
  if (state.consecutive_passes() > 0 && state.phase() != Phase::kTurnStart) {
    fail(8, "0 passes in the middle of a turn", fields[7]);
  }
  state.finish_setup();
  return state;
}

}  // namespace zertz
