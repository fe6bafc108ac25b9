// Players by name: baselines, checkpoints and exported model directories.
#include "evaluation/player_factory.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/atomic_file.h"
#include "core/error.h"
#include "nn/checkpoint.h"
#include "nn/export.h"
#include "tests/scratch.h"

namespace zertz::evaluation {
namespace {

namespace fs = std::filesystem;

// Plays a few atomic actions with the factory's player and checks each is legal.
void plays_legal_actions(const PlayerFactory& factory, const Variant& variant) {
  auto player = factory.make(3);
  Game game{State(variant)};
  for (int i = 0; i < 6 && !game.is_terminal(); ++i) {
    Action a = player->choose_action(game);
    ASSERT_TRUE(game.state().is_legal(a)) << a.to_string(game.state().board());
    game.apply(a);
  }
}

TEST(PlayerFactory, CheckpointsAndExportedDirectoriesPlay) {
  fs::path dir = testing::fresh_scratch_dir("players-export");
  nn::ZertzNet net(nn::ModelConfig::named("tiny"));
  nn::CheckpointInfo info;
  info.model = net->config();
  info.variant = "tournament";
  save_checkpoint((dir / "tiny.ckpt").string(), info, net, nullptr);
  nn::export_model(*net, Variant::tournament(), 0, (dir / "export").string());
  PlayerSpec spec;
  spec.visits = 8;
  spec.intra_op_threads = 1;
  spec.device = "cpu";
  for (const fs::path& model : {dir / "tiny.ckpt", dir / "export"}) {
    spec.name = model.string();
    PlayerFactory factory(spec, Variant::tournament());
    plays_legal_actions(factory, Variant::tournament());
    EXPECT_NE(factory.evaluator(), nullptr);
    EXPECT_THROW(PlayerFactory(spec, Variant::basic()), nn::CheckpointError);  // another variant
  }
  spec.name = "greedy";
  plays_legal_actions(PlayerFactory(spec, Variant::basic()), Variant::basic());
  fs::remove_all(dir);
}

TEST(PlayerFactory, NetworksSearchWithTheLeafPlayoutsTheyWereTrainedWith) {
  fs::path dir = testing::fresh_scratch_dir("players-trained-search");
  nn::ZertzNet net(nn::ModelConfig::named("tiny"));
  nn::CheckpointInfo info;
  info.model = net->config();
  info.variant = "basic";
  info.config_text =
      "selfplay:\n  leaf_rollouts: 12\n  rollout_weight: 0.25\n  prior_temperature: 1.75\n"
      "  evaluate_after_visits: 24\n  cpuct: 2.5\n  fpu_reduction: 0.05\n"
      "  fpu_reduction_root: 0.01\n  dirichlet_epsilon: 0.5\n";
  save_checkpoint((dir / "trained.ckpt").string(), info, net, nullptr);
  mcts::SearchParams trained;
  trained.leaf_rollouts = 12;
  trained.rollout_weight = 0.25f;
  trained.prior_temperature = 1.75f;
  trained.evaluate_after_visits = 24;
  trained.cpuct = 2.5f;
  trained.fpu_reduction = 0.05f;
  trained.fpu_reduction_root = 0.01f;
  trained.dirichlet_epsilon = 0.5f;
  nn::export_model(*net, Variant::basic(), 0, (dir / "export").string(), trained);
  info.config_text.clear();  // a checkpoint without a config searches with the network alone
  save_checkpoint((dir / "bare.ckpt").string(), info, net, nullptr);
  PlayerSpec spec;
  spec.visits = 8;
  spec.intra_op_threads = 1;
  spec.device = "cpu";
  for (const fs::path& model : {dir / "trained.ckpt", dir / "export"}) {
    spec.name = model.string();
    PlayerFactory factory(spec, Variant::basic());
    EXPECT_EQ(factory.search_params().leaf_rollouts, 12) << model;
    EXPECT_FLOAT_EQ(factory.search_params().rollout_weight, 0.25f) << model;
    EXPECT_FLOAT_EQ(factory.search_params().prior_temperature, 1.75f) << model;
    EXPECT_EQ(factory.search_params().evaluate_after_visits, 24) << model;
    EXPECT_FLOAT_EQ(factory.search_params().cpuct, 2.5f) << model;
    EXPECT_FLOAT_EQ(factory.search_params().fpu_reduction, 0.05f) << model;
    EXPECT_FLOAT_EQ(factory.search_params().fpu_reduction_root, 0.01f) << model;
    EXPECT_EQ(factory.search_params().dirichlet_epsilon, 0.0f) << "self-play's noise stays there";
    plays_legal_actions(factory, Variant::basic());
  }
  spec.name = (dir / "bare.ckpt").string();
  EXPECT_EQ(PlayerFactory(spec, Variant::basic()).search_params().leaf_rollouts, 0);
  // A run from before leaf playouts existed searched without them, whatever today's default.
  info.config_text = "selfplay:\n  full_visits: 40\n";
  save_checkpoint((dir / "old.ckpt").string(), info, net, nullptr);
  spec.name = (dir / "old.ckpt").string();
  EXPECT_EQ(PlayerFactory(spec, Variant::basic()).search_params().leaf_rollouts, 0);
  // ... and with its priors as they were.
  info.config_text = "selfplay:\n  leaf_rollouts: 16\n  rollout_weight: 1\n";
  save_checkpoint((dir / "before-temperature.ckpt").string(), info, net, nullptr);
  spec.name = (dir / "before-temperature.ckpt").string();
  EXPECT_EQ(PlayerFactory(spec, Variant::basic()).search_params().prior_temperature, 1.0f);
  // ... and, from before the expansion threshold, with the network at every leaf (today's
  // default asks it at the root only).
  EXPECT_EQ(PlayerFactory(spec, Variant::basic()).search_params().evaluate_after_visits, 0);
  // ... and, from before the fast head's default and play.search, with its playouts alone.
  EXPECT_EQ(PlayerFactory(spec, Variant::basic()).search_params().fast_value_weight, 0.0f);
  EXPECT_EQ(PlayerFactory(spec, Variant::basic()).search_params().leaf_rollouts, 16);
  // A run's play.search goes over the search self-play used.
  info.config_text =
      "selfplay:\n  leaf_rollouts: 0\n  fast_value_weight: 1\n  evaluate_after_visits: 100\n"
      "play:\n  search: 'leaf_rollouts=1, fast_value_weight=0'\n";
  save_checkpoint((dir / "play-search.ckpt").string(), info, net, nullptr);
  spec.name = (dir / "play-search.ckpt").string();
  EXPECT_EQ(PlayerFactory(spec, Variant::basic()).search_params().leaf_rollouts, 1);
  EXPECT_EQ(PlayerFactory(spec, Variant::basic()).search_params().fast_value_weight, 0.0f);
  EXPECT_EQ(PlayerFactory(spec, Variant::basic()).search_params().evaluate_after_visits, 100);
  spec.name = (dir / "trained.ckpt").string();  // the spec's settings win
  spec.leaf_rollouts = 3;
  spec.rollout_weight = 1.0f;
  spec.search_overrides = {"prior_temperature=3", "cpuct=2.5"};
  PlayerFactory overridden(spec, Variant::basic());
  EXPECT_EQ(overridden.search_params().leaf_rollouts, 3);
  EXPECT_FLOAT_EQ(overridden.search_params().rollout_weight, 1.0f);
  EXPECT_FLOAT_EQ(overridden.search_params().prior_temperature, 3.0f);
  EXPECT_FLOAT_EQ(overridden.search_params().cpuct, 2.5f);
  // A model.json whose search the search would refuse is refused with its name.
  std::string json = read_file((dir / "export" / "model.json").string());
  std::size_t at = json.find("\"evaluate_after_visits\": 24");
  ASSERT_NE(at, std::string::npos) << json;
  json.replace(at, 27, "\"evaluate_after_visits\": -2");
  write_file_atomically((dir / "export" / "model.json").string(), json);
  spec.name = (dir / "export").string();
  try {
    PlayerFactory refused(spec, Variant::basic());
    ADD_FAILURE() << "accepted evaluate_after_visits -2";
  } catch (const nn::CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find("evaluate_after_visits"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

TEST(PlayerFactory, BadModelsGetOneLineNamingTheProblem) {
  fs::path dir = testing::fresh_scratch_dir("players-bad");
  PlayerSpec spec;
  spec.device = "cpu";
  write_file_atomically((dir / "model.json").string(), "{\"format\": \"something else\"}");
  spec.name = dir.string();
  try {
    PlayerFactory factory(spec, Variant::basic());
    ADD_FAILURE() << "accepted";
  } catch (const nn::CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find("is not a zertz-zero model"), std::string::npos)
        << e.what();
  }
  spec.name = "rollout:x";
  EXPECT_THROW(PlayerFactory(spec, Variant::basic()), InputError);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace zertz::evaluation
