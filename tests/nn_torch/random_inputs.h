// Network inputs for tests that compare forward passes.
#pragma once

#include <torch/torch.h>

#include "core/variant.h"
#include "nn/model.h"

namespace zertz::testing {

// Random inputs on the board of `variant`: the on-board plane is the board's mask, every other
// plane uniform noise on the board's cells and zero off it.
torch::Tensor random_inputs(const Variant& variant, int batch);

// A network of the named size (seeded) in eval mode, its batch-norm statistics and affine
// weights away from their initial values, so that folding them into the convolutions is
// really tested.
nn::ZertzNet randomised_net(const std::string& size);

}  // namespace zertz::testing
