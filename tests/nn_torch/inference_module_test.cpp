#include "nn/inference_module.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "nn/export.h"
#include "nn/features.h"
#include "tests/nn_torch/random_inputs.h"
#include "tests/scratch.h"

namespace zertz::nn {
namespace {

namespace fs = std::filesystem;

ZertzNet net_of(const std::string& size) {
  torch::manual_seed(3);
  ZertzNet net(ModelConfig::named(size));
  net->eval();
  return net;
}

// A batch larger than one CPU chunk runs in pieces; the pieces come back in order and agree with
// the C++ module on every row.
TEST(InferenceModule, ChunkedBatchEqualsTheModule) {
  ZertzNet net = net_of("small");
  InferenceModule inference(*net, torch::kCPU);
  const int chunk = inference.cpu_chunk(7);
  ASSERT_LT(chunk, 200);
  torch::manual_seed(4);
  auto x = testing::random_inputs(Variant::tournament(), chunk * 2 + 5);
  InferenceModule::Output out = inference.forward(x);
  torch::NoGradGuard no_grad;
  ModelOutput expected = net->forward(x);
  ASSERT_EQ(out.policy_logits.sizes(), expected.policy_logits.sizes());
  EXPECT_LT((out.policy_logits - expected.policy_logits).abs().max().item<float>(), 1e-4);
  auto wdl = torch::softmax(expected.value_logits, 1);
  EXPECT_LT((out.win_draw_loss - wdl).abs().max().item<float>(), 1e-5);
}

// The chunk follows the tower's width and the grid, also for a model loaded from model.pt.
TEST(InferenceModule, ChunkShrinksWithWidthAndGrid) {
  ZertzNet small = net_of("small");
  ZertzNet medium = net_of("medium");
  InferenceModule small_inference(*small, torch::kCPU);
  InferenceModule medium_inference(*medium, torch::kCPU);
  EXPECT_LT(medium_inference.cpu_chunk(7), small_inference.cpu_chunk(7));
  EXPECT_LT(small_inference.cpu_chunk(9), small_inference.cpu_chunk(7));
  EXPECT_EQ(small_inference.cpu_chunk(7) % 8, 0);

  fs::path dir = testing::scratch_path("chunk");
  export_model(*small, Variant::tournament(), 0, dir.string());
  InferenceModule loaded(load_torchscript((dir / "model.pt").string(), torch::kCPU), torch::kCPU);
  EXPECT_EQ(loaded.cpu_chunk(7), small_inference.cpu_chunk(7));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace zertz::nn
