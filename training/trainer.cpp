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

// Each head's loss on a batch (undefined where the net has no such head) and their weighted sum.
struct LossTerms {
  torch::Tensor policy, value, fast_value, outcome_parts, fast_outcome_parts, soft_policy, total;

  StepLosses figures() const {
    StepLosses losses{policy.item<double>(), value.item<double>(), value_or_none(fast_value),
                      total.item<double>()};
    losses.outcome_parts = value_or_none(outcome_parts);
    losses.fast_outcome_parts = value_or_none(fast_outcome_parts);
    losses.soft_policy = value_or_none(soft_policy);
    return losses;
  }
};

LossTerms loss_terms(const nn::ModelOutput& out, const torch::Tensor& policy,
                     const torch::Tensor& value, const torch::Tensor& parts,
                     const TrainerParams& params) {
  LossTerms t;
  // Soft-target cross-entropies. Off-board logits are -1e9 with target 0, which adds nothing.
  t.policy = -(policy * torch::log_softmax(out.policy_logits, 1)).sum(1).mean();
  t.value = -(value * torch::log_softmax(out.value_logits, 1)).sum(1).mean();
  t.total = t.policy + params.value_loss_weight * t.value;
  if (out.fast_value_logits.defined()) {
    t.fast_value = -(value * torch::log_softmax(out.fast_value_logits, 1)).sum(1).mean();
    t.total = t.total + params.fast_value_loss_weight * t.fast_value;
  }
  if (out.soft_policy_logits.defined()) {
    auto soft = softened_policy(policy);
    t.soft_policy = -(soft * torch::log_softmax(out.soft_policy_logits, 1)).sum(1).mean();
    t.total = t.total + params.soft_policy_loss_weight * t.soft_policy;
  }
  t.outcome_parts = parts_loss(out.outcome_parts, parts);
  t.fast_outcome_parts = parts_loss(out.fast_outcome_parts, parts);
  for (const auto& l : {t.outcome_parts, t.fast_outcome_parts}) {
    if (l.defined()) t.total = t.total + params.outcome_parts_loss_weight * l;
  }
  return t;
}

}  // namespace

torch::Tensor softened_policy(const torch::Tensor& policy) {
  auto soft = policy.pow(0.25);  // 0 stays 0: illegal and off-board actions keep no weight
  return soft / soft.sum(1, true).clamp_min(1e-12);
}

void Trainer::check_targets(const torch::Tensor& outcome_parts) const {
  if (net_->config().outcome_parts && !outcome_parts.defined()) {
    throw std::invalid_argument("a net with outcome parts needs their targets in every batch");
  }
}

StepLosses Trainer::step(const torch::Tensor& inputs, const torch::Tensor& policy,
                         const torch::Tensor& value, const torch::Tensor& outcome_parts) {
  check_targets(outcome_parts);
  net_->train();
  double lr = learning_rate_at(steps_);
  for (auto& group : optimizer_->param_groups()) group.options().set_lr(lr);
  nn::ModelOutput out = net_->forward(inputs.to(device_));
  LossTerms terms =
      loss_terms(out, policy.to(device_), value.to(device_),
                 outcome_parts.defined() ? outcome_parts.to(device_) : outcome_parts, params_);
  optimizer_->zero_grad();
  terms.total.backward();
  optimizer_->step();
  ++steps_;
  return terms.figures();
}

StepLosses Trainer::evaluate(const torch::Tensor& inputs, const torch::Tensor& policy,
                             const torch::Tensor& value, const torch::Tensor& outcome_parts) {
  check_targets(outcome_parts);
  torch::NoGradGuard no_grad;
  net_->eval();
  nn::ModelOutput out = net_->forward(inputs.to(device_));
  LossTerms terms =
      loss_terms(out, policy.to(device_), value.to(device_),
                 outcome_parts.defined() ? outcome_parts.to(device_) : outcome_parts, params_);
  net_->train();
  return terms.figures();
}

}  // namespace zertz::training
