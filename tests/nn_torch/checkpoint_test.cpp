#include "nn/checkpoint.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/atomic_file.h"
#include "nn/features.h"
#include "tests/scratch.h"

namespace zertz::nn {
namespace {

namespace fs = std::filesystem;

torch::Tensor inputs() {
  torch::manual_seed(9);
  auto x = torch::rand({4, kNumInputPlanes, 7, 7});
  x.select(1, kPlaneOnBoard).fill_(1.0);
  return x;
}

// One optimiser step on a fixed target, so that Adam has state to save.
void train_step(ZertzNet& net, torch::optim::Adam& adam) {
  ModelOutput out = net->forward(inputs());
  auto loss = out.value_logits.pow(2).mean() + out.policy_logits.narrow(1, 0, 10).pow(2).mean();
  adam.zero_grad();
  loss.backward();
  adam.step();
}

std::string expect_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const CheckpointError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no CheckpointError";
  return "";
}

TEST(Checkpoint, RoundTripRestoresWeightsOptimiserStepConfigAndRandomState) {
  torch::manual_seed(1);
  ZertzNet net(ModelConfig::named("tiny"));
  torch::optim::Adam adam(net->parameters(), torch::optim::AdamOptions(1e-3));
  train_step(net, adam);
  CheckpointInfo info;
  info.model = net->config();
  info.variant = "tournament";
  info.step = 42;
  info.config_text = "model: tiny\n";
  info.rng_state = {1, 2, 3, 0xffffffffffffffffULL};
  info.counters = {{"games", 12}, {"samples", 3456}};
  std::string path = testing::scratch_path("ckpt-roundtrip").string();
  save_checkpoint(path, info, net, &adam);
  torch::Tensor next_random = torch::rand({3});

  torch::manual_seed(77);  // different initial weights and generator
  ZertzNet loaded(ModelConfig::named("tiny"));
  torch::optim::Adam loaded_adam(loaded->parameters(), torch::optim::AdamOptions(1e-3));
  CheckpointInfo back = load_checkpoint(path, loaded, &loaded_adam);
  EXPECT_EQ(back.step, 42);
  EXPECT_EQ(back.variant, "tournament");
  EXPECT_EQ(back.config_text, "model: tiny\n");
  EXPECT_EQ(back.rng_state, info.rng_state);
  EXPECT_EQ(back.counters, info.counters);
  EXPECT_TRUE(torch::equal(torch::rand({3}), next_random));

  // The same next step from both: weights and Adam's moments were restored exactly.
  train_step(net, adam);
  train_step(loaded, loaded_adam);
  auto a = net->parameters(), b = loaded->parameters();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(torch::allclose(a[i], b[i], 0, 1e-7)) << i;
  fs::remove(path);
}

TEST(Checkpoint, TruncatedFileIsRefused) {
  ZertzNet net(ModelConfig::named("tiny"));
  CheckpointInfo info;
  info.model = net->config();
  std::string path = testing::scratch_path("ckpt-truncated").string();
  save_checkpoint(path, info, net, nullptr);
  std::string data = read_file(path);
  for (std::size_t keep : {std::size_t{5}, std::size_t{30}, data.size() / 2, data.size() - 1}) {
    write_file_atomically(path, data.substr(0, keep));
    std::string message = expect_error([&] { read_checkpoint_info(path); });
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_TRUE(message.find("truncated") != std::string::npos ||
                message.find("not a zertz-zero") != std::string::npos ||
                message.find("damaged") != std::string::npos)
        << message;
  }
  write_file_atomically(path, data.substr(0, data.size() / 2));
  EXPECT_NE(expect_error([&] { read_checkpoint_info(path); }).find("is truncated"),
            std::string::npos);
  fs::remove(path);
}

TEST(Checkpoint, OtherFilesAndDamageAreRefused) {
  std::string path = testing::scratch_path("ckpt-other").string();
  write_file_atomically(path, "model: small\nthis is a config, not a checkpoint\n");
  EXPECT_NE(
      expect_error([&] { read_checkpoint_info(path); }).find("is not a zertz-zero checkpoint"),
      std::string::npos);

  ZertzNet net(ModelConfig::named("tiny"));
  CheckpointInfo info;
  info.model = net->config();
  save_checkpoint(path, info, net, nullptr);
  std::string data = read_file(path);
  data[data.size() / 2] ^= 0x5a;
  write_file_atomically(path, data);
  EXPECT_NE(expect_error([&] { read_checkpoint_info(path); }).find("checksum mismatch"),
            std::string::npos);

  fs::remove(path);
  EXPECT_NE(expect_error([&] { read_checkpoint_info(path); }).find("cannot read"),
            std::string::npos);
}

TEST(Checkpoint, ShapeMismatchNamesBothShapes) {
  ZertzNet tiny(ModelConfig::named("tiny"));
  CheckpointInfo info;
  info.model = tiny->config();
  std::string path = testing::scratch_path("ckpt-shape").string();
  save_checkpoint(path, info, tiny, nullptr);
  ZertzNet small(ModelConfig::named("small"));
  std::string message = expect_error([&] { load_checkpoint(path, small, nullptr); });
  EXPECT_NE(message.find("holds a network of tiny: 2 blocks x 16 channels"), std::string::npos)
      << message;
  EXPECT_NE(message.find("not small: 6 blocks x 64 channels"), std::string::npos) << message;
  fs::remove(path);
}

}  // namespace
}  // namespace zertz::nn
