// Growing a network (nn/grow.h): the grown network computes what the old one did, on every
// head, keeps the optimiser's moments in their new places, and its new units learn.
#include "nn/grow.h"

#include <gtest/gtest.h>

#include "core/variant.h"
#include "tests/nn_torch/random_inputs.h"

namespace zertz::nn {
namespace {

ModelConfig config_of(int blocks, int fast_channels, int fast_hidden) {
  ModelConfig config = ModelConfig::named("tiny");
  config.blocks = blocks;
  config.fast_value_channels = fast_channels;
  config.fast_value_hidden = fast_hidden;
  return config;
}

// A network whose every weight and batch-norm statistic is away from its initial value.
ZertzNet trained_looking_net(const ModelConfig& config) {
  torch::manual_seed(11);
  ZertzNet net(config);
  torch::NoGradGuard no_grad;
  for (auto& p : net->parameters()) p.add_(torch::randn_like(p) * 0.3);
  for (auto& item : net->named_buffers()) {
    if (item.key().find("running_mean") != std::string::npos) item.value().uniform_(-0.5, 0.5);
    if (item.key().find("running_var") != std::string::npos) item.value().uniform_(0.5, 1.5);
  }
  return net;
}

torch::optim::AdamW optimiser_of(ZertzNet& net) {
  return torch::optim::AdamW(net->parameters(), torch::optim::AdamWOptions(1e-3).weight_decay(0.1));
}

// One optimiser step on a loss that reaches every head.
void step(ZertzNet& net, torch::optim::AdamW& optimizer, const torch::Tensor& x) {
  net->train();
  optimizer.zero_grad();
  auto out = net->forward(x);
  auto loss = out.policy_logits.logsumexp(1).mean() + out.value_logits.pow(2).mean() +
              out.fast_value_logits.sin().mean();
  loss.backward();
  optimizer.step();
}

const torch::optim::AdamWParamState& moments(const torch::optim::AdamW& optimizer,
                                             const torch::Tensor& parameter) {
  auto it = optimizer.state().find(c10::guts::to_string(parameter.unsafeGetTensorImpl()));
  EXPECT_NE(it, optimizer.state().end());
  return static_cast<const torch::optim::AdamWParamState&>(*it->second);
}

struct Grown {
  ZertzNet old_net, net;
  torch::optim::AdamW old_optimizer, optimizer;
};

Grown grow(const ModelConfig& from, const ModelConfig& to, const torch::Tensor& x) {
  ZertzNet old_net = trained_looking_net(from);
  auto old_optimizer = optimiser_of(old_net);
  step(old_net, old_optimizer, x);
  ZertzNet net(to);
  auto optimizer = optimiser_of(net);
  grow_network(old_net, old_optimizer, net, optimizer);
  return {old_net, net, std::move(old_optimizer), std::move(optimizer)};
}

TEST(Grow, TheGrownNetworkComputesWhatTheOldOneDid) {
  const Variant& variant = *Variant::find("basic");
  auto x = testing::random_inputs(variant, 16);
  Grown g = grow(config_of(2, 8, 12), config_of(4, 16, 20), x);
  g.old_net->eval();
  g.net->eval();
  auto before = g.old_net->forward(x);
  auto after = g.net->forward(x);
  EXPECT_TRUE(torch::allclose(before.policy_logits, after.policy_logits, 1e-5, 1e-5));
  EXPECT_TRUE(torch::allclose(before.value_logits, after.value_logits, 1e-5, 1e-5));
  EXPECT_TRUE(torch::allclose(before.fast_value_logits, after.fast_value_logits, 1e-5, 1e-5));
  // ... and the new units are not all zero: the new channels do compute something.
  EXPECT_GT(g.net->fast_value->conv->weight.narrow(0, 8, 8).abs().sum().item<float>(), 0.f);
}

TEST(Grow, TheOptimiserMomentsMoveWithTheirWeights) {
  const Variant& variant = *Variant::find("basic");
  auto x = testing::random_inputs(variant, 8);
  Grown g = grow(config_of(2, 8, 12), config_of(3, 16, 20), x);
  // An unchanged layer keeps its moments and step.
  const auto& stem_before = moments(g.old_optimizer, g.old_net->stem->conv->weight);
  const auto& stem_after = moments(g.optimizer, g.net->stem->conv->weight);
  EXPECT_EQ(stem_after.step(), stem_before.step());
  EXPECT_TRUE(torch::equal(stem_after.exp_avg_sq(), stem_before.exp_avg_sq()));
  // The fast perceptron's columns: old channel c's max moves from column 8 + c to 16 + c, the
  // scalars from 16 to 32; the new channels' columns start with zero moments.
  const auto& hidden_before = moments(g.old_optimizer, g.old_net->fast_value->hidden->weight);
  const auto& hidden_after = moments(g.optimizer, g.net->fast_value->hidden->weight);
  auto old_rows = hidden_after.exp_avg().narrow(0, 0, 12);
  EXPECT_TRUE(torch::equal(old_rows.narrow(1, 16, 8), hidden_before.exp_avg().narrow(1, 8, 8)));
  EXPECT_TRUE(torch::equal(old_rows.narrow(1, 32, kFastValueScalars),
                           hidden_before.exp_avg().narrow(1, 16, kFastValueScalars)));
  EXPECT_EQ(hidden_after.exp_avg().narrow(1, 8, 8).abs().sum().item<float>(), 0.f);
  // A new block starts without moments, as a fresh parameter does.
  auto new_block = g.net->tower.back()->first->conv->weight;
  EXPECT_EQ(g.optimizer.state().count(c10::guts::to_string(new_block.unsafeGetTensorImpl())), 0u);
}

TEST(Grow, TheNewUnitsLearn) {
  const Variant& variant = *Variant::find("basic");
  auto x = testing::random_inputs(variant, 8);
  Grown g = grow(config_of(2, 8, 12), config_of(3, 16, 20), x);
  step(g.net, g.optimizer, x);
  step(g.net, g.optimizer, x);
  auto out_weight = g.net->fast_value->out->weight;
  EXPECT_GT(out_weight.narrow(1, 12, 8).abs().sum().item<float>(), 0.f);  // new hidden units
  auto hidden_weight = g.net->fast_value->hidden->weight;
  EXPECT_GT(hidden_weight.narrow(1, 8, 8).abs().sum().item<float>(), 0.f);  // new channels
  auto gate = g.net->tower.back()->second->bn->weight;
  EXPECT_GT(gate.abs().sum().item<float>(), 0.f);  // the new block opens
}

TEST(Grow, OnlyBlocksAndTheFastHeadGrow) {
  ModelConfig from = config_of(2, 8, 12);
  EXPECT_EQ(growth_refusal(from, config_of(3, 16, 20)), "");
  EXPECT_EQ(growth_refusal(from, from), "");
  ModelConfig wider = from;
  wider.channels = 32;
  EXPECT_NE(growth_refusal(from, wider).find("only blocks"), std::string::npos);
  EXPECT_NE(growth_refusal(from, config_of(1, 8, 12)).find("only grows"), std::string::npos);
  EXPECT_NE(growth_refusal(from, config_of(2, 8, 6)).find("only grows"), std::string::npos);
  EXPECT_NE(growth_refusal(config_of(2, 0, 32), config_of(2, 8, 32)).find("from none"),
            std::string::npos);
  ZertzNet old_net(from), net(wider);
  auto old_optimizer = optimiser_of(old_net);
  auto optimizer = optimiser_of(net);
  EXPECT_THROW(grow_network(old_net, old_optimizer, net, optimizer), std::invalid_argument);
}

}  // namespace
}  // namespace zertz::nn
