// Export for other front ends: a TorchScript module that runs without our code (its forward is
// TorchScript source, batch norm folded into the convolutions) and a JSON sidecar that
// documents the encoding (docs/model-format.md).
#pragma once

#include <torch/script.h>

#include <string>

#include "core/variant.h"
#include "mcts/search_params.h"
#include "nn/exported_model.h"
#include "nn/model.h"

namespace zertz::nn {

// The network in eval mode as a TorchScript module: forward(x) -> (policy_logits, value_logits).
torch::jit::Module to_torchscript(ZertzNetImpl& net);

// model.json's content for this network trained on `variant`. `search` tells how the network
// searched in training (its leaf playouts), so that front ends search alike.
std::string model_json(const ZertzNetImpl& net, const Variant& variant, std::int64_t training_step,
                       const mcts::SearchParams& search = {});

// Writes DIR/model.pt and DIR/model.json (each atomically); throws std::runtime_error naming
// the file on failure.
void export_model(ZertzNetImpl& net, const Variant& variant, std::int64_t training_step,
                  const std::string& dir, const mcts::SearchParams& search = {});

}  // namespace zertz::nn
