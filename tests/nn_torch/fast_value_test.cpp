// The fast value head: nn/fast_value.h on the CPU gives what the network's LibTorch head gives,
// from a network and from its export (whose fast_value method gives it too), on every board;
// networks without the head export and load as before.
#include "nn/fast_value.h"

#include <gtest/gtest.h>
#include <torch/script.h>

#include <nlohmann/json.hpp>

#include "nn/cpu_weights.h"
#include "nn/export.h"
#include "nn/model.h"
#include "nn/network_evaluator.h"
#include "tests/core/test_positions.h"

namespace zertz::nn {
namespace {

// 8 channels and 12 units take the kernel's general loops, 16 and 32 (the default) its loops
// of known length.
ZertzNet net_with_fast_head(int channels = 8) {
  torch::manual_seed(5);
  ModelConfig config = ModelConfig::named("tiny");
  config.fast_value_channels = channels;
  config.fast_value_hidden = channels == 16 ? 32 : 12;
  ZertzNet net(config);
  net->eval();
  return net;
}

// Encoded states of a few random games on the variant's board: [n, planes, G, G].
torch::Tensor encoded(const std::vector<State>& states, const Encoding& e) {
  auto x =
      torch::empty({static_cast<std::int64_t>(states.size()), kNumInputPlanes, e.grid(), e.grid()});
  for (std::size_t i = 0; i < states.size(); ++i)
    e.encode(states[i], x[static_cast<std::int64_t>(i)].data_ptr<float>());
  return x;
}

// Both kernels (the fastest for this CPU and the baseline), both channel counts, every board.
TEST(FastValue, TheCpuHeadGivesTheNetworksOutputsOnEveryBoard) {
  for (int channels : {8, 16}) {
    ZertzNet net = net_with_fast_head(channels);
    torch::jit::Module exported = to_torchscript(*net);
    for (const Variant* v : Variant::all()) {
      const Encoding& e = Encoding::of(*v->board);
      const NetWeights weights = cpu_weights(exported);
      FastValueNet best(*weights.fast_value, *v->board);
      FastValueNet baseline(*weights.fast_value, *v->board, fast_value_kernel::Choice::kBaseline);
      std::vector<State> states = testing::random_states(*v, 4, 11);
      ASSERT_GT(states.size(), 20u);
      torch::Tensor x = encoded(states, e);
      torch::NoGradGuard no_grad;
      torch::Tensor direct = torch::softmax(net->forward(x).fast_value_logits, 1);
      torch::Tensor scripted = torch::softmax(exported.get_method("fast_value")({x}).toTensor(), 1);
      EXPECT_LT((scripted - direct).abs().max().item<double>(), 1e-5) << v->name;
      for (std::size_t i = 0; i < states.size(); ++i) {
        const auto row = static_cast<std::int64_t>(i);
        for (const FastValueNet* fast : {&best, &baseline}) {
          float wdl[3];
          fast->win_draw_loss(input_sets(states[i]), wdl);
          for (int k = 0; k < 3; ++k) {
            EXPECT_NEAR(wdl[k], direct[row][k].item<float>(), 1e-5)
                << v->name << " state " << i << " channels " << channels
                << (fast == &best ? " best" : " baseline");
          }
          EXPECT_NEAR(fast->value(states[i]), wdl[0] - wdl[2], 1e-6);
        }
      }
    }
  }
}

TEST(FastValue, TheHeadReadsTheInputNotTheTower) {
  ZertzNet net = net_with_fast_head();
  const Variant& v = Variant::basic();
  torch::Tensor x = encoded(testing::random_states(v, 1, 3), Encoding::of(*v.board));
  torch::NoGradGuard no_grad;
  torch::Tensor before = net->forward(x).fast_value_logits.clone();
  for (auto& p : net->stem->named_parameters()) p.value().normal_(0, 1);
  ModelOutput after = net->forward(x);
  EXPECT_TRUE(torch::equal(after.fast_value_logits, before));
}

TEST(FastValue, TheEvaluatorServesItAndAnExportNamesIt) {
  ZertzNet net = net_with_fast_head();
  const Variant& v = Variant::basic();
  NetworkEvaluator evaluator(*net, v, "cpu", "auto", 1);
  ASSERT_TRUE(evaluator.has_fast_value());
  FastValueNet fast(*cpu_weights(to_torchscript(*net)).fast_value, *v.board);
  for (const State& s : testing::random_states(v, 2, 9))
    EXPECT_FLOAT_EQ(evaluator.fast_value(s), fast.value(s));
  nlohmann::json doc = nlohmann::json::parse(model_json(*net, v, 7, mcts::SearchParams{}));
  EXPECT_EQ(doc.at("fast_value").at("method"), "fast_value");
  EXPECT_EQ(doc.at("fast_value").at("channels"), 8);

  ZertzNet plain(ModelConfig::named("tiny"));
  NetworkEvaluator without(*plain, v, "cpu", "auto", 1);
  EXPECT_FALSE(without.has_fast_value());
  EXPECT_FALSE(to_torchscript(*plain).find_method("fast_value").has_value());
  EXPECT_FALSE(
      nlohmann::json::parse(model_json(*plain, v, 7, mcts::SearchParams{})).contains("fast_value"));
}

TEST(FastValue, AMisshapenLayerIsRefusedByName) {
  ZertzNet net = net_with_fast_head();
  FastValueWeights w = *cpu_weights(to_torchscript(*net)).fast_value;
  w.hidden.inputs += 1;
  try {
    FastValueNet fast(w, *Variant::basic().board);
    FAIL() << "a misshapen hidden layer was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("fast value layer hidden"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace zertz::nn
