// Helpers for hand-built test positions.
#pragma once

#include <string>
#include <vector>

#include "core/state.h"

namespace zertz::testing {

// A state of `variant` whose rings are exactly `rings` (labels; empty = all rings kept), with
// marbles "Wd4" style on those rings; the pool gives up what the board holds, so marbles add up.
State make_position(const Variant& variant, const std::vector<std::string>& rings,
                    const std::vector<std::string>& marbles, int to_move = 0);

// The mask of the given cell labels (fails the test on an unknown label).
Mask cells(const Board& board, const std::vector<std::string>& labels);

// Plays uniformly random seeded games and returns every state reached (all phases).
std::vector<State> random_states(const Variant& variant, int games, std::uint64_t seed);

}  // namespace zertz::testing
