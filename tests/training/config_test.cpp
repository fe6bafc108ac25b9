#include "config/config.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

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
  config = Config::parse("selfplay:\n  fast_value_weight: 0.5\n", "test.yaml");
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
  EXPECT_EQ(settings_from_config(Config()).model, nn::ModelConfig::named("tiny"));
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
