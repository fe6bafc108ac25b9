#include "core/action.h"

#include "core/variant.h"

namespace zertz {

std::string Action::to_string(const Board& board) const {
  switch (kind()) {
    case ActionKind::kPlace:
      return std::string("place ") + kColourLetters[colour()] + " " + board.label(cell());
    case ActionKind::kRemove:
      return "remove " + board.label(cell());
    case ActionKind::kJump: {
      int landing = board.landing(cell(), direction());
      if (landing == kNoCell)
        return "jump " + board.label(cell()) + " off the board (direction " +
               std::to_string(direction()) + ")";
      return "jump " + board.label(cell()) + " to " + board.label(landing);
    }
    case ActionKind::kPass:
      break;
  }
  return "pass";
}

Action Action::transformed(const Board& board, int symmetry) const {
  switch (kind()) {
    case ActionKind::kPlace:
      return place(colour(), board.map_cell(symmetry, cell()));
    case ActionKind::kRemove:
      return remove(board.map_cell(symmetry, cell()));
    case ActionKind::kJump:
      return jump(board.map_cell(symmetry, cell()), board.map_direction(symmetry, direction()));
    case ActionKind::kPass:
      break;
  }
  return *this;
}

}  // namespace zertz
