// Rank 0's intake of the actors' games (docs/distributed.md). A games frame is decoded in full
// and checked before any of it is stored; its block then goes to the shards verbatim (one append
// and one sync per message, not per game, and no second compression), and its games into the
// replay window. Runs on the learner's communication thread, so what it costs bounds how many
// games per second one learner accepts (`zertz bench intake`).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "distributed/frame.h"
#include "training/replay_window.h"
#include "training/run_dir.h"
#include "training/shard_writer.h"

namespace zertz::training {

class GameIntake {
 public:
  // `launch` goes into each "games" metric event, so that a reader can tell the launches apart.
  GameIntake(std::string variant, ShardWriter& shards, ReplayWindow& window, RunDir& dir,
             std::uint64_t launch);

  // "" when the frame's games are stored, else why they were refused (one line).
  std::string accept(int rank, const distributed::Frame& frame);
  std::int64_t games() const { return games_.load(); }  // accepted so far; any thread

 private:
  std::string variant_;
  ShardWriter& shards_;
  ReplayWindow& window_;
  RunDir& dir_;
  std::uint64_t launch_;
  std::atomic<std::int64_t> games_{0};
};

}  // namespace zertz::training
