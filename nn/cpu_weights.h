// The weights of nn/cpu_network.h from LibTorch: read from the TorchScript module of
// nn/export.h (batch norm already folded), whether built from a network or loaded from an
// exported model.pt, so that both give the engine the same numbers.
#pragma once

#include <torch/script.h>

#include "nn/cpu_network.h"

namespace zertz::nn {

// Throws CheckpointError (nn/checkpoint_info.h) when a parameter of the export's layout is
// missing or has the wrong rank.
NetWeights cpu_weights(const torch::jit::Module& exported);

}  // namespace zertz::nn
