// The run directory: its layout, and what a killed run leaves behind.
#include "training/run_dir.h"

#include <gtest/gtest.h>

#include "core/atomic_file.h"
#include "tests/scratch.h"

namespace zertz::training {
namespace {

namespace fs = std::filesystem;

TEST(RunDir, RemovesTheTemporaryFilesOfUnfinishedWritesOnly) {
  fs::path root = testing::cleared_scratch_path("run-dir-temporaries");
  RunDir run(root);
  fs::path checkpoint = run.checkpoint_path(30);
  write_file_atomically(checkpoint.string(), "a checkpoint");
  run.set_latest_checkpoint(checkpoint);
  // What a process killed in the middle of write_file_atomically leaves: NAME.tmp.PID.
  write_file_atomically((root / "checkpoints" / "step-0000060.pt.tmp.4242").string(), "half");
  write_file_atomically((root / "config.yaml.tmp.17").string(), "half");
  EXPECT_EQ(run.remove_stale_temporaries(), 2);
  EXPECT_EQ(run.checkpoints(), std::vector<fs::path>{checkpoint});
  EXPECT_EQ(run.latest_checkpoint(), checkpoint);
  EXPECT_FALSE(fs::exists(root / "config.yaml.tmp.17"));
  EXPECT_EQ(run.remove_stale_temporaries(), 0);
  fs::remove_all(root);
}

}  // namespace
}  // namespace zertz::training
