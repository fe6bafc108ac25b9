#include "nn/fast_value.h"

#include <array>
#include <stdexcept>
#include <string>

namespace zertz::nn {

namespace {

constexpr int kTaps = 9;
constexpr int kValueOutputs = 3;

void check(const DenseLayer& d, const std::string& name, int inputs, int kernel) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument("fast value layer " + name + ": " + what);
  };
  if (d.inputs != inputs) {
    fail("takes " + std::to_string(d.inputs) + " inputs where " + std::to_string(inputs) +
         " are given");
  }
  if (d.kernel != kernel)
    fail("kernel " + std::to_string(d.kernel) + ", not " + std::to_string(kernel));
  const std::size_t taps = static_cast<std::size_t>(kernel) * kernel;
  if (d.outputs <= 0 || d.weight.size() != static_cast<std::size_t>(d.outputs) * d.inputs * taps ||
      d.bias.size() != static_cast<std::size_t>(d.outputs)) {
    fail("its weights do not match its shape");
  }
}

}  // namespace

FastValueNet::FastValueNet(const FastValueWeights& w, const Board& board,
                           fast_value_kernel::Choice kernel)
    : evaluate_(fast_value_kernel::evaluate(kernel)) {
  check(w.conv, "conv", kFastValueSpatialPlanes, 3);
  channels_ = w.conv.outputs;
  check(w.hidden, "hidden", 2 * channels_ + kFastValueScalars, 1);
  hidden_units_ = w.hidden.outputs;
  check(w.out, "out", hidden_units_, 1);
  if (w.out.outputs != kValueOutputs) {
    throw std::invalid_argument("fast value layer out: gives " + std::to_string(w.out.outputs) +
                                " outputs, not 3");
  }
  const int cells = board.num_cells();
  all_cells_ = board.all_cells();
  // Cell o reads the cell at grid offset (t / 3 - 1, t % 3 - 1) from it through tap t.
  const Encoding& encoding = Encoding::of(board);
  const int grid = encoding.grid();
  std::vector<int> cell_at(static_cast<std::size_t>(encoding.grid_cells()), -1);
  for (int c = 0; c < cells; ++c) cell_at[static_cast<std::size_t>(encoding.grid_index(c))] = c;
  scatter_.assign(static_cast<std::size_t>(cells) * kTaps, -1);
  base_.assign(static_cast<std::size_t>(cells) * channels_, 0.0f);
  auto weight = [&](int channel, int plane, int tap) {
    return w.conv
        .weight[(static_cast<std::size_t>(channel) * kFastValueSpatialPlanes + plane) * kTaps +
                tap];
  };
  for (int o = 0; o < cells; ++o) {
    for (int f = 0; f < channels_; ++f) base_[o * channels_ + f] = w.conv.bias[f];
    const int r = encoding.grid_index(o) / grid, c = encoding.grid_index(o) % grid;
    for (int t = 0; t < kTaps; ++t) {
      const int ir = r + t / 3 - 1, ic = c + t % 3 - 1;
      if (ir < 0 || ir >= grid || ic < 0 || ic >= grid) continue;
      const int input = cell_at[static_cast<std::size_t>(ir * grid + ic)];
      if (input < 0) continue;  // off the board: every plane is 0 there
      scatter_[static_cast<std::size_t>(input) * kTaps + t] = o;
      // The on-board plane is 1 there, and the ring plane until its ring is taken.
      for (int f = 0; f < channels_; ++f)
        base_[o * channels_ + f] += weight(f, kPlaneOnBoard, t) + weight(f, kPlaneRing, t);
    }
  }
  conv_weight_.resize(static_cast<std::size_t>(kFastValueSpatialPlanes) * kTaps * channels_);
  for (int p = 0; p < kFastValueSpatialPlanes; ++p) {
    for (int t = 0; t < kTaps; ++t) {
      for (int f = 0; f < channels_; ++f)
        conv_weight_[(static_cast<std::size_t>(p) * kTaps + t) * channels_ + f] = weight(f, p, t);
    }
  }
  // By feature, so that the kernel adds each feature's column across all units at once.
  const int features = 2 * channels_ + kFastValueScalars;
  hidden_weight_.resize(w.hidden.weight.size());
  for (int u = 0; u < hidden_units_; ++u) {
    for (int i = 0; i < features; ++i)
      hidden_weight_[static_cast<std::size_t>(i) * hidden_units_ + u] =
          w.hidden.weight[static_cast<std::size_t>(u) * features + i];
  }
  hidden_bias_ = w.hidden.bias;
  out_weight_ = w.out.weight;
  out_bias_ = w.out.bias;
}

void FastValueNet::win_draw_loss(const InputSets& inputs, float* out) const {
  const fast_value_kernel::Layout layout{
      .cells = static_cast<int>(scatter_.size() / kTaps),
      .channels = channels_,
      .hidden_units = hidden_units_,
      .all_cells = all_cells_,
      .scatter = scatter_.data(),
      .conv_weight = conv_weight_.data(),
      .base = base_.data(),
      .hidden_weight = hidden_weight_.data(),
      .hidden_bias = hidden_bias_.data(),
      .out_weight = out_weight_.data(),
      .out_bias = out_bias_.data(),
  };
  // Reused by each thread: a search calls this for every new leaf.
  thread_local std::vector<float> scratch;
  scratch.resize(fast_value_kernel::scratch_floats(layout));
  evaluate_(layout, inputs, scratch.data(), out);
}

float FastValueNet::value(const State& state) const {
  std::array<float, kValueOutputs> wdl;
  win_draw_loss(input_sets(state), wdl.data());
  return wdl[0] - wdl[2];
}

}  // namespace zertz::nn
