#include "config/config.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "config/search_settings.h"
#include "training/settings.h"

namespace zertz::training {
namespace {

using namespace zertz::config;

std::string error_of(const std::string& yaml) {
  try {
    Config::parse(yaml, "test.yaml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(Config, DefaultYamlDocumentsEveryKeyOfTheSchemaInOrder) {
  std::ifstream in(std::string(ZERTZ_SOURCE_DIR) + "/configs/default.yaml");
  ASSERT_TRUE(in.good());
  std::vector<std::string> keys;
  std::string line, previous, section;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != ' ' && line[0] != '#' && line.back() == ':')
      section = line.substr(0, line.size() - 1);
    if (line.rfind("  ", 0) == 0 && line[2] != '#' && line.find(':') != std::string::npos) {
      std::string key = section + "." + line.substr(2, line.find(':') - 2);
      keys.push_back(key);
      EXPECT_EQ(previous.rfind("  #", 0), 0u) << key << " has no comment line above it";
    }
    previous = line;
  }
  std::vector<std::string> schema;
  for (const KeySpec& spec : config_schema()) schema.push_back(spec.name);
  EXPECT_EQ(keys, schema);
  Config config = Config::load(std::string(ZERTZ_SOURCE_DIR) + "/configs/default.yaml");
  EXPECT_NO_THROW(settings_from_config(config));
  // The schema's defaults are default.yaml's values, so a partial config means the same.
  EXPECT_EQ(Config().to_yaml(), config.to_yaml());
}

TEST(Config, EveryShippedConfigLoads) {
  for (const char* name : {"default", "tournament", "tournament-61", "gpu"}) {
    std::string path = std::string(ZERTZ_SOURCE_DIR) + "/configs/" + name + ".yaml";
    EXPECT_NO_THROW(settings_from_config(Config::load(path))) << path;
  }
}

TEST(Config, RefusesUnknownKeysNamingTheNearest) {
  std::string e = error_of("selfplay:\n  full_vists: 10\n");
  EXPECT_NE(
      e.find(
          "test.yaml:2: unknown key 'selfplay.full_vists' (did you mean 'selfplay.full_visits'?)"),
      std::string::npos)
      << e;
  e = error_of("traning:\n  batch_size: 10\n");
  EXPECT_NE(e.find("unknown key 'traning.batch_size' (did you mean 'training.batch_size'?)"),
            std::string::npos)
      << e;
  e = error_of("selfplay:\n  learning_rate: 0.1\n");
  EXPECT_NE(e.find("did you mean 'training.learning_rate'"), std::string::npos) << e;
}

TEST(Config, WithNoNearKeyListsTheSectionsKeysOrTheSections) {
  EXPECT_EQ(error_of("run:\n  colour: blue\n"),
            "test.yaml:2: unknown key 'run.colour' (the keys of run are variant, seed, device, "
            "time_budget_minutes, progress_seconds)");
  std::string e = error_of("trainer:\n  steps: 5\n");
  EXPECT_EQ(e.rfind("test.yaml:2: unknown key 'trainer.steps' (did you mean 'training'? the "
                    "sections are run, model, selfplay,",
                    0),
            0u)
      << e;
  e = error_of("colours:\n  sky: blue\n");
  EXPECT_EQ(e.find("did you mean"), std::string::npos) << e;
  // A key of thousands of letters is refused like a short one, and near no key.
  Config config;
  std::string long_key = "selfplay." + std::string(5000, 'v');
  try {
    config.apply_override(long_key + "=1");
    ADD_FAILURE() << "a 5000-letter key was accepted";
  } catch (const ConfigError& error) {
    std::string message = error.what();
    EXPECT_NE(message.find("unknown key 'selfplay.vvv"), std::string::npos);
    EXPECT_EQ(message.find("did you mean"), std::string::npos);
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
}

TEST(Config, RefusesWrongTypesAndRangesNamingWhatIsAllowed) {
  EXPECT_NE(
      error_of("selfplay:\n  full_visits: many\n")
          .find("selfplay.full_visits: 'many' is not allowed; expected an integer in [1, 1e+06]"),
      std::string::npos);
  EXPECT_NE(error_of("training:\n  learning_rate: -1\n")
                .find("training.learning_rate: '-1' is not allowed; expected a number in"),
            std::string::npos);
  EXPECT_NE(error_of("selfplay:\n  reuse_tree: yes\n").find("expected true or false"),
            std::string::npos);
  EXPECT_NE(error_of("run:\n  variant: hex\n")
                .find("expected one of basic, tournament, tournament-48, tournament-61"),
            std::string::npos);
  EXPECT_NE(error_of("run: [1, 2\n").find("not valid YAML"), std::string::npos);
  EXPECT_NE(error_of("run: 3\n").find("'run' should be a section of keys"), std::string::npos);
  EXPECT_NE(error_of("run:\n  seed: [1, 2]\n").find("run.seed: expected a single value"),
            std::string::npos);
}

TEST(Config, ContradictionsAreRefused) {
  Config config = Config::parse("training:\n  batch_size: 512\n  min_samples: 100\n", "test.yaml");
  try {
    settings_from_config(config);
    ADD_FAILURE() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("training.min_samples: 100 is not allowed"),
              std::string::npos)
        << e.what();
  }
  config = Config::parse("evaluation:\n  opponents: random,strong\n", "test.yaml");
  EXPECT_THROW(settings_from_config(config), ConfigError);
  config = Config::parse(
      "selfplay:\n  fast_value_weight: 0.5\n  leaf_rollouts: 1\nmodel:\n  fast_value_channels: 0\n",
      "test.yaml");
  try {
    settings_from_config(config);
    ADD_FAILURE() << "a fast value weight without a fast value head was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("model.fast_value_channels"), std::string::npos)
        << e.what();
  }
  config.set("model.fast_value_channels", "8", "--set");
  EXPECT_EQ(settings_from_config(config).model.fast_value_channels, 8);
  EXPECT_EQ(settings_from_config(config).selfplay.search.fast_value_weight, 0.5f);
  EXPECT_EQ(settings_from_config(config).selfplay.search.fast_value_decay_visits, 0.0f);
  config.set("selfplay.fast_value_decay_visits", "16", "--set");
  EXPECT_EQ(settings_from_config(config).selfplay.search.fast_value_decay_visits, 16.0f);
  config.set("selfplay.fast_value_weight", "1", "--set");
  config.set("selfplay.leaf_rollouts", "0", "--set");  // nothing left to decay towards
  EXPECT_THROW(settings_from_config(config), ConfigError);
}

TEST(Config, PlaySearchLaysItsSettingsOverTheTrainedSearch) {
  Config config = Config::parse(
      "selfplay:\n  leaf_rollouts: 0\n  fast_value_weight: 1\nmodel:\n  fast_value_channels: 8\n"
      "play:\n  search: ' leaf_rollouts=2 ,fast_value_weight=0,, cpuct=1.5'\n",
      "test.yaml");
  TrainingSettings s = settings_from_config(config);
  EXPECT_EQ(s.selfplay.search.leaf_rollouts, 0);
  EXPECT_EQ(s.play_search.leaf_rollouts, 2);
  EXPECT_EQ(s.play_search.fast_value_weight, 0.0f);
  EXPECT_EQ(s.play_search.cpuct, 1.5f);
  EXPECT_EQ(s.play_search.dirichlet_epsilon, 0.0f) << "self-play's noise stays there";
  mcts::SearchParams trained = trained_search(config.to_yaml(), "run/config.yaml");
  EXPECT_EQ(trained.leaf_rollouts, 2);
  EXPECT_EQ(trained.fast_value_weight, 0.0f);
  Config plain;
  plain.set("play.search", "", "--set");
  EXPECT_EQ(play_search(plain).leaf_rollouts, selfplay_search(plain).leaf_rollouts);
  EXPECT_EQ(play_search(plain).fast_value_weight, selfplay_search(plain).fast_value_weight);

  auto refusal = [](const std::string& search) {
    Config c;  // playouts at the leaves, no fast head
    c.set("model.fast_value_channels", "0", "--set");
    c.set("selfplay.fast_value_weight", "0", "--set");
    c.set("selfplay.leaf_rollouts", "1", "--set");
    c.set("play.search", search, "--set");
    try {
      settings_from_config(c);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal("gumbel_root=1"),
            "play.search: 'gumbel_root=1' is not a setting that players keep; expected one of "
            "cpuct, fpu_reduction, fpu_reduction_root, prior_temperature, leaf_rollouts, "
            "rollout_weight, evaluate_after_visits, fast_value_weight, fast_value_decay_visits");
  EXPECT_EQ(refusal("cpuct").rfind("play.search: ", 0), 0u) << refusal("cpuct");
  EXPECT_NE(refusal("cpuct=-1").find("cpuct"), std::string::npos) << refusal("cpuct=-1");
  EXPECT_NE(refusal("fast_value_weight=0.5").find("model.fast_value_channels"), std::string::npos)
      << refusal("fast_value_weight=0.5");
  for (const char* bad : {"cpuct", "cpuct=-1", "fast_value_weight=0.5", "gumbel_root=1"}) {
    EXPECT_EQ(refusal(bad).find('\n'), std::string::npos) << bad;
  }
}

TEST(Config, ModelBlocksAndChannelsReshapeTheSizesTower) {
  Config config = Config::parse("model:\n  size: small\n  blocks: 4\n", "test.yaml");
  nn::ModelConfig model = settings_from_config(config).model;
  EXPECT_EQ(model.blocks, 4);
  EXPECT_EQ(model.channels, nn::ModelConfig::named("small").channels);
  EXPECT_EQ(model.name, "custom");
  config.set("model.channels", "32", "--set");
  model = settings_from_config(config).model;
  EXPECT_EQ(model.blocks, 4);
  EXPECT_EQ(model.channels, 32);
  EXPECT_EQ(model.value_hidden, nn::ModelConfig::named("small").value_hidden);
  nn::ModelConfig tiny_with_fast_head = nn::ModelConfig::named("tiny");
  tiny_with_fast_head.fast_value_channels = 16;  // the default's fast value head (E20)
  EXPECT_EQ(settings_from_config(Config()).model, tiny_with_fast_head);
}

TEST(Config, ResolvedYamlRoundTripsWithOverrides) {
  Config config = Config::parse("model:\n  size: tiny\n", "test.yaml");
  config.set("selfplay.full_visits", "33", "--set");
  config.set("evaluation.opponents", "random,rollout:5", "--set");
  Config again = Config::parse(config.to_yaml(), "resolved");
  EXPECT_EQ(again.to_yaml(), config.to_yaml());
  EXPECT_EQ(again.get_int("selfplay.full_visits"), 33);
  EXPECT_EQ(again.get_string("model.size"), "tiny");
  EXPECT_EQ(again.get_string("evaluation.opponents"), "random,rollout:5");
  EXPECT_THROW(config.set("selfplay.full_visits", "0", "--set"), ConfigError);
}

}  // namespace
}  // namespace zertz::training
