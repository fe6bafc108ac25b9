// The optimiser loop's single step: policy cross-entropy + value cross-entropy (win/draw/loss)
// + the outcome parts' squared error (nn/outcome_parts.h) + the soft policy head's
// cross-entropy (model.soft_policy) + weight decay (AdamW), with a learning-rate schedule
// (linear warm-up, then step decay).
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <memory>

#include "nn/model.h"
#include "training/trainer_params.h"

namespace zertz::training {

// The soft policy head's target: each row of `policy` [B, A] raised to the power 1/4 and
// renormalised (KataGo), so that moves the search visited little weigh more.
torch::Tensor softened_policy(const torch::Tensor& policy);

class Trainer {
 public:
  // Moves `net` to `device` (the optimiser's state follows it there).
  Trainer(nn::ZertzNet net, const TrainerParams& params, torch::Device device = torch::kCPU);

  // One optimiser step on a batch: inputs [B, planes, G, G], policy targets [B, 10 G G],
  // value targets [B, 3] (probabilities) and, for a net with outcome parts, their targets
  // [B, kNumOutcomeParts] (undefined otherwise), all on the CPU.
  StepLosses step(const torch::Tensor& inputs, const torch::Tensor& policy,
                  const torch::Tensor& value, const torch::Tensor& outcome_parts = {});

  // The same losses on a batch without learning from it: batch norm in inference mode, no
  // gradients (held-out figures).
  StepLosses evaluate(const torch::Tensor& inputs, const torch::Tensor& policy,
                      const torch::Tensor& value, const torch::Tensor& outcome_parts = {});

  double learning_rate_at(std::int64_t step) const;
  std::int64_t steps() const { return steps_; }
  void set_steps(std::int64_t steps) { steps_ = steps; }
  nn::ZertzNet& net() { return net_; }
  torch::optim::AdamW& optimizer() { return *optimizer_; }

 private:
  void check_targets(const torch::Tensor& outcome_parts) const;

  nn::ZertzNet net_;
  TrainerParams params_;
  torch::Device device_;
  std::unique_ptr<torch::optim::AdamW> optimizer_;
  std::int64_t steps_ = 0;
};

}  // namespace zertz::training
