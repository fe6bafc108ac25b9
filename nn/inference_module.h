// The network as the search runs it: eval-mode TorchScript with batch norm folded (from a ZertzNet
// or an exported model.pt) on the chosen device. On the CPU it is also frozen by
// optimize_for_inference, and a large batch runs in chunks small enough that one layer's
// activations stay in cache (docs/experiments.md, "Figures": a 256-position forward of the small
// net runs at 80% of the speed of four 64-position ones). Includes LibTorch: only the evaluator and
// the benchmark use it.
#pragma once

#include <torch/script.h>

#include <string>

#include "nn/model.h"

namespace zertz::nn {

// "auto" (CUDA when LibTorch sees a device), "cpu" or "cuda"; throws std::runtime_error with one
// line for cuda without a device or any other name.
torch::Device choose_device(const std::string& name);

// Throws CheckpointError (nn/checkpoint.h) when `path` does not load as TorchScript.
torch::jit::Module load_torchscript(const std::string& path, torch::Device device);

class InferenceModule {
 public:
  InferenceModule(ZertzNetImpl& net, torch::Device device);
  // From nn/export.h's to_torchscript or a model.pt loaded by load_torchscript.
  InferenceModule(torch::jit::Module exported, torch::Device device);

  struct Output {
    torch::Tensor policy_logits;  // [batch, policy size], on the CPU, contiguous
    torch::Tensor win_draw_loss;  // [batch, 3] probabilities, on the CPU, contiguous
  };
  // `inputs` [batch, planes, grid, grid] on the CPU. Not safe to call from two threads at once.
  Output forward(const torch::Tensor& inputs);

  torch::Device device() const { return device_; }
  int cpu_chunk(int grid) const;  // positions per forward pass on the CPU

 private:
  torch::Device device_;
  torch::jit::Module module_;
  std::int64_t tower_channels_;
};

}  // namespace zertz::nn
