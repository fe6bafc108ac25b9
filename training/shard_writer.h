// Appends finished games to the run's shards: the current shard is rewritten atomically after
// each game, so a killed run loses only the games in progress and never leaves a torn file.
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "training/game_shard.h"
#include "training/run_dir.h"

namespace zertz::training {

class ShardWriter {
 public:
  // Starts a new shard after the run's existing ones.
  ShardWriter(const RunDir& run, int games_per_shard);
  void add(const TrainingGame& game);  // thread-safe
  std::int64_t games_written() const;

 private:
  const RunDir& run_;
  int games_per_shard_;
  mutable std::mutex mutex_;
  std::int64_t index_ = 0;
  std::vector<TrainingGame> current_;
  std::int64_t written_ = 0;
};

}  // namespace zertz::training
