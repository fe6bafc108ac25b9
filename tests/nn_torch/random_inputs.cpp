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

nn::ZertzNet randomised_net(const std::string& size) {
  torch::manual_seed(3);
  nn::ZertzNet net(nn::ModelConfig::named(size));
  torch::NoGradGuard no_grad;
  for (auto& buffer : net->named_buffers()) {
    if (buffer.key().find("running_mean") != std::string::npos) buffer.value().normal_(0, 0.2);
    if (buffer.key().find("running_var") != std::string::npos) buffer.value().uniform_(0.5, 2.0);
  }
  for (auto& param : net->named_parameters()) {
    if (param.key().find("bn.weight") != std::string::npos) param.value().uniform_(0.5, 1.5);
    if (param.key().find("bn.bias") != std::string::npos) param.value().normal_(0, 0.2);
  }
  net->eval();
  return net;
}

}  // namespace zertz::testing
