// The fast value head's arithmetic for one position, apart from its layout (nn/fast_value.h),
// on its input planes' cells as the rules core's bit masks give them (nn/input_sets.h). The
// head values every new leaf of a self-play search, the largest share of self-play's time, so
// it is compiled for the baseline instruction set and, on x86-64, for AVX2 with FMA, picked
// once at run time. The default head (16 channels, 32 hidden units) and the wide one (32, 64)
// get loops of known length.
#pragma once

#include <cstddef>

#include "nn/input_sets.h"

namespace zertz::nn::fast_value_kernel {

struct Layout {
  int cells = 0, channels = 0, hidden_units = 0;  // cells: the board's
  Mask all_cells = 0;
  const int* scatter = nullptr;        // [cell][9]: the cell a tap of the cell reaches, or -1
  const float* conv_weight = nullptr;  // [spatial plane][tap][channel]
  // [cell][channel]: bias, the on-board plane and a ring on every cell.
  const float* base = nullptr;
  const float* hidden_weight = nullptr;  // [feature][unit]
  const float* hidden_bias = nullptr;
  const float* out_weight = nullptr;  // [3][unit]
  const float* out_bias = nullptr;
};

// Floats of scratch space that evaluate needs.
std::size_t scratch_floats(const Layout& layout);

// Writes win, draw and loss probabilities of a position's input sets to `out`.
using Evaluate = void (*)(const Layout& layout, const InputSets& inputs, float* scratch,
                          float* out);

enum class Choice { kBest, kBaseline };
// kBest: the fastest this CPU runs; kBaseline: the one every CPU runs (tests compare them).
Evaluate evaluate(Choice choice);

}  // namespace zertz::nn::fast_value_kernel
