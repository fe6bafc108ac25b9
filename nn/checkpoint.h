// Checkpoints: one file with the weights, the optimiser state, the training step, the random
// generators' states and the run's config, written atomically and checked on load
// (docs/model-format.md gives the layout).
#pragma once

#include <torch/torch.h>

#include <string>

#include "nn/checkpoint_info.h"
#include "nn/model.h"

namespace zertz::nn {

// Writes atomically; `optimizer` may be null. Saves torch's default CPU generator too.
void save_checkpoint(const std::string& path, const CheckpointInfo& info, ZertzNet& net,
                     torch::optim::Optimizer* optimizer);

// Loads into `net` (and `optimizer` when given; restores torch's generator). `net` must have
// the checkpoint's architecture: a mismatch is a CheckpointError naming both shapes.
CheckpointInfo load_checkpoint(const std::string& path, ZertzNet& net,
                               torch::optim::Optimizer* optimizer);

// The weights alone (parameters and buffers, on the CPU), as a distributed run sends them to
// its actors; loading checks them as load_checkpoint does, naming `source`.
std::string network_bytes(ZertzNet& net);
void load_network_bytes(ZertzNet& net, const std::string& bytes, const std::string& source);

}  // namespace zertz::nn
