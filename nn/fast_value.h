// The fast value head of nn/model.h on the CPU without LibTorch, one position at a time, for a
// search that values its leaves with it (mcts::SearchParams::fast_value_weight). Its input
// planes are 0 or 1 but for the "const" ones, so its convolution adds weight columns at the
// cells of each plane, read from the rules core's bit masks (nn/input_sets.h), rather than
// multiplying whole matrices (as NNUE does); the share of the on-board plane and of a full ring
// plane is computed once per board (nn/fast_value_kernel.h does the sums).
#pragma once

#include <vector>

#include "core/state.h"
#include "nn/cpu_network.h"
#include "nn/fast_value_kernel.h"
#include "nn/features.h"

namespace zertz::nn {

class FastValueNet {
 public:
  // Throws std::invalid_argument naming the layer whose shape does not fit.
  // `kernel` picks the instruction set (the fastest this CPU runs unless a test asks).
  FastValueNet(const FastValueWeights& weights, const Board& board,
               fast_value_kernel::Choice kernel = fast_value_kernel::Choice::kBest);

  // Win, draw and loss probabilities of a position's input sets for the player to move.
  void win_draw_loss(const InputSets& inputs, float* out) const;
  // P(win) - P(loss) of the state for the player to move. Thread-safe.
  float value(const State& state) const;

 private:
  fast_value_kernel::Evaluate evaluate_;
  int channels_ = 0, hidden_units_ = 0;
  Mask all_cells_ = 0;
  // For board cell j and tap t, the board cell that reads j through t, or -1.
  std::vector<int> scatter_;          // [cell][9]
  std::vector<float> conv_weight_;    // [spatial plane][tap][channel]
  std::vector<float> base_;           // [cell][channel]: bias, on-board plane, a full ring plane
  std::vector<float> hidden_weight_;  // [feature][unit]
  std::vector<float> hidden_bias_, out_weight_, out_bias_;  // out_weight_: [3][unit]
};

}  // namespace zertz::nn
