// Which checkpoints a run keeps (docs/training.md, "Disk"): the newest few, one per interval of
// minutes over the whole run, and every one a match has rated (its games in arena/ name it) or
// that self-play, gating or resuming use; the others are deleted as new ones come.
#pragma once

#include <cstdint>
#include <filesystem>
#include <set>
#include <vector>

#include "training/run_dir.h"

namespace zertz::training {

struct RetentionPolicy {
  int keep_newest = 20;            // 0: keep every checkpoint (no deletion at all)
  double keep_every_minutes = 10;  // also the first one of each such interval; 0: none
};

struct CheckpointFile {
  std::filesystem::path path;
  std::int64_t step = 0;
  double written_minutes = 0;  // its write time, in minutes on any fixed clock
};

// The checkpoints the policy lets go, oldest first: not among the newest keep_newest (by
// step), not the first written in its interval of keep_every_minutes, and not in `kept_steps`.
std::vector<std::filesystem::path> checkpoints_to_delete(std::vector<CheckpointFile> checkpoints,
                                                         const RetentionPolicy& policy,
                                                         const std::set<std::int64_t>& kept_steps);

// The steps of the checkpoints that arena/'s matches name ("step-0000100@200" in arena.jsonl).
std::set<std::int64_t> rated_checkpoint_steps(const std::filesystem::path& arena_dir);

// Applies the policy to a run's checkpoints, keeping `kept_steps` and those rated in its arena/
// too; returns how many files were deleted.
int prune_checkpoints(const RunDir& run, const RetentionPolicy& policy,
                      const std::set<std::int64_t>& kept_steps);

}  // namespace zertz::training
