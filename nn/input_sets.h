// What a position's input planes hold before nn/features.h lays them on the grid: the board
// cells of each spatial plane (those before kPlanePhaseRemove) as the rules core's bit masks,
// and the value of each "const" plane, from the mover's view. Encoding::encode lays them out;
// the fast value head (nn/fast_value.h) reads them as they are.
#pragma once

#include <array>

#include "core/state.h"
#include "nn/features.h"

namespace zertz::nn {

struct InputSets {
  std::array<Mask, kPlanePhaseRemove> cells{};
  std::array<float, kNumInputPlanes - kPlanePhaseRemove> constants{};
};

InputSets input_sets(const State& state);

}  // namespace zertz::nn
