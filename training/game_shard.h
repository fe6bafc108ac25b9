// Self-play records on disk (docs/training-records.md): shards of games, zlib-compressed, with a
// CRC-32 per shard; each game keeps, for every decision, the atomic action played, the search's
// policy target over the legal actions, the root value and whether the search was full; and the
// final result. scripts/read_games.py reads the same format.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/state.h"

namespace zertz::training {

// Version 2 added each game's weights step, version 3 each decision's policy surprise; older
// blocks still read (the step unknown, no surprise).
inline constexpr std::uint32_t kShardFormatVersion = 3;

struct Decision {
  Action action;
  bool full_search = false;
  float root_value = 0;                          // from the mover's view
  float policy_surprise = 0;                     // SearchResult::policy_surprise; 0 unknown
  std::vector<std::pair<Action, float>> policy;  // the target over the legal actions
};

struct TrainingGame {
  std::string variant = "basic";
  Outcome outcome = Outcome::kOngoing;  // kOngoing for a capped game
  bool capped = false;
  bool repetition = false;
  // The trainer step of the weights that played the game's last move; -1 when not recorded.
  std::int64_t weights_step = -1;
  std::vector<Decision> decisions;

  bool operator==(const TrainingGame&) const;
};

// A shard that cannot be read: one line naming the file and the problem.
class ShardError : public InputError {
 public:
  using InputError::InputError;
};

// One block: a whole shard of `games`. A shard file is one or more blocks, one after another.
std::string encode_shard(const std::vector<TrainingGame>& games);
// Every block's games; throws ShardError naming `source` at the first damage.
std::vector<TrainingGame> decode_shard(const std::string& data, const std::string& source);

// Atomic write (temporary file, then rename) and checked read.
void write_shard(const std::string& path, const std::vector<TrainingGame>& games);
std::vector<TrainingGame> read_shard(const std::string& path);

// Appends `games` as one block: a killed writer leaves at most a torn last block, which
// read_shard_prefix reports and skips.
void append_to_shard(const std::string& path, const std::vector<TrainingGame>& games);

struct ShardPrefix {
  std::vector<TrainingGame> games;  // of the blocks before the first damaged one
  std::string problem;              // that damage, naming the file; empty when none
};
ShardPrefix read_shard_prefix(const std::string& path);

}  // namespace zertz::training
