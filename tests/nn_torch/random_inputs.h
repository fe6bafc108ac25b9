// Network inputs for tests that compare forward passes.
#pragma once

#include <torch/torch.h>

#include "core/variant.h"

namespace zertz::testing {

// Random inputs on the board of `variant`: the on-board plane is the board's mask, every other
// plane uniform noise on the board's cells and zero off it.
torch::Tensor random_inputs(const Variant& variant, int batch);

}  // namespace zertz::testing
