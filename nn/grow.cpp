#include "nn/grow.h"

#include <map>

#include "nn/checkpoint.h"
#include "nn/features.h"

namespace zertz::nn {

namespace {

// Where the old fast head's units sit in the grown one.
struct FastHeadWidths {
  int old_channels, new_channels, old_hidden, new_hidden;
};

const std::string kFastHidden = "fast_value.hidden.weight";

// Writes `old` into its place in `grown`. The fast head's perceptron reads [mean of each
// channel, max of each channel, scalars], so its old columns move when channels are added;
// every other tensor keeps the old one as its leading block.
void place(const std::string& name, const torch::Tensor& old, torch::Tensor grown,
           const FastHeadWidths& w) {
  if (name == kFastHidden) {
    auto rows = grown.narrow(0, 0, old.size(0));
    rows.narrow(1, 0, w.old_channels).copy_(old.narrow(1, 0, w.old_channels));
    rows.narrow(1, w.new_channels, w.old_channels)
        .copy_(old.narrow(1, w.old_channels, w.old_channels));
    rows.narrow(1, 2 * w.new_channels, kFastValueScalars)
        .copy_(old.narrow(1, 2 * w.old_channels, kFastValueScalars));
    return;
  }
  auto block = grown;
  for (int d = 0; d < old.dim(); ++d) block = block.narrow(d, 0, old.size(d));
  block.copy_(old);
}

// Zeroes the weights through which new units would change the old outputs.
void cut_new_connections(const std::string& name, torch::Tensor grown, const FastHeadWidths& w,
                         bool new_module) {
  if (name == kFastHidden) {
    int added = w.new_channels - w.old_channels;
    grown.narrow(1, w.old_channels, added).zero_();                   // new channels' means
    grown.narrow(1, w.new_channels + w.old_channels, added).zero_();  // their maxima
  } else if (name == "fast_value.out.weight" || name == "fast_value.parts.weight") {
    grown.narrow(1, w.old_hidden, w.new_hidden - w.old_hidden).zero_();
  } else if (new_module &&
             (name.ends_with("second.bn.weight") || name.ends_with("second.bn.bias"))) {
    grown.zero_();  // the block adds zero to its skip: relu(0 + x) = x, as x >= 0
  }
}

std::string key_of(const torch::Tensor& parameter) {
  return c10::guts::to_string(parameter.unsafeGetTensorImpl());  // torch's optimiser state key
}

}  // namespace

bool same_network(const ModelConfig& a, const ModelConfig& b) {
  ModelConfig renamed = b;
  renamed.name = a.name;
  return renamed == a;
}

std::string growth_refusal(const ModelConfig& from, const ModelConfig& to) {
  ModelConfig ungrown = to;
  ungrown.blocks = from.blocks;
  ungrown.fast_value_channels = from.fast_value_channels;
  ungrown.fast_value_hidden = from.fast_value_hidden;
  if (!same_network(from, ungrown)) {
    return "only blocks, fast_value_channels and fast_value_hidden can grow: " + from.describe() +
           " cannot become " + to.describe();
  }
  if (to.blocks < from.blocks || to.fast_value_channels < from.fast_value_channels ||
      to.fast_value_hidden < from.fast_value_hidden) {
    return "a network only grows: " + from.describe() + " cannot become " + to.describe();
  }
  if (from.fast_value_channels == 0 && to.fast_value_channels > 0) {
    return "a fast value head cannot grow from none (" + from.describe() + ")";
  }
  return "";
}

void grow_network(ZertzNet& from, const torch::optim::AdamW& from_optimizer, ZertzNet& to,
                  torch::optim::AdamW& to_optimizer) {
  std::string refusal = growth_refusal(from->config(), to->config());
  if (!refusal.empty()) throw std::invalid_argument(refusal);
  const FastHeadWidths widths{from->config().fast_value_channels, to->config().fast_value_channels,
                              from->config().fast_value_hidden, to->config().fast_value_hidden};
  torch::NoGradGuard no_grad;
  auto old_parameters = from->named_parameters();
  for (auto& item : to->named_parameters()) {
    const std::string& name = item.key();
    torch::Tensor grown = item.value();
    const torch::Tensor* old = old_parameters.find(name);
    cut_new_connections(name, grown, widths, old == nullptr);
    if (!old) continue;
    place(name, *old, grown, widths);
    auto state = from_optimizer.state().find(key_of(*old));
    if (state == from_optimizer.state().end()) continue;
    const auto& moments = static_cast<const torch::optim::AdamWParamState&>(*state->second);
    auto grown_moments = std::make_unique<torch::optim::AdamWParamState>();
    grown_moments->step(moments.step());
    grown_moments->exp_avg(torch::zeros_like(grown));
    place(name, moments.exp_avg(), grown_moments->exp_avg(), widths);
    grown_moments->exp_avg_sq(torch::zeros_like(grown));
    place(name, moments.exp_avg_sq(), grown_moments->exp_avg_sq(), widths);
    if (moments.max_exp_avg_sq().defined()) {
      grown_moments->max_exp_avg_sq(torch::zeros_like(grown));
      place(name, moments.max_exp_avg_sq(), grown_moments->max_exp_avg_sq(), widths);
    }
    to_optimizer.state()[key_of(grown)] = std::move(grown_moments);
  }
  auto old_buffers = from->named_buffers();
  for (auto& item : to->named_buffers()) {
    if (const torch::Tensor* old = old_buffers.find(item.key())) item.value().copy_(*old);
  }
}

CheckpointInfo load_checkpoint_growing(const std::string& path, ZertzNet& net,
                                       torch::optim::AdamW& optimizer) {
  CheckpointInfo info = read_checkpoint_info(path);
  if (same_network(info.model, net->config())) return load_checkpoint(path, net, &optimizer);
  if (std::string refusal = growth_refusal(info.model, net->config()); !refusal.empty())
    throw CheckpointError(path + ": " + refusal);
  ZertzNet smaller(info.model);
  torch::optim::AdamW smaller_optimizer(smaller->parameters(), torch::optim::AdamWOptions());
  info = load_checkpoint(path, smaller, &smaller_optimizer);
  smaller->to(net->parameters().front().device());
  grow_network(smaller, smaller_optimizer, net, optimizer);
  return info;
}

}  // namespace zertz::nn
