// Appends finished games to the run's shards, one block per game (training/game_shard.h): a game
// costs its own compression only, and a killed run loses at most the games in progress and a
// torn last block, which reading skips.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "training/game_shard.h"
#include "training/run_dir.h"

namespace zertz::training {

class ShardWriter {
 public:
  // Starts a new shard after the run's existing ones (never appends to a shard a killed run
  // may have torn).
  ShardWriter(const RunDir& run, int games_per_shard);
  void add(const TrainingGame& game);  // thread-safe
  // A block already encoded and checked by decoding it (an actor's message), written verbatim.
  void add_block(const std::string& block, int games);
  std::int64_t games_written() const;

 private:
  void append_locked(const std::string& block, int games);

  const RunDir& run_;
  int games_per_shard_;
  mutable std::mutex mutex_;
  std::int64_t index_ = 0;
  int in_current_ = 0;  // games in shard index_
  std::int64_t written_ = 0;
};

}  // namespace zertz::training
