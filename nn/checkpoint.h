// Checkpoints: one file with the weights, the optimiser state, the training step, the random
// generators' states and the run's config, written atomically and checked on load
// (docs/model-format.md gives the layout).
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"
#include "nn/model.h"

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

// Writes atomically; `optimizer` may be null. Saves torch's default CPU generator too.
void save_checkpoint(const std::string& path, const CheckpointInfo& info, ZertzNet& net,
                     torch::optim::Optimizer* optimizer);

// Reads and checks the file (kind, completeness, checksum) without loading weights.
CheckpointInfo read_checkpoint_info(const std::string& path);

// Loads into `net` (and `optimizer` when given; restores torch's generator). `net` must have
// the checkpoint's architecture: a mismatch is a CheckpointError naming both shapes.
CheckpointInfo load_checkpoint(const std::string& path, ZertzNet& net,
                               torch::optim::Optimizer* optimizer);

}  // namespace zertz::nn
