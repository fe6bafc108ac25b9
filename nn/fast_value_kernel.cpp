#include "nn/fast_value_kernel.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace zertz::nn::fast_value_kernel {

namespace {

constexpr int kTaps = 9;
constexpr int kValueOutputs = 3;

// Eight floats that the compiler keeps in one AVX register (two SSE ones in the baseline).
using Lanes = float __attribute__((vector_size(32)));
constexpr int kLanes = 8;

// a += x * w over n floats. With a width known in whole registers the sums are written as
// vector operations: left to itself the compiler unrolls the short loop into scalar ones, for
// it cannot rule out that a and w overlap.
template <int kWidth>
[[gnu::always_inline]] inline void add_scaled(float* a, const float* w, float x, int n) {
  if constexpr (kWidth > 0 && kWidth % kLanes == 0) {
    for (int f = 0; f < kWidth; f += kLanes) {
      Lanes sum, weight;
      std::memcpy(&sum, a + f, sizeof sum);
      std::memcpy(&weight, w + f, sizeof weight);
      sum += x * weight;
      std::memcpy(a + f, &sum, sizeof sum);
    }
  } else {
    for (int f = 0; f < n; ++f) a[f] += x * w[f];
  }
}

// An input cell of value x: its weights through each tap added at the cell that tap reaches.
template <int kWidth>
[[gnu::always_inline]] inline void add_cell(float* acc, const int* reach, const float* weight,
                                            float x, int n) {
  for (int t = 0; t < kTaps; ++t) {
    if (reach[t] >= 0)
      add_scaled<kWidth>(acc + static_cast<std::ptrdiff_t>(reach[t]) * n, weight + t * n, x, n);
  }
}

// The cells of a plane, each of value x.
template <int kWidth>
[[gnu::always_inline]] inline void add_plane(const Layout& l, float* acc, int plane, Mask cells,
                                             float x, int n) {
  const float* weight = l.conv_weight + static_cast<std::ptrdiff_t>(plane) * kTaps * n;
  for (Mask m = cells; m; m &= m - 1)
    add_cell<kWidth>(acc, l.scatter + __builtin_ctzll(m) * kTaps, weight, x, n);
}

// mean += relu(a), max = max(max, relu(a)) over n channels.
[[gnu::always_inline]] inline void pool_cell(const float* __restrict a, float* __restrict sum,
                                             float* __restrict max, int n) {
  for (int f = 0; f < n; ++f) {
    const float h = std::max(a[f], 0.0f);
    sum[f] += h;
    max[f] = std::max(max[f], h);
  }
}

// kWidth and kUnits are the channel and hidden unit counts when known at compile time, else 0.
// Inlined into each instruction-set variant below, so that each compiles it with its own
// instructions.
template <int kWidth, int kUnits>
[[gnu::always_inline]] inline void evaluate_with(const Layout& l, const InputSets& in,
                                                 float* scratch, float* out) {
  const int n = kWidth > 0 ? kWidth : l.channels;
  const int cells = l.cells;
  float* acc = scratch;
  std::copy(l.base, l.base + static_cast<std::ptrdiff_t>(cells) * n, acc);
  // The convolution adds each set input cell's weights to the cells its taps reach. The base
  // holds a ring on every cell: the ring plane takes away the rings removed.
  add_plane<kWidth>(l, acc, kPlaneRing, l.all_cells & ~in.cells[kPlaneRing], -1.0f, n);
  for (int p = kPlaneRing + 1; p < kFastValueSpatialPlanes; ++p)
    add_plane<kWidth>(l, acc, p, in.cells[p], 1.0f, n);
  // nn/model.h's global_pool of relu(conv): mean over the board, max (all values are >= 0).
  const int features = 2 * n + kFastValueScalars;
  float* z = acc + static_cast<std::ptrdiff_t>(cells) * n;
  std::fill(z, z + features, 0.0f);
  for (int o = 0; o < cells; ++o) pool_cell(acc + static_cast<std::ptrdiff_t>(o) * n, z, z + n, n);
  for (int f = 0; f < n; ++f) z[f] /= static_cast<float>(cells);
  std::copy(in.constants.begin(), in.constants.end(), z + 2 * n);
  // The hidden layer a feature at a time across all units: no sums across a register.
  const int units = kUnits > 0 ? kUnits : l.hidden_units;
  float* hidden = z + features;
  std::copy(l.hidden_bias, l.hidden_bias + units, hidden);
  for (int i = 0; i < features; ++i)
    add_scaled<kUnits>(hidden, l.hidden_weight + static_cast<std::ptrdiff_t>(i) * units, z[i],
                       units);
  for (int u = 0; u < units; ++u) hidden[u] = std::max(hidden[u], 0.0f);
  float logits[kValueOutputs];
  for (int k = 0; k < kValueOutputs; ++k) {
    float sum = l.out_bias[k];
    const float* row = l.out_weight + static_cast<std::ptrdiff_t>(k) * units;
    for (int u = 0; u < units; ++u) sum += row[u] * hidden[u];
    logits[k] = sum;
  }
  const float top = std::max({logits[0], logits[1], logits[2]});
  float total = 0;
  for (int k = 0; k < kValueOutputs; ++k) total += out[k] = std::exp(logits[k] - top);
  for (int k = 0; k < kValueOutputs; ++k) out[k] /= total;
}

// nn/model_config's default fast_value_channels and fast_value_hidden, and the head of twice
// those widths that fits its games better (docs/experiments.md E26).
constexpr int kDefaultChannels = 16, kDefaultUnits = 32;
constexpr int kWideChannels = 32, kWideUnits = 64;

[[gnu::always_inline]] inline void evaluate_any(const Layout& l, const InputSets& in,
                                                float* scratch, float* out) {
  if (l.channels == kDefaultChannels && l.hidden_units == kDefaultUnits)
    evaluate_with<kDefaultChannels, kDefaultUnits>(l, in, scratch, out);
  else if (l.channels == kWideChannels && l.hidden_units == kWideUnits)
    evaluate_with<kWideChannels, kWideUnits>(l, in, scratch, out);
  else
    evaluate_with<0, 0>(l, in, scratch, out);
}

void evaluate_baseline(const Layout& l, const InputSets& in, float* scratch, float* out) {
  evaluate_any(l, in, scratch, out);
}

#if defined(__x86_64__)
[[gnu::target("avx2,fma")]] void evaluate_avx2(const Layout& l, const InputSets& in, float* scratch,
                                               float* out) {
  evaluate_any(l, in, scratch, out);
}

Evaluate best_for_this_cpu() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? evaluate_avx2
                                                                         : evaluate_baseline;
}
#else
Evaluate best_for_this_cpu() {
  return evaluate_baseline;
}
#endif

}  // namespace

std::size_t scratch_floats(const Layout& l) {
  return static_cast<std::size_t>(l.cells + 2) * l.channels + kFastValueScalars + l.hidden_units;
}

Evaluate evaluate(Choice choice) {
  static const Evaluate best = best_for_this_cpu();
  return choice == Choice::kBest ? best : evaluate_baseline;
}

}  // namespace zertz::nn::fast_value_kernel
