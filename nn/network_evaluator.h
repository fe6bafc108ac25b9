// The network's forward pass behind the search's Evaluator interface: encodes a batch of states,
// runs them through the network in one pass in the calling thread, and gives each request the
// softmax of its legal actions' logits, its value P(win) - P(loss) and, when asked, P(draw).
// One forward pass at a time: put a mcts::BatchingEvaluator in front of it to share it among
// threads (nn/batched_evaluator.h builds that stack). Torch-free header.
#pragma once

#include <memory>
#include <string>

#include "mcts/evaluator.h"

namespace zertz::nn {

class ZertzNetImpl;

class NetworkEvaluator : public mcts::Evaluator {
 public:
  // Copies the network's weights (eval mode, batch norm folded) onto `device` (auto, cpu or
  // cuda: nn/inference_module.h); `variant` fixes the board.
  NetworkEvaluator(ZertzNetImpl& net, const Variant& variant, const std::string& device,
                   int intra_op_threads);
  // The same from an exported model.pt (nn/export.h); throws CheckpointError when it does not
  // load.
  NetworkEvaluator(const std::string& torchscript_path, const Variant& variant,
                   const std::string& device, int intra_op_threads);
  ~NetworkEvaluator() override;
  NetworkEvaluator(const NetworkEvaluator&) = delete;
  NetworkEvaluator& operator=(const NetworkEvaluator&) = delete;

  void evaluate(std::span<const mcts::EvalRequest> batch) override;
  bool reports_draws() const override { return true; }

  // Takes new weights; waits for a forward pass in progress, so none mixes old and new.
  void update_weights(ZertzNetImpl& net);

  std::string device() const;  // "cpu" or "cuda"

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace zertz::nn
