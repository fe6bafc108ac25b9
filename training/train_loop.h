// `zertz train`: self-play and learning end to end in one run directory, resumable.
#pragma once

#include <string>
#include <vector>

namespace zertz::training {

struct TrainOptions {
  std::string config = "configs/default.yaml";
  // Whether --config was given: on resuming, a named config must describe the same run.
  bool config_given = false;
  std::string run_dir = "runs/default";
  std::vector<std::string> overrides;  // "section.key=value"
};

// Runs until the config's time budget or step limit, or Ctrl-C; returns the exit status
// (core/error.h: 0; 130 after Ctrl-C with everything saved; 2 for a bad config, checkpoint or
// shard; 1 when a worker fails).
int run_training(const TrainOptions& options);

}  // namespace zertz::training
