// `zertz train` as a user runs it: a tiny config trains, checkpoints, resumes, survives
// SIGKILL at any moment and stops cleanly on Ctrl-C.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <torch/cuda.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "nn/checkpoint.h"
#include "tests/scratch.h"
#include "training/game_shard.h"
#include "training/run_dir.h"

namespace zertz::training {
namespace {

namespace fs = std::filesystem;

const std::string kZertz = ZERTZ_BINARY;
const std::string kTiny = std::string(ZERTZ_SOURCE_DIR) + "/tests/data/configs/tiny.yaml";

int train(const fs::path& dir, const std::vector<std::string>& sets = {}) {
  std::string command = kZertz + " train --config " + kTiny + " --run-dir " + dir.string();
  for (const std::string& s : sets) command += " --set " + s;
  int status = std::system((command + " > " + (dir.string() + ".out") + " 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A run's export plays two arena games against random (its output in DIR.arena).
bool export_plays(const fs::path& dir) {
  const std::string arena = kZertz + " arena " + (dir / "export").string() +
                            " random --games 2 --visits 8 --seed 1 > " + dir.string() +
                            ".arena 2>&1";
  int status = std::system(arena.c_str());
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// Starts `zertz train` without a step limit in the background.
pid_t start_endless(const fs::path& dir) {
  pid_t pid = fork();
  if (pid == 0) {
    std::string out = dir.string() + ".out";
    FILE* f = std::freopen(out.c_str(), "w", stdout);
    (void)f;
    execl(kZertz.c_str(), kZertz.c_str(), "train", "--config", kTiny.c_str(), "--run-dir",
          dir.c_str(), "--set", "training.max_steps=0", "--set",
          "training.checkpoint_every_steps=2", nullptr);
    _exit(127);
  }
  return pid;
}

void wait_for(const fs::path& file);

// Starts an endless run, lets it train past its first checkpoint, sends `signal` and returns the
// process's wait status.
int interrupt_endless(const fs::path& dir, int signal, int after_ms) {
  pid_t pid = start_endless(dir);
  wait_for(dir / "checkpoints" / "latest");
  std::this_thread::sleep_for(std::chrono::milliseconds(after_ms));
  EXPECT_EQ(kill(pid, signal), 0);
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

void wait_for(const fs::path& file) {
  for (int i = 0; i < 600 && !fs::exists(file); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_TRUE(fs::exists(file)) << file;
}

std::int64_t latest_step(const fs::path& dir) {
  auto latest = RunDir(dir).latest_checkpoint();
  return latest ? nn::read_checkpoint_info(latest->string()).step : -1;
}

// Every checkpoint and shard in the run reads back whole.
void expect_intact(const fs::path& dir) {
  RunDir run(dir);
  for (const fs::path& c : run.checkpoints())
    EXPECT_NO_THROW(nn::read_checkpoint_info(c.string())) << c;
  for (const fs::path& s : run.shards()) EXPECT_NO_THROW(read_shard(s.string())) << s;
}

TEST(TrainRun, TinyConfigRunsTwoIterationsAndWritesALoadableCheckpoint) {
  fs::path dir = testing::cleared_scratch_path("run-tiny");
  auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(train(dir), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
  EXPECT_TRUE(fs::exists(dir / "checkpoints" / "step-0000003.pt"));
  EXPECT_TRUE(fs::exists(dir / "checkpoints" / "step-0000006.pt"));
  nn::CheckpointInfo info =
      nn::read_checkpoint_info((dir / "checkpoints" / "step-0000006.pt").string());
  nn::ZertzNet net(info.model);
  EXPECT_NO_THROW(
      nn::load_checkpoint((dir / "checkpoints" / "step-0000006.pt").string(), net, nullptr));
  EXPECT_GT(info.counters["games"], 0);
  EXPECT_TRUE(fs::exists(dir / "config.yaml"));
  EXPECT_TRUE(fs::exists(dir / "export" / "model.pt"));
  EXPECT_TRUE(fs::exists(dir / "export" / "model.json"));
  std::ifstream metrics(dir / "metrics.jsonl");
  std::string text((std::istreambuf_iterator<char>(metrics)), {});
  EXPECT_NE(text.find("\"event\":\"checkpoint\""), std::string::npos);
  EXPECT_NE(text.find("\"event\":\"evaluation\""), std::string::npos);
  expect_intact(dir);
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
}

TEST(TrainRun, ADamagedShardIsSkippedWithAWarningAndPlotsAreDrawn) {
  fs::path dir = testing::cleared_scratch_path("run-damaged");
  ASSERT_EQ(train(dir), 0);
  std::vector<fs::path> shards = RunDir(dir).shards();
  ASSERT_FALSE(shards.empty());
  fs::resize_file(shards.front(), fs::file_size(shards.front()) / 2);  // a torn copy, say
  ASSERT_EQ(train(dir, {"training.max_steps=9"}), 0);
  std::ifstream out(dir.string() + ".out");
  std::string text((std::istreambuf_iterator<char>(out)), {});
  EXPECT_NE(text.find("a damaged shard: " + shards.front().string() + " is truncated; keeping the"),
            std::string::npos)
      << text;
  EXPECT_EQ(latest_step(dir), 9);
  std::string plot = "/usr/bin/python3 " + std::string(ZERTZ_SOURCE_DIR) +
                     "/scripts/plot_training.py " + dir.string() + " > /dev/null 2>&1";
  ASSERT_EQ(std::system(plot.c_str()), 0);
  for (const char* png : {"losses.png", "elo_time.png", "elo_games.png", "throughput.png"}) {
    EXPECT_GT(fs::file_size(dir / "plots" / png), 1000u) << png;
  }
  std::string reader = "/usr/bin/python3 " + std::string(ZERTZ_SOURCE_DIR) +
                       "/scripts/read_games.py " + (dir / "games").string() + " > " + dir.string() +
                       ".games 2>&1";
  ASSERT_EQ(std::system(reader.c_str()), 0);
  std::ifstream games(dir.string() + ".games");
  std::string listing((std::istreambuf_iterator<char>(games)), {});
  EXPECT_NE(listing.find("warning: skipping " + shards.front().string()), std::string::npos)
      << listing;
  EXPECT_NE(listing.find(" games, "), std::string::npos) << listing;
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
  fs::remove(dir.string() + ".games");
}

TEST(TrainRun, GatingAndTheLadderRecordTheirResults) {
  fs::path dir = testing::cleared_scratch_path("run-gating");
  ASSERT_EQ(train(dir, {"evaluation.gating_games=2", "evaluation.gating_threshold=0.0"}), 0);
  std::ifstream metrics(dir / "metrics.jsonl");
  std::string text((std::istreambuf_iterator<char>(metrics)), {});
  EXPECT_NE(text.find("\"event\":\"gating\""),
            std::string::npos);  // the second checkpoint was gated
  EXPECT_NE(text.find("\"event\":\"ladder\""), std::string::npos);  // rated at the end of the run
  EXPECT_TRUE(fs::exists(dir / "arena" / "elo.csv"));
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
}

// A fast value head trains beside the network, values self-play's new leaves, and travels in
// the checkpoint and the export; an arena player of the export searches with it as trained,
// play.search laid over.
TEST(TrainRun, AFastValueHeadTrainsValuesLeavesAndIsExported) {
  fs::path dir = testing::cleared_scratch_path("run-fast-value");
  ASSERT_EQ(
      train(dir, {"model.fast_value_channels=4", "model.fast_value_hidden=8",
                  "selfplay.fast_value_weight=0.5", "selfplay.leaf_rollouts=1",
                  "selfplay.evaluate_after_visits=2", "play.search=fast_value_decay_visits=8"}),
      0);
  nn::CheckpointInfo info =
      nn::read_checkpoint_info((dir / "checkpoints" / "step-0000006.pt").string());
  EXPECT_EQ(info.model.fast_value_channels, 4);
  EXPECT_EQ(info.model.fast_value_hidden, 8);
  std::ifstream metrics(dir / "metrics.jsonl");
  std::string text((std::istreambuf_iterator<char>(metrics)), {});
  EXPECT_NE(text.find("\"fast_value_loss\""), std::string::npos);
  std::ifstream model_json(dir / "export" / "model.json");
  std::string json((std::istreambuf_iterator<char>(model_json)), {});
  EXPECT_NE(json.find("\"fast_value\""), std::string::npos);
  EXPECT_NE(json.find("\"fast_value_weight\": 0.5"), std::string::npos);
  EXPECT_NE(json.find("\"fast_value_decay_visits\": 8.0"), std::string::npos) << "play.search's";
  EXPECT_TRUE(export_plays(dir));
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
  fs::remove(dir.string() + ".arena");
}

// Heads of the outcome's parts train beside both value heads, and the soft policy head beside
// the policy (their losses in metrics.jsonl); they travel in checkpoints and stay out of the
// export, which plays as any other.
TEST(TrainRun, OutcomePartsTrainBesideTheValueHeadsAndStayOutOfTheExport) {
  fs::path dir = testing::cleared_scratch_path("run-outcome-parts");
  ASSERT_EQ(train(dir, {"model.outcome_parts=true", "model.fast_value_channels=4",
                        "model.fast_value_hidden=8", "model.soft_policy=true"}),
            0);
  auto latest = RunDir(dir).latest_checkpoint();
  ASSERT_TRUE(latest);
  EXPECT_TRUE(nn::read_checkpoint_info(latest->string()).model.outcome_parts);
  EXPECT_TRUE(nn::read_checkpoint_info(latest->string()).model.soft_policy);
  std::ifstream metrics(dir / "metrics.jsonl");
  std::string text((std::istreambuf_iterator<char>(metrics)), {});
  EXPECT_NE(text.find("\"outcome_parts_loss\""), std::string::npos);
  EXPECT_NE(text.find("\"fast_outcome_parts_loss\""), std::string::npos);
  EXPECT_NE(text.find("\"soft_policy_loss\""), std::string::npos);
  std::ifstream model_json(dir / "export" / "model.json");
  std::string json((std::istreambuf_iterator<char>(model_json)), {});
  EXPECT_EQ(json.find("parts"), std::string::npos);
  EXPECT_EQ(json.find("soft_policy"), std::string::npos);
  EXPECT_TRUE(export_plays(dir));
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
  fs::remove(dir.string() + ".arena");
}

// The initial weights come from run.seed: two fresh runs with the same seed start from the same
// network (LibTorch's own generator starts from a random seed).
TEST(TrainRun, TheSeedFixesTheInitialWeights) {
  std::vector<nn::ZertzNet> nets;
  for (const char* name : {"seed-a", "seed-b"}) {
    fs::path dir = testing::cleared_scratch_path(std::string("run-") + name);
    // No optimiser step: the checkpoint written at the end holds the initial weights.
    ASSERT_EQ(train(dir, {"training.max_steps=0", "training.min_samples=100000",
                          "run.time_budget_minutes=0.02"}),
              0);
    auto latest = RunDir(dir).latest_checkpoint();
    ASSERT_TRUE(latest);
    nets.emplace_back(nn::read_checkpoint_info(latest->string()).model);  // the fast head too
    EXPECT_EQ(nn::load_checkpoint(latest->string(), nets.back(), nullptr).step, 0);
    fs::remove_all(dir);
  }
  auto a = nets[0]->parameters(), b = nets[1]->parameters();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(torch::equal(a[i], b[i])) << i;
}

// A device that is not there is refused with one line before the run directory is made.
TEST(TrainRun, AMissingCudaDeviceIsRefusedBeforeAnythingIsWritten) {
  if (torch::cuda::is_available()) GTEST_SKIP() << "this machine has a CUDA device";
  fs::path dir = testing::cleared_scratch_path("run-no-cuda");
  EXPECT_EQ(train(dir, {"run.device=cuda"}), 2);
  EXPECT_FALSE(fs::exists(dir));
  std::ifstream out(dir.string() + ".out");
  std::string line;
  std::getline(out, line);
  EXPECT_EQ(line, "error: device: cuda was asked for, but LibTorch sees no CUDA device");
}

TEST(TrainRun, ResumedRunContinuesTheStepCount) {
  fs::path dir = testing::cleared_scratch_path("run-resume");
  ASSERT_EQ(train(dir), 0);
  ASSERT_EQ(latest_step(dir), 6);
  ASSERT_EQ(train(dir, {"training.max_steps=12"}), 0);
  EXPECT_EQ(latest_step(dir), 12);
  EXPECT_FALSE(fs::exists(dir / "checkpoints" / "step-0000001.pt"));  // counting went on from 6
  EXPECT_TRUE(fs::exists(dir / "checkpoints" / "step-0000009.pt"));
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
}

// A run resumed with a bigger network grows its last checkpoint (nn/grow.h) and trains on from
// its step; a change that is not a growth is refused with one line before anything is written.
TEST(TrainRun, AResumedRunGrowsItsNetworkAndRefusesOtherChanges) {
  fs::path dir = testing::cleared_scratch_path("run-grow");
  ASSERT_EQ(train(dir, {"model.fast_value_channels=4", "model.fast_value_hidden=8"}), 0);
  ASSERT_EQ(latest_step(dir), 6);
  ASSERT_EQ(train(dir, {"training.max_steps=12", "model.blocks=3", "model.fast_value_channels=6"}),
            0);
  EXPECT_EQ(latest_step(dir), 12);
  auto latest = RunDir(dir).latest_checkpoint();
  ASSERT_TRUE(latest);
  nn::ModelConfig grown = nn::read_checkpoint_info(latest->string()).model;
  EXPECT_EQ(grown.blocks, 3);
  EXPECT_EQ(grown.fast_value_channels, 6);
  EXPECT_EQ(grown.fast_value_hidden, 8);
  std::ifstream log(dir / "log.txt");
  std::string text((std::istreambuf_iterator<char>(log)), {});
  EXPECT_NE(text.find("grew the network of tiny: 2 blocks"), std::string::npos) << text;

  for (const char* change : {"model.channels=32", "model.fast_value_channels=4"}) {
    EXPECT_EQ(train(dir, {"training.max_steps=18", change}), 2) << change;
    std::ifstream out(dir.string() + ".out");
    std::string line;
    std::getline(out, line);
    EXPECT_EQ(line.rfind("error: " + dir.string() + "'s network cannot change so: ", 0), 0u)
        << line;
  }
  EXPECT_EQ(latest_step(dir), 12);
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
}

TEST(TrainRun, KilledRunLosesNothingFinishedAndResumes) {
  fs::path dir = testing::cleared_scratch_path("run-killed");
  ASSERT_TRUE(WIFSIGNALED(interrupt_endless(dir, SIGKILL, 700)));
  expect_intact(dir);
  std::int64_t step = latest_step(dir);
  ASSERT_GT(step, 0);
  ASSERT_EQ(train(dir, {"training.max_steps=" + std::to_string(step + 4)}), 0);
  EXPECT_EQ(latest_step(dir), step + 4);
  expect_intact(dir);
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
}

TEST(TrainRun, CtrlCSavesAndExitsCleanly) {
  fs::path dir = testing::cleared_scratch_path("run-interrupt");
  int status = interrupt_endless(dir, SIGINT, 500);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  std::ifstream out(dir.string() + ".out");
  std::string text((std::istreambuf_iterator<char>(out)), {});
  EXPECT_NE(text.find("run the same command to resume"), std::string::npos) << text;
  expect_intact(dir);
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
}

}  // namespace
}  // namespace zertz::training
