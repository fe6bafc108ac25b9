// A batch drawn from the replay window as the optimiser takes it: the window fills buffers kept
// from one draw to the next, and the tensors view them without a copy (so the next draw
// overwrites the last). The training loop and `zertz fit` draw alike.
#pragma once

#include <torch/torch.h>

#include <vector>

#include "training/replay_window.h"

namespace zertz::training {

class TrainingBatch {
 public:
  // Draws `size` positions, with the outcome parts' targets when `with_parts` (the window must
  // keep them); false while the window is empty.
  bool draw(const ReplayWindow& window, int size, bool with_parts, Rng& rng);

  // [size, planes, G, G], [size, 10 G G], [size, 3] and [size, kNumOutcomeParts] (undefined
  // without parts).
  torch::Tensor inputs, policy, value, outcome_parts;

 private:
  std::vector<float> inputs_, policy_, value_, parts_;
};

}  // namespace zertz::training
