// Which checkpoints a run keeps (training/checkpoint_retention.h).
#include "training/checkpoint_retention.h"

#include <gtest/gtest.h>

#include <fstream>

#include "tests/scratch.h"

namespace zertz::training {
namespace {

namespace fs = std::filesystem;

std::vector<CheckpointFile> every_minute(int count) {
  std::vector<CheckpointFile> files;
  for (int i = 1; i <= count; ++i) {
    files.push_back({fs::path("step-" + std::to_string(i) + ".pt"), i, 1000.0 + i});
  }
  return files;
}

std::vector<std::string> names(const std::vector<fs::path>& paths) {
  std::vector<std::string> out;
  for (const fs::path& p : paths) out.push_back(p.string());
  return out;
}

TEST(CheckpointRetention, KeepsTheNewestOnePerIntervalAndThoseInUse) {
  // 30 checkpoints a minute apart (minutes 1001..1030): the newest 5 (26..30), the first of
  // each 10 minutes (1001 -> 1, 1010 -> 10, 1020 -> 20, 1030 -> 30) and step 7 stay.
  RetentionPolicy policy{5, 10};
  auto doomed = names(checkpoints_to_delete(every_minute(30), policy, {7}));
  std::vector<std::string> expected;
  for (int i = 1; i <= 25; ++i) {
    if (i == 1 || i == 7 || i == 10 || i == 20) continue;
    expected.push_back("step-" + std::to_string(i) + ".pt");
  }
  EXPECT_EQ(doomed, expected);
}

TEST(CheckpointRetention, ZeroKeepsEverythingAndNoIntervalKeepsOnlyTheNewest) {
  EXPECT_TRUE(checkpoints_to_delete(every_minute(30), {0, 10}, {}).empty());
  EXPECT_EQ(checkpoints_to_delete(every_minute(30), {20, 0}, {}).size(), 10u);
  EXPECT_TRUE(checkpoints_to_delete(every_minute(3), {20, 0}, {}).empty());
}

TEST(CheckpointRetention, PrunesARunFolderKeepingWhatMatchesRated) {
  fs::path dir = testing::cleared_scratch_path("retention");
  fs::create_directories(dir / "checkpoints");
  fs::create_directories(dir / "arena");
  const auto written = fs::file_time_type::clock::now();
  for (int step = 1; step <= 8; ++step) {
    fs::path file = dir / "checkpoints" / ("step-000000" + std::to_string(step) + ".pt");
    std::ofstream(file) << step;
    fs::last_write_time(file, written);  // one interval for all, whatever the clock says
  }
  std::ofstream(dir / "checkpoints" / "latest") << "step-0000008.pt";
  std::ofstream(dir / "arena" / "arena.jsonl") << R"({"a":"step-0000002@200","b":"rollout:200"})"
                                               << "\n";
  // All in one interval, which keeps its first, step 1; the newest 3 and steps 2 (rated) and 4.
  int deleted = prune_checkpoints(RunDir(dir), {3, 60}, {4});
  EXPECT_EQ(deleted, 2);  // steps 3 and 5
  for (int step : {1, 2, 4, 6, 7, 8}) {
    EXPECT_TRUE(fs::exists(dir / "checkpoints" / ("step-000000" + std::to_string(step) + ".pt")))
        << step;
  }
  EXPECT_TRUE(fs::exists(dir / "checkpoints" / "latest"));
  EXPECT_EQ(rated_checkpoint_steps(dir / "arena"), (std::set<std::int64_t>{2}));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace zertz::training
