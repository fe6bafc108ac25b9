#include "tests/nn_torch/random_inputs.h"

#include "nn/features.h"

using zertz::nn::Encoding;
using zertz::nn::kNumInputPlanes;
using zertz::nn::kPlaneOnBoard;

namespace zertz::testing {

torch::Tensor random_inputs(const Variant& variant, int batch) {
  const Encoding& e = Encoding::of(*variant.board);
  auto x = torch::rand({batch, kNumInputPlanes, e.grid(), e.grid()});
  auto mask = torch::zeros({e.grid(), e.grid()});
  for (int c = 0; c < variant.board->num_cells(); ++c) {
    mask[variant.board->grid_q(c)][variant.board->grid_y(c)] = 1.0;
  }
  x = x * mask;
  x.select(1, kPlaneOnBoard).copy_(mask.expand({batch, e.grid(), e.grid()}));
  return x;
}

}  // namespace zertz::testing
