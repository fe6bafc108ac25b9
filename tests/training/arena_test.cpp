#include "evaluation/arena.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/atomic_file.h"
#include "core/record.h"
#include "core/replay.h"
#include "nn/checkpoint.h"
#include "nn/model.h"
#include "tests/scratch.h"
#include "training/ladder_update.h"

namespace zertz::training {
namespace {

using namespace zertz::evaluation;

namespace fs = std::filesystem;

TEST(Arena, KeepsEveryGameAndOneLinePerMatch) {
  fs::path dir = testing::cleared_scratch_path("arena");
  ArenaOptions options;
  options.variant = "basic";
  options.games = 6;
  options.threads = 2;
  options.out_dir = dir;
  ArenaReport first = run_arena("greedy", "random", options);
  options.sprt = evaluation::SprtParams{0, 200, 0.2, 0.2};
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
  EXPECT_NE(second.decision,
            evaluation::SprtDecision::kContinue);  // stopped early, long before 200 games
  EXPECT_LT(second.result.games(), 200);

  std::vector<evaluation::PairResult> results = read_arena_results(dir);
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
  // Timed baselines carry their clock; a fixed depth does not.
  EXPECT_EQ(player_label("alphabeta:auto", 200, 250), "alphabeta:auto@250ms");
  EXPECT_EQ(player_label("alphabeta:2", 200, 250), "alphabeta:2");
}

TEST(Arena, TheLadderMeetsACheckpointAtItsRungsAndRatesEveryone) {
  fs::path dir = testing::cleared_scratch_path("ladder");
  RunDir run(dir);
  LadderOptions options;
  options.variant = "basic";
  options.games_per_pair = 4;
  options.visits = 4;
  options.threads = 2;
  options.device = "cpu";
  options.rungs = {"random", "greedy"};
  options.anchor = "random";
  options.plot_script = fs::path(ZERTZ_SOURCE_DIR) / "scripts" / "plot_elo.py";
  // No checkpoint, nothing to rate: not even the rungs play.
  EXPECT_TRUE(update_ladder(run, options).matches.empty());
  nn::ZertzNet net(nn::ModelConfig::named("tiny"));
  nn::CheckpointInfo info;
  info.model = net->config();
  info.variant = "basic";
  info.step = 1;
  nn::save_checkpoint(run.checkpoint_path(1).string(), info, net, nullptr);
  LadderReport report = update_ladder(run, options);
  // greedy against random, then the checkpoint against the weakest rung; a score above 75%
  // there sends it on to greedy.
  ASSERT_GE(report.matches.size(), 2u);
  EXPECT_EQ(report.matches[0].a + " " + report.matches[0].b, "greedy random");
  EXPECT_EQ(report.matches[1].a + " " + report.matches[1].b, "step-0000001@4 random");
  EXPECT_EQ(report.matches[1].result.games(), 4);
  EXPECT_EQ(report.newest, "step-0000001@4");
  ASSERT_FALSE(report.newest_against_rungs.empty());
  EXPECT_EQ(report.newest_against_rungs[0].rung, "random");
  ASSERT_EQ(report.ratings.size(), 3u);
  EXPECT_EQ(report.ratings[0].player, "random");
  EXPECT_EQ(report.ratings[0].elo, 0);
  EXPECT_EQ(report.ratings[2].player, "step-0000001@4");
  std::string csv = read_file(report.csv.string());
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "player,step,elo,error95,games");
  EXPECT_TRUE(report.plot_problem.empty()) << report.plot_problem;
  EXPECT_TRUE(fs::exists(report.png));
  // A second pass finds nothing missing.
  EXPECT_TRUE(update_ladder(run, options).matches.empty());
  // Without the backlog, of two new checkpoints only the newest is rated.
  for (int step : {2, 3}) {
    info.step = step;
    nn::save_checkpoint(run.checkpoint_path(step).string(), info, net, nullptr);
  }
  options.rate_backlog = false;
  report = update_ladder(run, options);
  ASSERT_FALSE(report.matches.empty());
  for (const ArenaReport& m : report.matches) {
    EXPECT_TRUE(m.a == "step-0000003@4" || m.b == "step-0000003@4") << m.a << " " << m.b;
  }
  EXPECT_EQ(report.newest, "step-0000003@4");
  for (const evaluation::Rating& r : report.ratings) EXPECT_NE(r.player, "step-0000002@4");
  // With it, the skipped one gets its games.
  options.rate_backlog = true;
  report = update_ladder(run, options);
  EXPECT_TRUE(std::any_of(report.matches.begin(), report.matches.end(), [](const ArenaReport& m) {
    return m.a == "step-0000002@4" || m.b == "step-0000002@4";
  }));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace zertz::training
