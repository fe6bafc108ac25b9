// Heads of the outcome's parts (model.outcome_parts): their outputs, checkpoints and exports.
#include "nn/outcome_parts.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "nn/checkpoint.h"
#include "nn/export.h"
#include "tests/nn_torch/random_inputs.h"
#include "tests/scratch.h"

namespace zertz::nn {
namespace {

ModelConfig parts_config(bool outcome_parts) {
  ModelConfig config = ModelConfig::named("tiny");
  config.fast_value_channels = 4;
  config.fast_value_hidden = 8;
  config.outcome_parts = outcome_parts;
  return config;
}

TEST(OutcomeParts, BothValueHeadsPredictThemOnlyWhenAsked) {
  auto x = testing::random_inputs(Variant::basic(), 5);
  torch::manual_seed(3);
  ZertzNet with(parts_config(true));
  ModelOutput out = with->forward(x);
  ASSERT_TRUE(out.outcome_parts.defined());
  ASSERT_TRUE(out.fast_outcome_parts.defined());
  EXPECT_EQ(out.outcome_parts.sizes(), (std::vector<std::int64_t>{5, kNumOutcomeParts}));
  EXPECT_EQ(out.fast_outcome_parts.sizes(), (std::vector<std::int64_t>{5, kNumOutcomeParts}));

  torch::manual_seed(3);
  ZertzNet without(parts_config(false));
  ModelOutput plain = without->forward(x);
  EXPECT_FALSE(plain.outcome_parts.defined());
  EXPECT_FALSE(plain.fast_outcome_parts.defined());
  // The heads add to the net; they change none of its other outputs' shapes.
  EXPECT_EQ(plain.policy_logits.sizes(), out.policy_logits.sizes());
  EXPECT_EQ(with->parameters().size(), without->parameters().size() + 4);
}

TEST(OutcomeParts, CheckpointsKeepThemAndANetWithoutThemRefusesTheirWeights) {
  torch::manual_seed(4);
  ZertzNet net(parts_config(true));
  CheckpointInfo info;
  info.model = net->config();
  std::string path = testing::scratch_path("ckpt-outcome-parts").string();
  save_checkpoint(path, info, net, nullptr);
  EXPECT_TRUE(read_checkpoint_info(path).model.outcome_parts);

  torch::manual_seed(5);
  ZertzNet loaded(parts_config(true));
  load_checkpoint(path, loaded, nullptr);
  auto x = testing::random_inputs(Variant::basic(), 3);
  net->eval();
  loaded->eval();
  EXPECT_TRUE(torch::equal(net->forward(x).outcome_parts, loaded->forward(x).outcome_parts));
  EXPECT_TRUE(
      torch::equal(net->forward(x).fast_outcome_parts, loaded->forward(x).fast_outcome_parts));

  ZertzNet plain(parts_config(false));
  EXPECT_THROW(load_checkpoint(path, plain, nullptr), CheckpointError);
  std::filesystem::remove(path);
}

TEST(OutcomeParts, ExportsLeaveThemOut) {
  torch::manual_seed(6);
  ZertzNet net(parts_config(true));
  torch::jit::Module exported = to_torchscript(*net);
  for (const auto& p : exported.named_parameters()) {
    EXPECT_EQ(p.name.find("parts"), std::string::npos) << p.name;
  }
  auto x = testing::random_inputs(Variant::basic(), 2);
  net->eval();
  auto value = exported.forward({x}).toTuple()->elements()[1].toTensor();
  EXPECT_TRUE(torch::allclose(value, net->forward(x).value_logits, 1e-5, 1e-5));
}

}  // namespace
}  // namespace zertz::nn
