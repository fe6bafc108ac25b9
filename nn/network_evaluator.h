// The network's forward pass behind the search's Evaluator interface: encodes a batch of states,
// runs them through the network in one pass in the calling thread, and gives each request the
// softmax of its legal actions' logits, its value P(win) - P(loss) and, when asked, P(draw).
// Two engines run the pass: LibTorch (nn/inference_module.h, CPU or CUDA) and the torch-free
// Eigen one (nn/cpu_network.h), which is faster for the tiny net's small batches on a CPU.
// One forward pass at a time: put a mcts::BatchingEvaluator in front of it to share it among
// threads (nn/batched_evaluator.h builds that stack). Torch-free header.
#pragma once

#include <memory>
#include <string>

#include "mcts/evaluator.h"

namespace zertz::nn {

class ZertzNetImpl;

// The largest batch the Eigen engine runs for `backend` (auto, libtorch or eigen) on a device
// that is_cuda or not, for a tower this wide; larger batches run on LibTorch. libtorch: 0;
// eigen: kAlwaysEigen (the CPU only); auto: kAutoEigenMaxBatch on the CPU for towers of at most
// kAutoEigenMaxChannels, else 0. Measured (docs/experiments.md, "Figures", `zertz bench nn`): the
// tiny net (16 channels) runs 3.7x faster on Eigen for one position, 1.3x for 8, 0.6x for 64; the
// small one (64) is faster on LibTorch at every batch. Throws std::runtime_error with one line
// for another name or eigen on CUDA.
inline constexpr int kAlwaysEigen = 1 << 30;
inline constexpr int kAutoEigenMaxBatch = 16;
inline constexpr int kAutoEigenMaxChannels = 32;
int eigen_batch_limit(const std::string& backend, bool is_cuda, int tower_channels);

class NetworkEvaluator : public mcts::Evaluator {
 public:
  // Copies the network's weights (eval mode, batch norm folded) onto `device` (auto, cpu or
  // cuda: nn/inference_module.h) for `backend` (eigen_batch_limit); `variant` fixes the board.
  NetworkEvaluator(ZertzNetImpl& net, const Variant& variant, const std::string& device,
                   const std::string& backend, int intra_op_threads);
  // The same from an exported model.pt (nn/export.h); throws CheckpointError when it does not
  // load.
  NetworkEvaluator(const std::string& torchscript_path, const Variant& variant,
                   const std::string& device, const std::string& backend, int intra_op_threads);
  ~NetworkEvaluator() override;
  NetworkEvaluator(const NetworkEvaluator&) = delete;
  NetworkEvaluator& operator=(const NetworkEvaluator&) = delete;

  void evaluate(std::span<const mcts::EvalRequest> batch) override;
  bool reports_draws() const override { return true; }
  // The fast value head on the CPU (nn/fast_value.h), in the calling thread and beside forward
  // passes; whether the network has one is fixed at construction.
  bool has_fast_value() const override;
  float fast_value(const State& state) override;

  // Takes new weights; waits for a forward pass in progress, so none mixes old and new.
  void update_weights(ZertzNetImpl& net);

  std::string device() const;   // "cpu" or "cuda"
  std::string backend() const;  // "libtorch", "eigen", or both with the batch limit

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace zertz::nn
