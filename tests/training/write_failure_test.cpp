// `zertz train` when a write fails: for want of space, where a limit on the size of the files
// the process may write (RLIMIT_FSIZE, with SIGXFSZ ignored, so a write past it fails with EFBIG
// as a full disk fails with ENOSPC) stands in for a full disk, since mounting a small tmpfs needs
// privileges that a container may not give; and for want of permission, a read-only folder
// (as root, the run drops to user nobody, since permissions do not bind root).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "nn/checkpoint.h"
#include "tests/scratch.h"
#include "training/game_shard.h"
#include "training/run_dir.h"

namespace zertz::training {
namespace {

namespace fs = std::filesystem;

const std::string kTinyConfig = std::string(ZERTZ_SOURCE_DIR) + "/tests/data/configs/tiny.yaml";
// Runs the rest of a command line as user nobody (for a root that permissions do not bind).
const std::string kAsNobody = "setpriv --reuid 65534 --regid 65534 --clear-groups ";

// Runs the tiny config to `max_steps`, each file it writes limited to `file_kib` (0: no limit),
// as user nobody when `unprivileged` and this process is root; returns the exit status, and
// the output in `dir`.out.
int train_limited(const fs::path& dir, int max_steps, int file_kib, bool unprivileged = false,
                  const std::string& extra_sets = "") {
  std::string command = std::string(ZERTZ_BINARY) + " train --config " + kTinyConfig +
                        " --run-dir " + dir.string() +
                        " --set training.max_steps=" + std::to_string(max_steps) + extra_sets;
  if (unprivileged && geteuid() == 0) command = kAsNobody + command;
  if (file_kib > 0) {
    command = "bash -c 'trap \"\" XFSZ; ulimit -f " + std::to_string(file_kib) + "; exec " +
              command + "'";
  }
  int status = std::system((command + " > " + dir.string() + ".out 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string output_of(const fs::path& dir) {
  std::ifstream in(dir.string() + ".out");
  return {std::istreambuf_iterator<char>(in), {}};
}

TEST(DiskFull, ACheckpointThatCannotBeWrittenStopsTheRunWithOneLineAndItResumes) {
  fs::path dir = testing::cleared_scratch_path("run-disk-full");
  ASSERT_EQ(train_limited(dir, 6, 0), 0);
  RunDir run(dir);
  const std::size_t shards_before = run.shards().size();
  const std::uintmax_t checkpoint_bytes = fs::file_size(dir / "checkpoints" / "step-0000006.pt");

  // Games and metrics lines are small enough to be written; a checkpoint is not.
  const int limit_kib = static_cast<int>(checkpoint_bytes / 1024 / 2);
  EXPECT_EQ(train_limited(dir, 9, limit_kib), 1);
  const std::string out = output_of(dir);
  const std::string line = "error: cannot write " +
                           (dir / "checkpoints" / "step-0000009.pt").string() +
                           ": File too large (the same command resumes from the last checkpoint)\n";
  EXPECT_NE(out.find(line), std::string::npos) << out;
  EXPECT_EQ(out.find("terminate"), std::string::npos) << out;

  // The previous checkpoint is the latest, whole; nothing half-written is left beside it; the
  // games played meanwhile were kept.
  EXPECT_EQ(nn::read_checkpoint_info(run.latest_checkpoint()->string()).step, 6);
  for (const auto& entry : fs::directory_iterator(dir / "checkpoints")) {
    const std::string name = entry.path().filename().string();
    EXPECT_TRUE(name == "latest" || entry.path().extension() == ".pt") << name;
    if (entry.path().extension() == ".pt") {
      EXPECT_NO_THROW(nn::read_checkpoint_info(entry.path().string())) << name;
    }
  }
  EXPECT_GE(run.shards().size(), shards_before);
  for (const fs::path& s : run.shards()) EXPECT_NO_THROW(read_shard(s.string())) << s;

  // Space is back: the same command resumes and finishes.
  ASSERT_EQ(train_limited(dir, 9, 0), 0) << output_of(dir);
  EXPECT_EQ(nn::read_checkpoint_info(run.latest_checkpoint()->string()).step, 9);
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
}

TEST(DiskFull, AGameThatCannotBeAppendedStopsTheRunAndNothingOnDiskIsTorn) {
  fs::path dir = testing::cleared_scratch_path("run-disk-full-shard");
  ASSERT_EQ(train_limited(dir, 6, 0), 0);
  // No checkpoint before the end: the first write past 3 KiB is a game appended to a new shard.
  const std::string no_checkpoints = " --set training.checkpoint_every_steps=1000";
  EXPECT_EQ(train_limited(dir, 40, 3, false, no_checkpoints), 1);
  const std::string out = output_of(dir);
  const std::string start = "error: cannot append to " + (dir / "games" / "shard-").string();
  EXPECT_NE(out.find(start), std::string::npos) << out;
  EXPECT_NE(out.find(": File too large (the same command resumes from the last checkpoint)\n"),
            std::string::npos)
      << out;
  RunDir run(dir);
  // A game that did not fit was cut back off: each shard is whole, or empty where the failed
  // game was the new shard's first (as a writer killed before its first game leaves it).
  for (const fs::path& s : run.shards()) {
    const std::string problem = read_shard_prefix(s.string()).problem;
    EXPECT_TRUE(problem.empty() || problem == s.string() + " is empty") << problem;
  }
  std::ifstream metrics(dir / "metrics.jsonl");
  for (std::string line; std::getline(metrics, line);) {
    EXPECT_TRUE(line.front() == '{' && line.back() == '}') << "a torn metrics line: " << line;
  }
  ASSERT_EQ(train_limited(dir, 40, 0, false, no_checkpoints), 0) << output_of(dir);
  EXPECT_EQ(nn::read_checkpoint_info(run.latest_checkpoint()->string()).step, 40);
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
}

TEST(ReadOnly, ACheckpointFolderThatCannotBeWrittenStopsTheRunWithOneLineAndItResumes) {
  fs::path dir = testing::cleared_scratch_path("run-read-only");
  ASSERT_EQ(train_limited(dir, 6, 0), 0);
  const std::string check =
      kAsNobody + "test -x " + std::string(ZERTZ_BINARY) + " -a -r " + kTinyConfig;
  if (geteuid() == 0 && std::system(check.c_str()) != 0)
    GTEST_SKIP() << "user nobody cannot run the binary here (a folder above it is private)";
  // Everything writable by all but the checkpoints' folder.
  fs::permissions(dir, fs::perms::all, fs::perm_options::add);
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    fs::permissions(entry.path(), fs::perms::all, fs::perm_options::add);
  const auto write = fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write;
  fs::permissions(dir / "checkpoints", write, fs::perm_options::remove);

  EXPECT_EQ(train_limited(dir, 9, 0, true), 1);
  const std::string out = output_of(dir);
  const std::string line =
      "error: cannot write " + (dir / "checkpoints" / "step-0000009.pt").string() +
      ": Permission denied (the same command resumes from the last checkpoint)\n";
  EXPECT_NE(out.find(line), std::string::npos) << out;
  RunDir run(dir);
  EXPECT_EQ(nn::read_checkpoint_info(run.latest_checkpoint()->string()).step, 6);
  for (const fs::path& s : run.shards()) EXPECT_NO_THROW(read_shard(s.string())) << s;

  fs::permissions(dir / "checkpoints", write, fs::perm_options::add);
  ASSERT_EQ(train_limited(dir, 9, 0), 0) << output_of(dir);
  EXPECT_EQ(nn::read_checkpoint_info(run.latest_checkpoint()->string()).step, 9);
  fs::remove_all(dir);
  fs::remove(dir.string() + ".out");
}

}  // namespace
}  // namespace zertz::training
