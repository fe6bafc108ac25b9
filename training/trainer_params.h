// The optimiser's settings and a step's losses (training/trainer.h), without LibTorch's headers,
// so that the settings and what reads them compile cheaply.
#pragma once

#include <cstdint>

namespace zertz::training {

struct TrainerParams {
  double learning_rate = 1e-3;
  std::int64_t warmup_steps = 100;
  std::int64_t decay_every_steps = 0;  // 0: no decay
  double decay_factor = 0.5;
  double weight_decay = 1e-4;
  double value_loss_weight = 1.0;
  // Weight of the fast value head's loss (nn/model.h); it trains only that head.
  double fast_value_loss_weight = 1.0;
  // Weight of the outcome parts' squared error (nn/outcome_parts.h), summed over the parts,
  // for each head that predicts them (model.outcome_parts).
  double outcome_parts_loss_weight = 1.0;
  // Weight of the soft policy head's cross-entropy (model.soft_policy; KataGo uses 8).
  double soft_policy_loss_weight = 8.0;
};

struct StepLosses {
  double policy = 0;
  double value = 0;
  double fast_value = -1;  // the fast value head's loss; -1 when the net has none
  double total = 0;
  // The outcome parts' squared error of the value head's and the fast head's predictions
  // (summed over the parts, averaged over the batch); -1 when the net predicts none.
  double outcome_parts = -1;
  double fast_outcome_parts = -1;
  // The soft policy head's cross-entropy against the softened target; -1 when the net has none.
  double soft_policy = -1;
};

}  // namespace zertz::training
