// The policy/value network (LibTorch C++ frontend): a residual tower with optional global-pooling
// bias blocks (KataGo), a convolutional policy head whose off-board cells are masked out of the
// softmax, and a win/draw/loss value head. Includes torch: only nn/ and training/ .cpp files
// include this header.
#pragma once

#include <torch/torch.h>

#include "nn/features.h"
#include "nn/model_config.h"

namespace zertz::nn {

struct ModelOutput {
  torch::Tensor policy_logits;  // [B, 10 * G * G], off-board entries = kMaskedLogit
  torch::Tensor value_logits;   // [B, 3]: win, draw, loss from the mover's view
  // [B, 3] like value_logits, from the fast value head; undefined when the net has none.
  torch::Tensor fast_value_logits;
  // [B, kNumOutcomeParts] (nn/outcome_parts.h) from the value head's and the fast head's hidden
  // layers; undefined without model.outcome_parts (or, the fast one, without a fast head).
  torch::Tensor outcome_parts, fast_outcome_parts;
  // [B, 10 * G * G] like policy_logits, of the soft policy head; undefined without
  // model.soft_policy.
  torch::Tensor soft_policy_logits;
};

// conv (no bias) + batch norm: the unit that export folds into one convolution.
struct ConvBnImpl : torch::nn::Module {
  ConvBnImpl(int in, int out, int kernel);
  torch::Tensor forward(const torch::Tensor& x);
  torch::nn::Conv2d conv{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
};
TORCH_MODULE(ConvBn);

struct ResidualBlockImpl : torch::nn::Module {
  ResidualBlockImpl(int channels, bool global_pool);
  // mask: [B, 1, G, G], 1 on the board.
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& mask);
  ConvBn first{nullptr}, second{nullptr};
  torch::nn::Linear pool_bias{nullptr};  // only when global_pool
};
TORCH_MODULE(ResidualBlock);

// The fast value head: relu(conv3x3(spatial planes)) pooled like the tower, joined by the const
// planes' values (their mean over the board), through a perceptron to win/draw/loss logits. It
// reads the input, not the tower, so a search can run it alone (nn/fast_value.h).
struct FastValueHeadImpl : torch::nn::Module {
  FastValueHeadImpl(int channels, int hidden, bool outcome_parts);
  // x: [B, kNumInputPlanes, G, G]; mask: [B, 1, G, G] -> [B, 3], and the outcome parts
  // [B, kNumOutcomeParts] (undefined without their head).
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x,
                                                  const torch::Tensor& mask);
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear hidden{nullptr}, out{nullptr};
  torch::nn::Linear parts{nullptr};  // only with outcome parts
};
TORCH_MODULE(FastValueHead);

// Mean over on-board cells and max over all cells (inputs are >= 0 after ReLU and 0 off the
// board, so the plain max is the on-board max): [B, C, G, G] -> [B, 2C].
torch::Tensor global_pool(const torch::Tensor& x, const torch::Tensor& mask);

class ZertzNetImpl : public torch::nn::Module {
 public:
  explicit ZertzNetImpl(const ModelConfig& config);
  // x: [B, kNumInputPlanes, G, G]; plane 0 (on_board) is the board mask.
  ModelOutput forward(const torch::Tensor& x);
  const ModelConfig& config() const { return config_; }

  ConvBn stem{nullptr};
  std::vector<ResidualBlock> tower;
  ConvBn policy_conv{nullptr};
  torch::nn::Conv2d policy_out{nullptr};
  torch::nn::Conv2d soft_policy_out{nullptr};  // only when config.soft_policy
  ConvBn value_conv{nullptr};
  torch::nn::Linear value_hidden{nullptr}, value_out{nullptr};
  torch::nn::Linear value_parts{nullptr};  // only when config.outcome_parts
  FastValueHead fast_value{nullptr};       // only when config.fast_value_channels > 0

 private:
  ModelConfig config_;
};
TORCH_MODULE(ZertzNet);

// Multiply-accumulate count of one forward pass for one position on a G x G grid (for FLOP/s).
double forward_macs(const ModelConfig& config, int grid);

}  // namespace zertz::nn
