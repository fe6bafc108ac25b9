#include "training/trainer.h"

#include <cmath>
#include <stdexcept>

namespace zertz::training {

Trainer::Trainer(nn::ZertzNet net, const TrainerParams& params, torch::Device device)
    : net_(std::move(net)), params_(params), device_(device) {
  net_->to(device_);
  optimizer_ = std::make_unique<torch::optim::AdamW>(
      net_->parameters(),
      torch::optim::AdamWOptions(params.learning_rate).weight_decay(params.weight_decay));
}

double Trainer::learning_rate_at(std::int64_t step) const {
  double lr = params_.learning_rate;
  if (params_.warmup_steps > 0 && step < params_.warmup_steps) {
    lr *= static_cast<double>(step + 1) / static_cast<double>(params_.warmup_steps);
  }
  if (params_.decay_every_steps > 0) {
    lr *= std::pow(params_.decay_factor, static_cast<double>(step / params_.decay_every_steps));
  }
  return lr;
}

namespace {

// Squared error summed over the parts, averaged over the batch; undefined when either is.
torch::Tensor parts_loss(const torch::Tensor& predicted, const torch::Tensor& target) {
  if (!predicted.defined() || !target.defined()) return {};
  return (predicted - target).pow(2).sum(1).mean();
}

double value_or_none(const torch::Tensor& loss) {
  return loss.defined() ? loss.item<double>() : -1.0;
}

}  // namespace

StepLosses Trainer::step(const torch::Tensor& inputs, const torch::Tensor& policy,
                         const torch::Tensor& value, const torch::Tensor& outcome_parts) {
  if (net_->config().outcome_parts && !outcome_parts.defined()) {
    throw std::invalid_argument("a net with outcome parts needs their targets in every step");
  }
  net_->train();
  double lr = learning_rate_at(steps_);
  for (auto& group : optimizer_->param_groups()) group.options().set_lr(lr);
  nn::ModelOutput out = net_->forward(inputs.to(device_));
  // Soft-target cross-entropies. Off-board logits are -1e9 with target 0, which adds nothing.
  auto policy_loss = -(policy.to(device_) * torch::log_softmax(out.policy_logits, 1)).sum(1).mean();
  auto value_target = value.to(device_);
  auto value_loss = -(value_target * torch::log_softmax(out.value_logits, 1)).sum(1).mean();
  auto loss = policy_loss + params_.value_loss_weight * value_loss;
  torch::Tensor fast_value_loss;
  if (out.fast_value_logits.defined()) {
    fast_value_loss = -(value_target * torch::log_softmax(out.fast_value_logits, 1)).sum(1).mean();
    loss = loss + params_.fast_value_loss_weight * fast_value_loss;
  }
  torch::Tensor parts_target = outcome_parts.defined() ? outcome_parts.to(device_) : outcome_parts;
  auto value_parts_loss = parts_loss(out.outcome_parts, parts_target);
  auto fast_parts_loss = parts_loss(out.fast_outcome_parts, parts_target);
  for (const auto& l : {value_parts_loss, fast_parts_loss}) {
    if (l.defined()) loss = loss + params_.outcome_parts_loss_weight * l;
  }
  optimizer_->zero_grad();
  loss.backward();
  optimizer_->step();
  ++steps_;
  StepLosses losses{policy_loss.item<double>(), value_loss.item<double>(),
                    value_or_none(fast_value_loss), loss.item<double>()};
  losses.outcome_parts = value_or_none(value_parts_loss);
  losses.fast_outcome_parts = value_or_none(fast_parts_loss);
  return losses;
}

}  // namespace zertz::training
