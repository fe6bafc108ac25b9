// The network's forward pass on the CPU without LibTorch: the layers of nn/model.h with batch
// norm folded (as nn/export.h folds them), run as Eigen matrix products. For the small nets
// trained on a laptop, LibTorch's per-operator cost is most of a forward pass (the tiny net:
// about 290 us for one position, docs/experiments.md, "Figures"), which this engine does not pay.
// Torch-free: nn/cpu_weights.h fills its weights from a network or an exported model.pt.
#pragma once

#include <memory>
#include <optional>
#include <vector>

namespace zertz::nn {

// A convolution (kernel 1 or 3, padding kernel / 2) or a linear layer (kernel 1), its bias
// included.
struct DenseLayer {
  int inputs = 0, outputs = 0, kernel = 1;
  std::vector<float> weight;  // [outputs][inputs][kernel][kernel]: LibTorch's layout
  std::vector<float> bias;    // [outputs]
};

// nn/model.h's fast value head: conv (3x3, from kFastValueSpatialPlanes), hidden, out.
struct FastValueWeights {
  DenseLayer conv, hidden, out;
};

struct NetWeights {
  struct Block {
    DenseLayer first, second;
    std::optional<DenseLayer> pool_bias;  // linear from 2 x channels (global pooling bias)
  };
  DenseLayer stem;
  std::vector<Block> tower;
  DenseLayer policy_conv, policy_out, value_conv, value_hidden, value_out;
  std::optional<FastValueWeights> fast_value;  // when the network has a fast value head
};

class CpuNetwork {
 public:
  // Throws std::invalid_argument naming the layer whose shape does not fit the one before.
  CpuNetwork(const NetWeights& weights, int grid);
  ~CpuNetwork();
  CpuNetwork(const CpuNetwork&) = delete;
  CpuNetwork& operator=(const CpuNetwork&) = delete;

  // inputs: [batch][kNumInputPlanes][grid][grid] as nn::Encoding writes them. Writes
  // policy_logits [batch][policy planes][grid][grid] (off-board cells kMaskedLogit) and
  // win_draw_loss [batch][3] (probabilities). Safe to call from several threads at once.
  void forward(const float* inputs, int batch, float* policy_logits, float* win_draw_loss) const;

  int grid() const;
  int policy_planes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace zertz::nn
