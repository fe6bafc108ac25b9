// The soft policy target (KataGo): the search's policy raised to the power 1/4, renormalised,
// which a second policy head learns beside the main one.
#include <gtest/gtest.h>

#include "nn/features.h"
#include "training/trainer.h"

namespace zertz::training {
namespace {

TEST(SoftPolicy, EachShareIsRaisedToAQuarterAndRenormalised) {
  auto policy = torch::tensor({{0.0f, 0.9f, 0.1f, 0.0f}, {0.25f, 0.25f, 0.25f, 0.25f}});
  auto soft = softened_policy(policy);
  EXPECT_FLOAT_EQ(soft[0][0].item<float>(), 0.0f);  // an action never visited stays at 0
  EXPECT_FLOAT_EQ(soft[0][3].item<float>(), 0.0f);
  EXPECT_NEAR(soft[0][1].item<float>() / soft[0][2].item<float>(), std::pow(9.0, 0.25), 1e-5);
  EXPECT_NEAR(soft[0].sum().item<float>(), 1.0f, 1e-6);
  EXPECT_TRUE(torch::allclose(soft[1], policy[1]));  // a uniform policy is its own softening
}

nn::ZertzNet net(bool soft_policy) {
  nn::ModelConfig config = nn::ModelConfig::named("tiny");
  config.soft_policy = soft_policy;
  torch::manual_seed(21);
  return nn::ZertzNet(config);
}

// KL(p || q) over rows, averaged.
double divergence(const torch::Tensor& p, const torch::Tensor& log_q) {
  auto log_p = torch::log(p.clamp_min(1e-12));
  return (p * (log_p - log_q)).sum(1).mean().item<double>();
}

TEST(SoftPolicy, TheSoftHeadLearnsTheSoftenedTargetAndTheMainHeadTheSearchs) {
  TrainerParams params;
  params.warmup_steps = 0;
  params.learning_rate = 3e-3;
  Trainer trainer(net(true), params);
  torch::manual_seed(22);
  const int size = 8;
  auto inputs = torch::rand({size, nn::kNumInputPlanes, 7, 7}).round();
  inputs.select(1, nn::kPlaneOnBoard).fill_(1.0);
  auto policy = torch::softmax(12 * torch::randn({size, 10 * 49}), 1);  // peaked, as a search's
  auto value = torch::zeros({size, 3});
  value.select(1, 0).fill_(1.0);
  auto soft_target = softened_policy(policy);
  // The loss is a cross-entropy: what it can lose is its excess over the target's entropy.
  const double entropy = -divergence(soft_target, torch::zeros_like(soft_target));
  StepLosses first = trainer.step(inputs, policy, value);
  ASSERT_GT(first.soft_policy, 0.0);
  StepLosses last = first;
  for (int i = 0; i < 300; ++i) last = trainer.step(inputs, policy, value);
  EXPECT_LT(last.soft_policy - entropy, 0.3 * (first.soft_policy - entropy));

  torch::NoGradGuard no_grad;
  trainer.net()->eval();
  nn::ModelOutput out = trainer.net()->forward(inputs);
  auto log_soft_head = torch::log_softmax(out.soft_policy_logits, 1);
  auto log_main_head = torch::log_softmax(out.policy_logits, 1);
  // Each head is nearer its own target than the other head is.
  EXPECT_LT(divergence(soft_target, log_soft_head), 0.5 * divergence(soft_target, log_main_head));
  EXPECT_LT(divergence(policy, log_main_head), 0.5 * divergence(policy, log_soft_head));
}

TEST(SoftPolicy, ANetWithoutTheHeadReportsNone) {
  Trainer trainer(net(false), TrainerParams{});
  auto inputs = torch::ones({2, nn::kNumInputPlanes, 7, 7});
  auto policy = torch::full({2, 10 * 49}, 1.0 / 490);
  auto value = torch::full({2, 3}, 1.0 / 3);
  StepLosses losses = trainer.step(inputs, policy, value);
  EXPECT_EQ(losses.soft_policy, -1.0);
  EXPECT_FALSE(trainer.net()->forward(inputs).soft_policy_logits.defined());
}

}  // namespace
}  // namespace zertz::training
