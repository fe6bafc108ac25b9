#include "nn/model.h"

#include "nn/features.h"
#include "nn/outcome_parts.h"

namespace zertz::nn {

namespace {
constexpr int kPolicyPlanes = Action::kNumTags;
constexpr int kValueOutputs = 3;
}  // namespace

ConvBnImpl::ConvBnImpl(int in, int out, int kernel) {
  conv = register_module(
      "conv",
      torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, kernel).padding(kernel / 2).bias(false)));
  bn = register_module("bn", torch::nn::BatchNorm2d(out));
}

torch::Tensor ConvBnImpl::forward(const torch::Tensor& x) {
  return bn(conv(x));
}

ResidualBlockImpl::ResidualBlockImpl(int channels, bool global_pool) {
  first = register_module("first", ConvBn(channels, channels, 3));
  second = register_module("second", ConvBn(channels, channels, 3));
  if (global_pool)
    pool_bias = register_module("pool_bias", torch::nn::Linear(2 * channels, channels));
}

torch::Tensor global_pool(const torch::Tensor& x, const torch::Tensor& mask) {
  auto cells = mask.sum({2, 3});  // [B, 1]
  auto mean = x.sum({2, 3}) / cells;
  auto max = x.amax({2, 3});
  return torch::cat({mean, max}, 1);
}

FastValueHeadImpl::FastValueHeadImpl(int channels, int hidden_units, bool outcome_parts) {
  conv = register_module(
      "conv",
      torch::nn::Conv2d(torch::nn::Conv2dOptions(kFastValueSpatialPlanes, channels, 3).padding(1)));
  hidden =
      register_module("hidden", torch::nn::Linear(2 * channels + kFastValueScalars, hidden_units));
  out = register_module("out", torch::nn::Linear(hidden_units, kValueOutputs));
  if (outcome_parts)
    parts = register_module("parts", torch::nn::Linear(hidden_units, kNumOutcomeParts));
}

std::pair<torch::Tensor, torch::Tensor> FastValueHeadImpl::forward(const torch::Tensor& x,
                                                                   const torch::Tensor& mask) {
  auto h = torch::relu(conv(x.narrow(1, 0, kFastValueSpatialPlanes))) * mask;
  auto scalars =
      x.narrow(1, kFastValueSpatialPlanes, kFastValueScalars).sum({2, 3}) / mask.sum({2, 3});
  auto z = torch::relu(hidden(torch::cat({global_pool(h, mask), scalars}, 1)));
  return {out(z), parts ? parts(z) : torch::Tensor()};
}

torch::Tensor ResidualBlockImpl::forward(const torch::Tensor& x, const torch::Tensor& mask) {
  auto h = torch::relu(first(x)) * mask;
  if (pool_bias) h = h + pool_bias(global_pool(h, mask)).unsqueeze(2).unsqueeze(3);
  h = second(h);
  return torch::relu(h + x) * mask;
}

ZertzNetImpl::ZertzNetImpl(const ModelConfig& config) : config_(config) {
  const int c = config.channels;
  stem = register_module("stem", ConvBn(kNumInputPlanes, c, 3));
  for (int i = 0; i < config.blocks; ++i) {
    bool pool = config.global_pool_every > 0 && (i + 1) % config.global_pool_every == 0;
    tower.push_back(register_module("block" + std::to_string(i), ResidualBlock(c, pool)));
  }
  policy_conv = register_module("policy_conv", ConvBn(c, config.policy_channels, 1));
  policy_out = register_module("policy_out", torch::nn::Conv2d(torch::nn::Conv2dOptions(
                                                 config.policy_channels, kPolicyPlanes, 1)));
  if (config.soft_policy) {
    soft_policy_out = register_module(
        "soft_policy_out",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(config.policy_channels, kPolicyPlanes, 1)));
  }
  value_conv = register_module("value_conv", ConvBn(c, config.value_channels, 1));
  value_hidden = register_module("value_hidden",
                                 torch::nn::Linear(2 * config.value_channels, config.value_hidden));
  value_out = register_module("value_out", torch::nn::Linear(config.value_hidden, kValueOutputs));
  if (config.outcome_parts) {
    value_parts =
        register_module("value_parts", torch::nn::Linear(config.value_hidden, kNumOutcomeParts));
  }
  if (config.fast_value_channels > 0) {
    fast_value = register_module(
        "fast_value",
        FastValueHead(config.fast_value_channels, config.fast_value_hidden, config.outcome_parts));
  }
}

ModelOutput ZertzNetImpl::forward(const torch::Tensor& x) {
  auto mask = x.narrow(1, kPlaneOnBoard, 1);
  auto h = torch::relu(stem(x)) * mask;
  for (auto& block : tower) h = block->forward(h, mask);

  auto policy_features = torch::relu(policy_conv(h));
  // on-board logits stay exact (mask 1 adds 0); off-board ones become kMaskedLogit.
  auto masked = [&](const torch::Tensor& logits) {
    return logits * mask + (1 - mask) * kMaskedLogit;
  };
  auto p = masked(policy_out(policy_features));  // [B, 10, G, G]
  auto v = torch::relu(value_conv(h)) * mask;
  auto z = torch::relu(value_hidden(global_pool(v, mask)));
  ModelOutput out{p.flatten(1), value_out(z), {}, {}, {}};
  if (value_parts) out.outcome_parts = value_parts(z);
  if (soft_policy_out) out.soft_policy_logits = masked(soft_policy_out(policy_features)).flatten(1);
  if (fast_value)
    std::tie(out.fast_value_logits, out.fast_outcome_parts) = fast_value->forward(x, mask);
  return out;
}

double forward_macs(const ModelConfig& config, int grid) {
  const double cells = grid * grid;
  const double c = config.channels;
  double macs = cells * static_cast<double>(kNumInputPlanes) * c * 9;  // stem
  macs += config.blocks * 2 * cells * c * c * 9;                       // tower
  macs += cells * c * (config.policy_channels + config.value_channels);
  macs += cells * config.policy_channels * kPolicyPlanes;
  macs += 2.0 * config.value_channels * config.value_hidden + config.value_hidden * kValueOutputs;
  return macs;
}

}  // namespace zertz::nn
