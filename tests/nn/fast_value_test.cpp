// The fast value head's sparse kernels (nn/fast_value.h, nn/fast_value_kernel.h) against the
// dense convolution written out plainly, on random weights and positions of every board, for
// the kernel this CPU runs and the baseline, at the default widths (16 channels, 32 hidden
// units), the wide head's (32, 64), another whole number of vector registers (8 channels) and
// one that is not (12).
// Torch-free, so the sanitizers see it; tests/nn_torch/fast_value_test.cpp checks the same head
// against LibTorch.
#include "nn/fast_value.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/variant.h"
#include "tests/core/test_positions.h"

namespace zertz::nn {
namespace {

DenseLayer random_layer(int inputs, int outputs, int kernel, std::mt19937& rng) {
  std::normal_distribution<float> normal(0.0f, 0.4f);
  DenseLayer d;
  d.inputs = inputs;
  d.outputs = outputs;
  d.kernel = kernel;
  d.weight.resize(static_cast<std::size_t>(outputs) * inputs * kernel * kernel);
  for (float& x : d.weight) x = normal(rng);
  d.bias.resize(static_cast<std::size_t>(outputs));
  for (float& x : d.bias) x = normal(rng);
  return d;
}

FastValueWeights random_head(int channels, int hidden, unsigned seed) {
  std::mt19937 rng(seed);
  FastValueWeights w;
  w.conv = random_layer(kFastValueSpatialPlanes, channels, 3, rng);
  w.hidden = random_layer(2 * channels + kFastValueScalars, hidden, 1, rng);
  w.out = random_layer(hidden, 3, 1, rng);
  return w;
}

// nn/model.h's head as LibTorch computes it: a zero-padded 3x3 convolution over the whole grid,
// relu, mean and max over the board's cells, the scalar planes, a relu layer and a softmax.
std::vector<float> dense_head(const FastValueWeights& w, const Encoding& e, const float* x) {
  const int grid = e.grid(), cells = e.grid_cells(), channels = w.conv.outputs;
  std::vector<int> board;
  for (int g = 0; g < cells; ++g) {
    if (x[static_cast<std::size_t>(kPlaneOnBoard) * cells + g] == 1.0f) board.push_back(g);
  }
  std::vector<float> z(static_cast<std::size_t>(2 * channels + kFastValueScalars), 0.0f);
  for (int f = 0; f < channels; ++f) {
    for (int g : board) {
      const int r = g / grid, c = g % grid;
      float sum = w.conv.bias[static_cast<std::size_t>(f)];
      for (int p = 0; p < kFastValueSpatialPlanes; ++p) {
        for (int ky = 0; ky < 3; ++ky) {
          for (int kx = 0; kx < 3; ++kx) {
            const int ir = r + ky - 1, ic = c + kx - 1;
            if (ir < 0 || ir >= grid || ic < 0 || ic >= grid) continue;
            sum +=
                w.conv
                    .weight[((static_cast<std::size_t>(f) * kFastValueSpatialPlanes + p) * 3 + ky) *
                                3 +
                            kx] *
                x[static_cast<std::size_t>(p) * cells + ir * grid + ic];
          }
        }
      }
      const float h = std::max(sum, 0.0f);
      z[static_cast<std::size_t>(f)] += h / static_cast<float>(board.size());
      z[static_cast<std::size_t>(channels + f)] = std::max(z[channels + f], h);
    }
  }
  for (int s = 0; s < kFastValueScalars; ++s)
    z[2 * channels + s] =
        x[static_cast<std::size_t>(kFastValueSpatialPlanes + s) * cells + board[0]];
  std::vector<float> hidden(w.hidden.bias);
  for (std::size_t u = 0; u < hidden.size(); ++u) {
    for (std::size_t i = 0; i < z.size(); ++i)
      hidden[u] += w.hidden.weight[u * z.size() + i] * z[i];
    hidden[u] = std::max(hidden[u], 0.0f);
  }
  std::vector<float> out(w.out.bias);
  for (std::size_t k = 0; k < 3; ++k) {
    for (std::size_t u = 0; u < hidden.size(); ++u)
      out[k] += w.out.weight[k * hidden.size() + u] * hidden[u];
  }
  const float top = *std::max_element(out.begin(), out.end());
  float total = 0;
  for (float& o : out) total += o = std::exp(o - top);
  for (float& o : out) o /= total;
  return out;
}

TEST(FastValueKernel, TheSparseSumsGiveTheDenseConvolutionsOutputs) {
  for (int channels : {16, 32, 8, 12}) {
    // The default head, the wide one (both with loops of known length), and two others.
    const int hidden = channels == 16 ? 32 : channels == 32 ? 64 : 20;
    const FastValueWeights w =
        random_head(channels, hidden, 100u + static_cast<unsigned>(channels));
    for (const Variant* v : Variant::all()) {
      const Encoding& e = Encoding::of(*v->board);
      const FastValueNet best(w, *v->board);
      const FastValueNet baseline(w, *v->board, fast_value_kernel::Choice::kBaseline);
      std::vector<float> x(static_cast<std::size_t>(e.input_size()));
      for (const State& s : testing::random_states(*v, 3, 17)) {
        e.encode(s, x.data());
        const std::vector<float> want = dense_head(w, e, x.data());
        for (const FastValueNet* fast : {&best, &baseline}) {
          float wdl[3];
          fast->win_draw_loss(input_sets(s), wdl);
          for (int k = 0; k < 3; ++k) {
            EXPECT_NEAR(wdl[k], want[static_cast<std::size_t>(k)], 2e-5)
                << v->name << ", " << channels << " channels, "
                << (fast == &best ? "best" : "baseline") << " kernel, output " << k;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace zertz::nn
