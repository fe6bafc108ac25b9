// Position strings: one line that holds a whole state, like chess's FEN (docs/formats.md).
//
//   tournament oooo/ooooo/oooooo/ooooooo/oooooo/ooooo/oooo 6,8,10 0,0,0 0,0,0 1 turn 0
//
// Fields, separated by single spaces:
//   1. variant name (basic, tournament, tournament-48, tournament-61);
//   2. the board, column a first, each column from row 1 upwards, columns separated by '/':
//      '.' no ring (removed), 'o' vacant ring, 'w' / 'g' / 'b' a ring holding that marble;
//   3. the pool as W,G,B counts; 4. player 1's captured stock; 5. player 2's captured stock;
//   6. the player to move, 1 or 2;
//   7. the phase: 'turn' (start of a turn), 'remove' (the mover placed and must remove a free
//      ring) or 'jump:CELL' (the mover's marble on CELL must continue its capture chain);
//   8. consecutive passes just played (0, 1 or 2).
// A finished game needs no extra field: its winner is the player who just moved.
#pragma once

#include <string>
#include <string_view>

#include "core/state.h"

namespace zertz {

std::string to_position_string(const State& state);

// Throws InputError naming the field, what was expected and what was found. Checks that the
// marbles add up to the variant's pool and that the phase is possible in that position.
State parse_position_string(std::string_view text);

}  // namespace zertz
