// The board as text for terminals and the engine's showboard: a hexagon of cells in their
// real places, each written as its label (`d4`) when the ring is vacant, with the marble's
// letter in front (`Wd4`, the notation of a placement) when it holds one, and blank when the
// ring is gone; then the pool, both stocks and the player to move.
#pragma once

#include <string>

#include "core/state.h"

namespace zertz::frontends {

// `colour` adds ANSI colours: marbles on their colour, vacant labels dimmed.
std::string draw_board(const State& state, bool colour);

// Whether the terminal on `fd` shows ANSI colours: a TTY whose TERM is set and not `dumb`,
// and NO_COLOR (no-color.org) unset.
bool terminal_has_colour(int fd);

}  // namespace zertz::frontends
