// The run directory (as docs/training.md lists it): config.yaml, checkpoints/ (step-NNNNNNN.pt and
// a `latest` pointer), games/ (shard-NNNNNN.zzg), metrics.jsonl, arena/, log.txt, export/.
#pragma once

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace zertz::training {

// The shards (shard-NNNNNN.zzg) of a games/ folder, oldest first; none when it is missing.
std::vector<std::filesystem::path> shard_files(const std::filesystem::path& games_dir);

class RunDir {
 public:
  explicit RunDir(std::filesystem::path root);  // creates the folders

  const std::filesystem::path& root() const { return root_; }
  std::filesystem::path config_path() const { return root_ / "config.yaml"; }
  std::filesystem::path checkpoint_path(std::int64_t step) const;
  std::filesystem::path games_dir() const { return root_ / "games"; }
  std::filesystem::path arena_dir() const { return root_ / "arena"; }
  std::filesystem::path export_dir() const { return root_ / "export"; }
  std::filesystem::path log_path() const { return root_ / "log.txt"; }

  // The newest checkpoint named by checkpoints/latest, if any.
  std::optional<std::filesystem::path> latest_checkpoint() const;
  // Points checkpoints/latest at `checkpoint` (atomically).
  void set_latest_checkpoint(const std::filesystem::path& checkpoint) const;
  // Checkpoint files, oldest first.
  std::vector<std::filesystem::path> checkpoints() const;

  // Removes the temporary files of atomic writes (core/atomic_file.h) that a killed process
  // left behind, and returns how many; only while no other process writes this run.
  int remove_stale_temporaries() const;

  // Game shards, oldest first, and the path of shard number `index`.
  std::vector<std::filesystem::path> shards() const;
  std::filesystem::path shard_path(std::int64_t index) const;

  // Appends one JSON object as a line to metrics.jsonl (thread-safe; flushed at once).
  void append_metric(const nlohmann::json& event);

 private:
  std::filesystem::path root_;
  std::mutex metrics_mutex_;
};

}  // namespace zertz::training
