// The Eigen forward pass (nn/cpu_network.h) gives the network's own outputs: from a network and
// from an exported model.pt, for each size with a test-sized cost, on every board.
#include "nn/cpu_network.h"

#include <gtest/gtest.h>
#include <torch/script.h>

#include <filesystem>

#include "nn/checkpoint_info.h"
#include "nn/cpu_weights.h"
#include "nn/export.h"
#include "nn/features.h"
#include "tests/nn_torch/random_inputs.h"
#include "tests/scratch.h"

namespace zertz::nn {
namespace {

namespace fs = std::filesystem;

struct Outputs {
  torch::Tensor policy_logits, win_draw_loss;
};

Outputs eigen_forward(const CpuNetwork& cpu, const torch::Tensor& x) {
  const auto batch = x.size(0);
  const auto grid = x.size(2);
  Outputs out{torch::empty({batch, cpu.policy_planes() * grid * grid}), torch::empty({batch, 3})};
  cpu.forward(x.contiguous().data_ptr<float>(), static_cast<int>(batch),
              out.policy_logits.data_ptr<float>(), out.win_draw_loss.data_ptr<float>());
  return out;
}

double max_diff(const torch::Tensor& a, const torch::Tensor& b) {
  return (a - b).abs().max().item<double>();
}

TEST(CpuNetwork, GivesTheNetworksOutputsOnEveryBoard) {
  for (const char* size : {"tiny", "small"}) {
    ZertzNet net = testing::randomised_net(size);
    for (const Variant* v : Variant::all()) {
      const Encoding& e = Encoding::of(*v->board);
      CpuNetwork cpu(cpu_weights(to_torchscript(*net)), e.grid());
      ASSERT_EQ(cpu.grid(), e.grid());
      auto x = testing::random_inputs(*v, 7);
      torch::NoGradGuard no_grad;
      ModelOutput direct = net->forward(x);
      Outputs eigen = eigen_forward(cpu, x);
      EXPECT_LT(max_diff(eigen.policy_logits, direct.policy_logits), 2e-4)
          << size << " " << v->name;
      EXPECT_LT(max_diff(eigen.win_draw_loss, torch::softmax(direct.value_logits, 1)), 1e-5)
          << size << " " << v->name;
      // A batch of one gives the first position's answer: positions do not leak into each other.
      Outputs one = eigen_forward(cpu, x.narrow(0, 0, 1));
      EXPECT_LT(max_diff(one.policy_logits, eigen.policy_logits.narrow(0, 0, 1)), 1e-5);
      EXPECT_LT(max_diff(one.win_draw_loss, eigen.win_draw_loss.narrow(0, 0, 1)), 1e-6);
    }
  }
}

TEST(CpuNetwork, AnExportedModelGivesTheSameOutputs) {
  ZertzNet net = testing::randomised_net("tiny");
  const Variant& v = Variant::tournament();
  fs::path dir = testing::fresh_scratch_dir("cpu-network-export");
  export_model(*net, v, 0, dir.string());
  torch::jit::Module loaded = torch::jit::load((dir / "model.pt").string());
  CpuNetwork from_file(cpu_weights(loaded), Encoding::of(*v.board).grid());
  CpuNetwork from_net(cpu_weights(to_torchscript(*net)), Encoding::of(*v.board).grid());
  auto x = testing::random_inputs(v, 3);
  Outputs a = eigen_forward(from_file, x), b = eigen_forward(from_net, x);
  EXPECT_EQ(max_diff(a.policy_logits, b.policy_logits), 0.0);
  EXPECT_EQ(max_diff(a.win_draw_loss, b.win_draw_loss), 0.0);
  fs::remove_all(dir);
}

TEST(CpuNetwork, AModuleWithoutTheExportsParametersIsACheckpointError) {
  torch::jit::Module empty("empty");
  try {
    cpu_weights(empty);
    ADD_FAILURE() << "no error";
  } catch (const CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find("stem_w"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace zertz::nn
