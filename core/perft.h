// Perft: the number of leaves of the game tree at a given depth, counted in full turns or in
// atomic actions. Leaves are positions reached after exactly `depth` plies; finished games
// before that depth count nothing.
#pragma once

#include <cstdint>

#include "core/state.h"

namespace zertz {

enum class PerftMode { kTurns, kActions };

std::uint64_t perft(const State& state, int depth, PerftMode mode);

}  // namespace zertz
