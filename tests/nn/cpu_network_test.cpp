// The Eigen forward pass on hand-made weights whose outputs can be worked out by hand, and its
// refusal of weights that do not fit together (torch-free: these run under the sanitizers;
// tests/nn_torch/cpu_network_test.cpp checks it against LibTorch on trained-like weights).
#include "nn/cpu_network.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "core/state.h"
#include "nn/features.h"

namespace zertz::nn {
namespace {

DenseLayer zeros(int inputs, int outputs, int kernel) {
  DenseLayer d;
  d.inputs = inputs;
  d.outputs = outputs;
  d.kernel = kernel;
  d.weight.assign(static_cast<std::size_t>(outputs) * inputs * kernel * kernel, 0.0f);
  d.bias.assign(static_cast<std::size_t>(outputs), 0.0f);
  return d;
}

// One channel that holds, at each cell, whether the cell to its right (next y) is on the board;
// a tower of blocks that add nothing; the policy reads that channel (plane t scaled by t + 1)
// and the value head's win logit is the channel's mean over the board.
NetWeights shift_right_net(int blocks) {
  NetWeights w;
  w.stem = zeros(kNumInputPlanes, 1, 3);
  const int right_tap = 1 * 3 + 2;  // ky = 1 (same row), kx = 2 (next column)
  w.stem.weight[static_cast<std::size_t>(kPlaneOnBoard) * 9 + right_tap] = 1.0f;
  for (int i = 0; i < blocks; ++i) {
    NetWeights::Block block{zeros(1, 1, 3), zeros(1, 1, 3), zeros(2, 1, 1)};
    w.tower.push_back(block);
  }
  w.policy_conv = zeros(1, 1, 1);
  w.policy_conv.weight[0] = 1.0f;
  w.policy_out = zeros(1, Action::kNumTags, 1);
  for (int t = 0; t < Action::kNumTags; ++t)
    w.policy_out.weight[static_cast<std::size_t>(t)] = t + 1.0f;
  w.value_conv = zeros(1, 1, 1);
  w.value_conv.weight[0] = 1.0f;
  w.value_hidden = zeros(2, 1, 1);
  w.value_hidden.weight[0] = 1.0f;  // the mean; the max (second input) is ignored
  w.value_out = zeros(1, 3, 1);
  w.value_out.weight[0] = 1.0f;
  return w;
}

TEST(CpuNetwork, HandMadeWeightsGiveTheHandWorkedOutputs) {
  for (const Variant* v : Variant::all()) {
    const Encoding& e = Encoding::of(*v->board);
    const int grid = e.grid(), cells = grid * grid;
    CpuNetwork cpu(shift_right_net(2), grid);
    ASSERT_EQ(cpu.policy_planes(), Action::kNumTags);
    std::vector<float> inputs(2 * static_cast<std::size_t>(e.input_size()));
    e.encode(State(*v), inputs.data());
    e.encode(State(*v), inputs.data() + e.input_size());
    std::vector<float> logits(2 * static_cast<std::size_t>(e.policy_size())), wdl(6);
    cpu.forward(inputs.data(), 2, logits.data(), wdl.data());

    const float* on_board = inputs.data() + kPlaneOnBoard * cells;
    double channel_sum = 0, board_cells = 0;
    for (int cell = 0; cell < cells; ++cell) {
      const int y = cell % grid;
      const float right = y + 1 < grid ? on_board[cell + 1] : 0.0f;
      const float channel = on_board[cell] * right;
      channel_sum += channel;
      board_cells += on_board[cell];
      for (int t = 0; t < Action::kNumTags; ++t) {
        const float expected = on_board[cell] != 0.0f ? (t + 1.0f) * channel : kMaskedLogit;
        for (int b = 0; b < 2; ++b) {
          ASSERT_EQ(logits[static_cast<std::size_t>(b * e.policy_size() + t * cells + cell)],
                    expected)
              << v->name << " plane " << t << " cell " << cell;
        }
      }
    }
    const double mean = channel_sum / board_cells;
    const double total = std::exp(mean) + 2.0;
    for (int b = 0; b < 2; ++b) {
      EXPECT_NEAR(wdl[3 * b + 0], std::exp(mean) / total, 1e-6) << v->name;
      EXPECT_NEAR(wdl[3 * b + 1], 1.0 / total, 1e-6) << v->name;
      EXPECT_NEAR(wdl[3 * b + 2], 1.0 / total, 1e-6) << v->name;
    }
  }
}

void expect_refused(const NetWeights& w, const std::string& layer) {
  try {
    CpuNetwork cpu(w, 7);
    ADD_FAILURE() << "no error for " << layer;
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("network layer " + layer), std::string::npos) << e.what();
  }
}

TEST(CpuNetwork, RefusesWeightsThatDoNotFitTogether) {
  NetWeights w = shift_right_net(1);
  w.stem.inputs = 3;
  w.stem.weight.resize(3 * 9);
  expect_refused(w, "stem");

  w = shift_right_net(1);
  w.tower[0].second = zeros(1, 2, 3);  // two channels where the residual has one
  expect_refused(w, "block0 second");

  w = shift_right_net(1);
  w.tower[0].pool_bias = zeros(1, 1, 1);  // pooling gives two inputs per channel
  expect_refused(w, "block0 pool_bias");

  w = shift_right_net(1);
  w.policy_out.weight.pop_back();
  expect_refused(w, "policy_out");

  w = shift_right_net(1);
  w.value_out = zeros(1, 2, 1);
  expect_refused(w, "value_out");

  w = shift_right_net(1);
  w.value_conv.kernel = 5;
  expect_refused(w, "value_conv");
}

}  // namespace
}  // namespace zertz::nn
