// `zertz fit` (training/supervised_fit.h): a network trained on fixed games, scored on held-out
// ones, and the bad input it refuses.
#include "training/supervised_fit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "core/error.h"
#include "nn/checkpoint.h"
#include "tests/scratch.h"
#include "tests/training_data/random_game.h"
#include "training/game_shard.h"

namespace zertz::training {
namespace {

namespace fs = std::filesystem;

const std::string kTiny = std::string(ZERTZ_SOURCE_DIR) + "/tests/data/configs/tiny.yaml";

// 24 random games in two shards.
fs::path games_dir() {
  fs::path dir = testing::fresh_scratch_dir("fit-games");
  for (int shard = 0; shard < 2; ++shard) {
    std::vector<TrainingGame> games;
    for (int g = 0; g < 12; ++g) games.push_back(test_games::random_game(500 + 12 * shard + g));
    write_shard((dir / ("shard-00000" + std::to_string(shard) + ".zzg")).string(), games);
  }
  return dir;
}

// A fit of the tiny config on `dir`'s games: `steps` steps, every `heldout_every`-th game held
// out, `heldout_positions` of them scored.
FitOptions tiny_fit(const fs::path& dir, std::int64_t steps, int heldout_every,
                    int heldout_positions) {
  FitOptions options;
  options.games_dirs = {dir.string()};
  options.config = kTiny;
  options.steps = steps;
  options.heldout_every = heldout_every;
  options.heldout_samples = heldout_positions;
  return options;
}

std::string input_error(const FitOptions& options) {
  try {
    fit_network(
        options, [](const FitData&) {}, [](const FitReport&) {});
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError";
  return "";
}

TEST(SupervisedFit, TrainsOnSomeGamesAndScoresTheHeldOutOnes) {
  fs::path dir = games_dir();
  FitOptions options = tiny_fit(dir, 60, 4, 200);
  options.report_every = 30;
  options.out = (dir / "fit.pt").string();
  FitData data;
  std::vector<FitReport> reports;
  fit_network(
      options, [&](const FitData& d) { data = d; },
      [&](const FitReport& r) { reports.push_back(r); });
  EXPECT_EQ(data.train_games, 18);
  EXPECT_EQ(data.heldout_games, 6);
  EXPECT_GT(data.heldout_samples, 0);
  EXPECT_GT(data.constant_value_loss, 0.0);
  ASSERT_EQ(reports.size(), 3u);  // the starting network, then steps 30 and 60
  EXPECT_EQ(reports[0].step, 0);
  EXPECT_EQ(reports[2].step, 60);
  for (const FitReport& r : reports) {
    EXPECT_TRUE(std::isfinite(r.heldout.value));
    EXPECT_GE(r.heldout.fast_value, 0.0);  // tiny.yaml keeps the default's fast head
  }
  // The targets spread evenly over the legal actions, which the inputs show: learnable.
  EXPECT_LT(reports[2].heldout.policy, reports[0].heldout.policy - 0.1);
  EXPECT_EQ(nn::read_checkpoint_info(options.out).step, 60);

  // A fit that starts from that checkpoint starts where it ended.
  FitOptions again = options;
  again.from = options.out;
  again.out.clear();
  again.steps = 1;
  std::vector<FitReport> resumed;
  fit_network(
      again, [](const FitData&) {}, [&](const FitReport& r) { resumed.push_back(r); });
  EXPECT_NEAR(resumed.front().heldout.policy, reports.back().heldout.policy, 1e-4);
  fs::remove_all(dir);
}

// Whatever the network trains on, it is judged against the games' results: the held-out value
// targets (here their constant guess's loss) do not move with training.search_value_weight.
TEST(SupervisedFit, HeldOutValuesAreTheResultsWhateverTheTrainingTargets) {
  fs::path dir = games_dir();
  FitOptions options = tiny_fit(dir, 1, 3, 300);
  std::vector<double> constant;
  for (const char* weight : {"0", "1"}) {
    options.overrides = {std::string("training.search_value_weight=") + weight};
    fit_network(
        options, [&](const FitData& d) { constant.push_back(d.constant_value_loss); },
        [](const FitReport&) {});
  }
  ASSERT_EQ(constant.size(), 2u);
  EXPECT_GT(constant[0], 0.3);  // random games: both results, about evenly
  EXPECT_DOUBLE_EQ(constant[0], constant[1]);
  fs::remove_all(dir);
}

TEST(SupervisedFit, RefusesMissingFoldersEmptyOnesAndAnotherVariantsGames) {
  FitOptions options;
  options.config = kTiny;
  options.games_dirs = {"/nonexistent/games"};
  EXPECT_NE(input_error(options).find("/nonexistent/games: not a folder"), std::string::npos);
  fs::path empty = testing::fresh_scratch_dir("fit-empty");
  options.games_dirs = {empty.string()};
  EXPECT_NE(input_error(options).find("no game shards"), std::string::npos);
  fs::path dir = games_dir();
  options.games_dirs = {dir.string()};
  options.overrides = {"run.variant=tournament"};
  EXPECT_NE(input_error(options).find("a game of basic, not tournament"), std::string::npos);
  fs::remove_all(dir);
  fs::remove_all(empty);
}

}  // namespace
}  // namespace zertz::training
