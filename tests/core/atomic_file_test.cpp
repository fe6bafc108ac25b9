// Durable writes under a full disk, simulated by a file size limit (the process's RLIMIT_FSIZE,
// as `ulimit -f` sets it): the write fails with one message naming the file, and the old
// content stays whole.
#include "core/atomic_file.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <string>

#include "tests/scratch.h"

namespace zertz {
namespace {

namespace fs = std::filesystem;

// Lowers the soft file size limit for the scope; the process ignores SIGXFSZ meanwhile, as
// the zertz executable does, so that an oversized write fails with EFBIG.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    getrlimit(RLIMIT_FSIZE, &saved_);
    rlimit limit = saved_;
    limit.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &limit);
    old_handler_ = std::signal(SIGXFSZ, SIG_IGN);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &saved_);
    std::signal(SIGXFSZ, old_handler_);
  }

 private:
  rlimit saved_{};
  void (*old_handler_)(int) = nullptr;
};

std::string error_of(const auto& write) {
  try {
    write();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

std::size_t files_in(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), {}));
}

TEST(AtomicFile, ReplacesTheWholeContentAndLeavesNoTemporaryFile) {
  fs::path dir = testing::fresh_scratch_dir("atomic-replace");
  std::string path = (dir / "state.json").string();
  write_file_atomically(path, "first");
  write_file_atomically(path, "second, longer");
  EXPECT_EQ(read_file(path), "second, longer");
  EXPECT_EQ(files_in(dir), 1u);
  fs::remove_all(dir);
}

TEST(AtomicFile, AFullDiskKeepsTheOldVersionAndNamesTheFile) {
  fs::path dir = testing::fresh_scratch_dir("atomic-full");
  std::string path = (dir / "step-0000100.pt").string();
  write_file_atomically(path, "the old checkpoint");
  std::string error;
  {
    FileSizeLimit limit(4096);
    error = error_of([&] { write_file_atomically(path, std::string(10000, 'x')); });
  }
  EXPECT_EQ(error, "cannot write " + path + ": File too large");
  EXPECT_EQ(read_file(path), "the old checkpoint");
  EXPECT_EQ(files_in(dir), 1u) << "the temporary file is removed";
  fs::remove_all(dir);
}

TEST(AtomicFile, AnAppendThatDoesNotFitIsCutBackToTheOldEnd) {
  fs::path dir = testing::fresh_scratch_dir("append-full");
  std::string path = (dir / "shard-000000.zzg").string();
  append_to_file(path, "game 1;");
  append_to_file(path, "game 2;");
  std::string error;
  {
    FileSizeLimit limit(4096);
    error = error_of([&] { append_to_file(path, std::string(10000, 'x')); });
  }
  EXPECT_EQ(error, "cannot append to " + path + ": File too large");
  EXPECT_EQ(read_file(path), "game 1;game 2;") << "part of the block reached the file";
  append_to_file(path, "game 3;");  // space is back: appending goes on
  EXPECT_EQ(read_file(path), "game 1;game 2;game 3;");
  fs::remove_all(dir);
}

TEST(AtomicFile, AMissingFolderIsNamed) {
  fs::path dir = testing::cleared_scratch_path("atomic-no-folder");
  std::string path = (dir / "latest").string();
  EXPECT_EQ(error_of([&] { write_file_atomically(path, "x"); }),
            "cannot write " + path + ": No such file or directory");
  EXPECT_EQ(error_of([&] { append_to_file(path, "x"); }),
            "cannot append to " + path + ": No such file or directory");
}

}  // namespace
}  // namespace zertz
