// The network, its TorchScript export reloaded in C++ and in Python, ONNX conversion and the
// example client all agree.
#include "nn/export.h"

#include <gtest/gtest.h>
#include <torch/script.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/position.h"
#include "nn/features.h"
#include "tests/core/test_positions.h"
#include "tests/nn_torch/random_inputs.h"
#include "tests/scratch.h"

namespace zertz::nn {
namespace {

namespace fs = std::filesystem;
using zertz::testing::random_inputs;
using zertz::testing::randomised_net;

double max_diff(const torch::Tensor& a, const torch::Tensor& b) {
  return (a - b).abs().max().item<double>();
}

void write_floats(const fs::path& path, const torch::Tensor& t) {
  auto c = t.contiguous();
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(c.data_ptr<float>()),
            static_cast<std::streamsize>(c.numel() * 4));
}

int run(const std::string& command) {
  return std::system((command + " > /dev/null 2>&1").c_str());
}

const std::string kPython = "/usr/bin/python3";
const std::string kSource = ZERTZ_SOURCE_DIR;

TEST(Model, OutputShapesAndOffBoardMask) {
  ZertzNet net(ModelConfig::named("tiny"));
  net->eval();
  for (const Variant* v : Variant::all()) {
    const Encoding& e = Encoding::of(*v->board);
    auto x = random_inputs(*v, 3);
    torch::NoGradGuard no_grad;
    ModelOutput out = net->forward(x);
    ASSERT_EQ(out.policy_logits.sizes(), (std::vector<int64_t>{3, e.policy_size()}));
    ASSERT_EQ(out.value_logits.sizes(), (std::vector<int64_t>{3, 3}));
    for (int i = 0; i < e.policy_size(); ++i) {
      float logit = out.policy_logits[0][i].item<float>();
      if (e.on_board_policy_mask()[i] == 0.0f) {
        EXPECT_EQ(logit, kMaskedLogit);
      } else {
        EXPECT_GT(logit, kMaskedLogit / 2);
      }
    }
  }
}

TEST(Export, TorchScriptMatchesModelBeforeAndAfterReload) {
  for (const char* size : {"tiny", "small"}) {
    ZertzNet net = randomised_net(size);
    for (const Variant* v : {&Variant::tournament(), &Variant::tournament61()}) {
      auto x = random_inputs(*v, 5);
      torch::NoGradGuard no_grad;
      ModelOutput direct = net->forward(x);
      torch::jit::Module script = to_torchscript(*net);
      auto fresh = script.forward({x}).toTuple();
      EXPECT_LT(max_diff(fresh->elements()[0].toTensor(), direct.policy_logits), 1e-5) << size;
      EXPECT_LT(max_diff(fresh->elements()[1].toTensor(), direct.value_logits), 1e-5) << size;
      fs::path dir = testing::fresh_scratch_dir("export-reload");
      export_model(*net, *v, 0, dir.string());
      torch::jit::Module reloaded = torch::jit::load((dir / "model.pt").string());
      auto again = reloaded.forward({x}).toTuple();
      EXPECT_LT(max_diff(again->elements()[0].toTensor(), direct.policy_logits), 1e-5) << size;
      EXPECT_LT(max_diff(again->elements()[1].toTensor(), direct.value_logits), 1e-5) << size;
      fs::remove_all(dir);
    }
  }
}

TEST(Export, PythonRunsTheExportWithTheSameOutputsAndOnnxChecks) {
  ZertzNet net = randomised_net("small");
  const Variant& v = Variant::tournament();
  fs::path dir = testing::fresh_scratch_dir("export-python");
  export_model(*net, v, 7, dir.string());
  auto x = random_inputs(v, 4);
  torch::NoGradGuard no_grad;
  ModelOutput out = net->forward(x);
  write_floats(dir / "input.bin", x);
  write_floats(dir / "policy.bin", out.policy_logits);
  write_floats(dir / "value.bin", out.value_logits);
  std::ofstream(dir / "shape.txt")
      << "4 " << kNumInputPlanes << " " << v.board->grid_size() << "\n";
  EXPECT_EQ(run(kPython + " " + kSource + "/tests/nn/check_export.py " + dir.string()), 0);
  EXPECT_EQ(run(kPython + " " + kSource + "/scripts/export_onnx.py " + (dir / "model.pt").string() +
                " " + (dir / "model.onnx").string()),
            0);
  EXPECT_TRUE(fs::exists(dir / "model.onnx"));
  fs::remove_all(dir);
}

TEST(Export, ExampleClientEncodesLikeTheEngine) {
  ZertzNet net = randomised_net("tiny");
  for (const Variant* v : {&Variant::basic(), &Variant::tournament48()}) {
    fs::path dir = testing::fresh_scratch_dir("export-client");
    export_model(*net, *v, 0, dir.string());
    const Encoding& e = Encoding::of(*v->board);
    std::vector<State> states = testing::random_states(*v, 1, 21);
    for (std::size_t i = 0; i < states.size(); i += std::max<std::size_t>(1, states.size() / 6)) {
      std::string position = to_position_string(states[i]);
      fs::path planes = dir / "planes.bin";
      ASSERT_EQ(run(kPython + " " + kSource + "/scripts/example_client.py " + dir.string() + " '" +
                    position + "' --planes-out " + planes.string()),
                0)
          << position;
      std::vector<float> expected(e.input_size()), actual(e.input_size());
      e.encode(states[i], expected.data());
      std::ifstream in(planes, std::ios::binary);
      in.read(reinterpret_cast<char*>(actual.data()),
              static_cast<std::streamsize>(actual.size() * 4));
      ASSERT_TRUE(in.good());
      for (int k = 0; k < e.input_size(); ++k) {
        ASSERT_NEAR(actual[k], expected[k], 1e-6) << position << " plane " << k / e.grid_cells();
      }
    }
    fs::remove_all(dir);
  }
}

}  // namespace
}  // namespace zertz::nn
