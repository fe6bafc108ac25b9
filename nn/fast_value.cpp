#include "nn/fast_value.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

namespace zertz::nn {

namespace {

constexpr int kTaps = 9;
constexpr int kValueOutputs = 3;
constexpr int kMaxGridCells = 81;  // the 9x9 grid of the 48- and 61-ring boards

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

FastValueNet::FastValueNet(const FastValueWeights& w, const Board& board)
    : encoding_(Encoding::of(board)) {
  check(w.conv, "conv", kFastValueSpatialPlanes, 3);
  channels_ = w.conv.outputs;
  check(w.hidden, "hidden", 2 * channels_ + kFastValueScalars, 1);
  hidden_units_ = w.hidden.outputs;
  check(w.out, "out", hidden_units_, 1);
  if (w.out.outputs != kValueOutputs) {
    throw std::invalid_argument("fast value layer out: gives " + std::to_string(w.out.outputs) +
                                " outputs, not 3");
  }
  const int grid = encoding_.grid(), cells = encoding_.grid_cells();
  if (cells > kMaxGridCells) throw std::invalid_argument("fast value: grid too large");
  std::vector<bool> on(static_cast<std::size_t>(cells), false);
  for (int c = 0; c < board.num_cells(); ++c) {
    on_board_.push_back(encoding_.grid_index(c));
    on[static_cast<std::size_t>(encoding_.grid_index(c))] = true;
  }
  // Output cell o = (r, c) reads input (r + t / 3 - 1, c + t % 3 - 1) through tap t.
  scatter_.assign(static_cast<std::size_t>(cells) * kTaps, -1);
  base_.assign(static_cast<std::size_t>(cells) * channels_, 0.0f);
  auto weight = [&](int channel, int plane, int tap) {
    return w.conv
        .weight[(static_cast<std::size_t>(channel) * kFastValueSpatialPlanes + plane) * kTaps +
                tap];
  };
  for (int o = 0; o < cells; ++o) {
    if (!on[static_cast<std::size_t>(o)]) continue;
    for (int f = 0; f < channels_; ++f) base_[o * channels_ + f] = w.conv.bias[f];
    const int r = o / grid, c = o % grid;
    for (int t = 0; t < kTaps; ++t) {
      const int ir = r + t / 3 - 1, ic = c + t % 3 - 1;
      if (ir < 0 || ir >= grid || ic < 0 || ic >= grid) continue;
      const int input = ir * grid + ic;
      scatter_[static_cast<std::size_t>(input) * kTaps + t] = o;
      if (on[static_cast<std::size_t>(input)]) {  // the on-board plane is 1 there
        for (int f = 0; f < channels_; ++f) base_[o * channels_ + f] += weight(f, kPlaneOnBoard, t);
      }
    }
  }
  conv_weight_.resize(static_cast<std::size_t>(kFastValueSpatialPlanes) * kTaps * channels_);
  for (int p = 0; p < kFastValueSpatialPlanes; ++p) {
    for (int t = 0; t < kTaps; ++t) {
      for (int f = 0; f < channels_; ++f)
        conv_weight_[(static_cast<std::size_t>(p) * kTaps + t) * channels_ + f] = weight(f, p, t);
    }
  }
  hidden_weight_ = w.hidden.weight;
  hidden_bias_ = w.hidden.bias;
  out_weight_ = w.out.weight;
  out_bias_ = w.out.bias;
}

void FastValueNet::win_draw_loss(const float* inputs, float* out) const {
  const int cells = encoding_.grid_cells();
  // Reused by each thread: a search calls this for every new leaf.
  thread_local std::vector<float> acc, z, hidden;
  acc.assign(base_.begin(), base_.end());
  for (int p = kPlaneOnBoard + 1; p < kFastValueSpatialPlanes; ++p) {
    const float* plane = inputs + static_cast<std::ptrdiff_t>(p) * cells;
    for (int j = 0; j < cells; ++j) {
      const float x = plane[j];
      if (x == 0.0f) continue;
      for (int t = 0; t < kTaps; ++t) {
        const int o = scatter_[static_cast<std::size_t>(j) * kTaps + t];
        if (o < 0) continue;
        const float* wt = &conv_weight_[(static_cast<std::size_t>(p) * kTaps + t) * channels_];
        float* a = &acc[static_cast<std::size_t>(o) * channels_];
        for (int f = 0; f < channels_; ++f) a[f] += x * wt[f];
      }
    }
  }
  // nn/model.h's global_pool of relu(conv): mean over the board, max (all values are >= 0).
  const int features = 2 * channels_ + kFastValueScalars;
  z.assign(static_cast<std::size_t>(features), 0.0f);
  for (int o : on_board_) {
    const float* a = &acc[static_cast<std::size_t>(o) * channels_];
    for (int f = 0; f < channels_; ++f) {
      const float h = std::max(a[f], 0.0f);
      z[f] += h;
      z[channels_ + f] = std::max(z[channels_ + f], h);
    }
  }
  for (int f = 0; f < channels_; ++f) z[f] /= static_cast<float>(on_board_.size());
  for (int s = 0; s < kFastValueScalars; ++s) {
    z[2 * channels_ + s] = inputs[(kFastValueSpatialPlanes + s) * cells + on_board_.front()];
  }
  hidden.resize(static_cast<std::size_t>(hidden_units_));
  for (int u = 0; u < hidden_units_; ++u) {
    float sum = hidden_bias_[u];
    const float* row = &hidden_weight_[static_cast<std::size_t>(u) * features];
    for (int i = 0; i < features; ++i) sum += row[i] * z[i];
    hidden[u] = std::max(sum, 0.0f);
  }
  std::array<float, kValueOutputs> logits{};
  for (int k = 0; k < kValueOutputs; ++k) {
    float sum = out_bias_[k];
    const float* row = &out_weight_[static_cast<std::size_t>(k) * hidden_units_];
    for (int u = 0; u < hidden_units_; ++u) sum += row[u] * hidden[u];
    logits[k] = sum;
  }
  const float top = *std::max_element(logits.begin(), logits.end());
  float total = 0;
  for (int k = 0; k < kValueOutputs; ++k) total += out[k] = std::exp(logits[k] - top);
  for (int k = 0; k < kValueOutputs; ++k) out[k] /= total;
}

float FastValueNet::value(const State& state) const {
  std::array<float, kNumInputPlanes * kMaxGridCells> inputs;
  encoding_.encode(state, inputs.data());
  std::array<float, kValueOutputs> wdl;
  win_draw_loss(inputs.data(), wdl.data());
  return wdl[0] - wdl[2];
}

}  // namespace zertz::nn
