#include "training/training_batch.h"

#include "nn/features.h"

namespace zertz::training {

bool TrainingBatch::draw(const ReplayWindow& window, int size, bool with_parts, Rng& rng) {
  const nn::Encoding& e = nn::Encoding::of(*window.variant().board);
  const auto n = static_cast<std::size_t>(size);
  inputs_.resize(n * static_cast<std::size_t>(e.input_size()));
  policy_.resize(n * static_cast<std::size_t>(e.policy_size()));
  value_.resize(n * 3);
  parts_.resize(with_parts ? n * nn::kNumOutcomeParts : 0);
  if (!window.sample(size, rng, inputs_.data(), policy_.data(), value_.data(),
                     with_parts ? parts_.data() : nullptr))
    return false;
  inputs = torch::from_blob(inputs_.data(), {size, nn::kNumInputPlanes, e.grid(), e.grid()});
  policy = torch::from_blob(policy_.data(), {size, e.policy_size()});
  value = torch::from_blob(value_.data(), {size, 3});
  outcome_parts =
      with_parts ? torch::from_blob(parts_.data(), {size, nn::kNumOutcomeParts}) : torch::Tensor();
  return true;
}

}  // namespace zertz::training
