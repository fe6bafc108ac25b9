#include "nn/cpu_weights.h"

#include <string>

#include "nn/checkpoint_info.h"

namespace zertz::nn {

namespace {

torch::Tensor parameter(const torch::jit::Module& m, const std::string& name) {
  if (!m.hasattr(name)) throw CheckpointError("model has no parameter " + name);
  torch::Tensor t = m.attr(name).toTensor();
  return t.to(torch::kCPU, torch::kFloat).contiguous();
}

// NAME_w and NAME_b: a convolution [out, in, k, k] or a linear layer [out, in].
DenseLayer layer(const torch::jit::Module& m, const std::string& name) {
  torch::Tensor w = parameter(m, name + "_w"), b = parameter(m, name + "_b");
  if ((w.dim() != 4 && w.dim() != 2) || b.dim() != 1 || b.size(0) != w.size(0) ||
      (w.dim() == 4 && w.size(2) != w.size(3))) {
    throw CheckpointError("model parameter " + name + " has an unexpected shape");
  }
  DenseLayer d;
  d.outputs = static_cast<int>(w.size(0));
  d.inputs = static_cast<int>(w.size(1));
  d.kernel = w.dim() == 4 ? static_cast<int>(w.size(2)) : 1;
  d.weight.assign(w.data_ptr<float>(), w.data_ptr<float>() + w.numel());
  d.bias.assign(b.data_ptr<float>(), b.data_ptr<float>() + b.numel());
  return d;
}

}  // namespace

NetWeights cpu_weights(const torch::jit::Module& exported) {
  torch::NoGradGuard no_grad;
  NetWeights w;
  w.stem = layer(exported, "stem");
  for (int i = 0; exported.hasattr("block" + std::to_string(i) + "_first_w"); ++i) {
    const std::string name = "block" + std::to_string(i);
    NetWeights::Block block;
    block.first = layer(exported, name + "_first");
    block.second = layer(exported, name + "_second");
    if (exported.hasattr(name + "_pool_w")) block.pool_bias = layer(exported, name + "_pool");
    w.tower.push_back(std::move(block));
  }
  w.policy_conv = layer(exported, "policy_conv");
  w.policy_out = layer(exported, "policy_out");
  w.value_conv = layer(exported, "value_conv");
  w.value_hidden = layer(exported, "value_hidden");
  w.value_out = layer(exported, "value_out");
  if (exported.hasattr("fast_conv_w")) {
    w.fast_value = FastValueWeights{layer(exported, "fast_conv"), layer(exported, "fast_hidden"),
                                    layer(exported, "fast_out")};
  }
  return w;
}

}  // namespace zertz::nn
