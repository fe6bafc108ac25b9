// What a checkpoint file says about itself (docs/model-format.md), read without LibTorch's
// headers, so that code which only names or checks checkpoints (the arena, the ladder, the
// front ends) compiles cheaply; nn/checkpoint.h saves and loads the weights.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/error.h"
#include "nn/model_config.h"

namespace zertz::nn {

// A checkpoint that cannot be used: the message is one line naming the file and the problem.
class CheckpointError : public InputError {
 public:
  using InputError::InputError;
};

struct CheckpointInfo {
  ModelConfig model;
  std::string variant = "basic";
  std::int64_t step = 0;
  std::string config_text;                       // the run's resolved config
  std::vector<std::uint64_t> rng_state;          // the caller's generators (e.g. Rng::state())
  std::map<std::string, std::int64_t> counters;  // the caller's progress (games, samples, ...)
};

// Reads and checks the file (kind, completeness, checksum) without loading weights.
CheckpointInfo read_checkpoint_info(const std::string& path);

}  // namespace zertz::nn
