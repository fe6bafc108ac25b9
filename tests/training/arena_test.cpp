#include "training/arena.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/atomic_file.h"
#include "core/record.h"
#include "core/replay.h"
#include "nn/checkpoint.h"
#include "tests/scratch.h"
#include "training/ladder_update.h"

namespace zertz::training {
namespace {

namespace fs = std::filesystem;

TEST(Arena, KeepsEveryGameAndOneLinePerMatch) {
  fs::path dir = testing::cleared_scratch_path("arena");
  ArenaOptions options;
  options.variant = "basic";
  options.games = 6;
  options.threads = 2;
  options.out_dir = dir;
  ArenaReport first = run_arena("greedy", "random", options);
  options.sprt = SprtParams{0, 200, 0.2, 0.2};
  options.games = 200;
  ArenaReport second = run_arena("random", "rollout:4", options);

  EXPECT_EQ(first.result.games(), 6);
  EXPECT_EQ(first.a, "greedy");
  int records = 0;
  for (const auto& entry : fs::directory_iterator(first.records_dir)) {
    GameRecord record = parse_record(read_file(entry.path().string()), entry.path().string());
    EXPECT_TRUE(replay_record(record).ok);
    ++records;
  }
  EXPECT_EQ(records, 6);
  ASSERT_TRUE(second.llr.has_value());
  EXPECT_NE(second.decision, SprtDecision::kContinue);  // stopped early, long before 200 games
  EXPECT_LT(second.result.games(), 200);

  std::vector<PairResult> results = read_arena_results(dir);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].a, "greedy");
  EXPECT_EQ(results[0].result.games(), 6);
  EXPECT_EQ(results[1].b, "rollout:4");
  EXPECT_EQ(results[1].result.wins, second.result.wins);
  fs::remove_all(dir);
}

// Games played at once share the networks' batches; a seed still gives the same games on any
// thread count (each position's symmetry follows from its hash, not from the timing).
TEST(Arena, NetworkMatchesRepeatOnAnyThreadCount) {
  fs::path dir = testing::cleared_scratch_path("arena-networks");
  fs::create_directories(dir);
  std::vector<std::string> players;
  for (int seed : {1, 2}) {
    torch::manual_seed(seed);
    nn::ZertzNet net(nn::ModelConfig::named("tiny"));
    nn::CheckpointInfo info;
    info.model = net->config();
    info.variant = "basic";
    players.push_back((dir / ("net" + std::to_string(seed) + ".pt")).string());
    nn::save_checkpoint(players.back(), info, net, nullptr);
  }
  std::vector<std::vector<std::string>> games_by_threads;
  for (int threads : {1, 4}) {
    ArenaOptions options;
    options.games = 8;
    options.visits = 16;
    options.threads = threads;
    options.seed = 9;
    options.device = "cpu";
    options.out_dir = dir / ("threads" + std::to_string(threads));
    ArenaReport report = run_arena(players[0], players[1], options);
    std::vector<std::string> games;
    for (int g = 1; g <= 8; ++g) {
      std::string name = "game-000" + std::to_string(g) + ".zertz";
      games.push_back(read_file((report.records_dir / name).string()));
    }
    games_by_threads.push_back(games);
  }
  EXPECT_EQ(games_by_threads[0], games_by_threads[1]);
  fs::remove_all(dir);
}

TEST(Arena, LabelsNameNetworksByFileAndVisits) {
  EXPECT_EQ(player_label("rollout:50", 200), "rollout:50");
  EXPECT_EQ(player_label("runs/a/checkpoints/step-0000100.pt", 200), "step-0000100@200");
  // Another search is another player; a baseline ignores a network's settings.
  EXPECT_EQ(player_label("step-0000100.pt", 200, 0, {"cpuct=3", "prior_temperature=2"}),
            "step-0000100@200,cpuct=3,prior_temperature=2");
  EXPECT_EQ(player_label("rollout:50", 200, 0, {"cpuct=3"}), "rollout:50");
}

TEST(Arena, ALadderOfBaselinesPlaysTheMissingGamesAndRatesThem) {
  fs::path dir = testing::cleared_scratch_path("ladder");
  RunDir run(dir);
  LadderOptions options;
  options.variant = "basic";
  options.games_per_pair = 8;
  options.threads = 2;
  options.baseline = "greedy";
  options.plot_script = fs::path(ZERTZ_SOURCE_DIR) / "scripts" / "plot_elo.py";
  LadderReport report = update_ladder(run, options);
  ASSERT_EQ(report.matches.size(), 1u);
  EXPECT_EQ(report.matches[0].result.games(), 8);
  ASSERT_EQ(report.ratings.size(), 2u);
  EXPECT_EQ(report.ratings[0].player, "random");
  EXPECT_EQ(report.ratings[1].player, "greedy");
  std::string csv = read_file(report.csv.string());
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "player,step,elo,error95,games");
  EXPECT_TRUE(report.plot_problem.empty()) << report.plot_problem;
  EXPECT_TRUE(fs::exists(report.png));
  // A second pass finds nothing missing.
  EXPECT_TRUE(update_ladder(run, options).matches.empty());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace zertz::training
