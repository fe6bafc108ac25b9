// The trainer's outcome-parts loss: it fits the parts heads, and a net with them needs targets.
#include <gtest/gtest.h>

#include <stdexcept>

#include "nn/features.h"
#include "nn/outcome_parts.h"
#include "training/trainer.h"

namespace zertz::training {
namespace {

nn::ZertzNet parts_net() {
  nn::ModelConfig config = nn::ModelConfig::named("tiny");
  config.fast_value_channels = 4;
  config.fast_value_hidden = 8;
  config.outcome_parts = true;
  torch::manual_seed(11);
  return nn::ZertzNet(config);
}

struct Batch {
  torch::Tensor inputs, policy, value, parts;
};

Batch fixed_batch(int size) {
  torch::manual_seed(12);
  Batch b;
  b.inputs = torch::rand({size, nn::kNumInputPlanes, 7, 7}).round();
  b.inputs.select(1, nn::kPlaneOnBoard).fill_(1.0);
  b.policy = torch::softmax(torch::randn({size, 10 * 49}), 1);
  b.value = torch::zeros({size, 3});
  b.value.select(1, 0).fill_(1.0);
  b.parts = torch::rand({size, nn::kNumOutcomeParts});
  return b;
}

TEST(TrainerOutcomeParts, StepsFitBothHeadsParts) {
  TrainerParams params;
  params.warmup_steps = 0;
  params.learning_rate = 3e-3;
  Trainer trainer(parts_net(), params);
  Batch b = fixed_batch(16);
  StepLosses first = trainer.step(b.inputs, b.policy, b.value, b.parts);
  ASSERT_GT(first.outcome_parts, 0.0);
  ASSERT_GT(first.fast_outcome_parts, 0.0);
  StepLosses last = first;
  for (int i = 0; i < 150; ++i) last = trainer.step(b.inputs, b.policy, b.value, b.parts);
  EXPECT_LT(last.outcome_parts, 0.5 * first.outcome_parts);
  EXPECT_LT(last.fast_outcome_parts, 0.5 * first.fast_outcome_parts);
}

TEST(TrainerOutcomeParts, ANetWithPartsRefusesAStepWithoutTheirTargets) {
  Trainer trainer(parts_net(), TrainerParams{});
  Batch b = fixed_batch(4);
  EXPECT_THROW(trainer.step(b.inputs, b.policy, b.value), std::invalid_argument);
}

TEST(TrainerOutcomeParts, ANetWithoutPartsReportsNone) {
  torch::manual_seed(13);
  Trainer trainer(nn::ZertzNet(nn::ModelConfig::named("tiny")), TrainerParams{});
  Batch b = fixed_batch(4);
  StepLosses losses = trainer.step(b.inputs, b.policy, b.value);
  EXPECT_EQ(losses.outcome_parts, -1.0);
  EXPECT_EQ(losses.fast_outcome_parts, -1.0);
  EXPECT_GT(losses.total, 0.0);
}

}  // namespace
}  // namespace zertz::training
