#include "nn/network_evaluator.h"

#include <ATen/Parallel.h>
#include <torch/script.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>

#include "nn/features.h"
#include "nn/inference_module.h"

namespace zertz::nn {

struct NetworkEvaluator::Impl {
  Impl(const Variant& v, int threads, InferenceModule m)
      : variant(v),
        encoding(Encoding::of(*v.board)),
        intra_op_threads(threads),
        device(m.device()),
        module(std::move(m)) {}

  const Variant& variant;
  const Encoding& encoding;
  const int intra_op_threads;
  const torch::Device device;
  std::mutex mutex;  // one forward pass at a time; update_weights swaps the module between them
  InferenceModule module;
};

NetworkEvaluator::NetworkEvaluator(ZertzNetImpl& net, const Variant& variant,
                                   const std::string& device, int intra_op_threads)
    : impl_(std::make_unique<Impl>(variant, intra_op_threads,
                                   InferenceModule(net, choose_device(device)))) {}

NetworkEvaluator::NetworkEvaluator(const std::string& torchscript_path, const Variant& variant,
                                   const std::string& device, int intra_op_threads)
    : impl_(std::make_unique<Impl>(variant, intra_op_threads,
                                   InferenceModule(torchscript_path, choose_device(device)))) {}

NetworkEvaluator::~NetworkEvaluator() = default;

void NetworkEvaluator::evaluate(std::span<const mcts::EvalRequest> batch) {
  if (batch.empty()) return;
  // LibTorch's intra-op thread count belongs to the calling thread (OpenMP), so set it in
  // each thread that runs forward passes.
  thread_local int configured_threads = 0;
  if (configured_threads != impl_->intra_op_threads) {
    at::set_num_threads(impl_->intra_op_threads);
    configured_threads = impl_->intra_op_threads;
  }
  c10::InferenceMode guard;
  const Encoding& encoding = impl_->encoding;
  const auto n = static_cast<std::int64_t>(batch.size());
  auto x = torch::empty({n, kNumInputPlanes, encoding.grid(), encoding.grid()});
  float* data = x.data_ptr<float>();
  for (std::size_t i = 0; i < batch.size(); ++i) {
    encoding.encode(*batch[i].state, data + static_cast<std::ptrdiff_t>(i) * encoding.input_size());
  }
  InferenceModule::Output out;
  {
    std::lock_guard lock(impl_->mutex);
    out = impl_->module.forward(x);
  }
  const float* logits = out.policy_logits.data_ptr<float>();
  const float* wdl = out.win_draw_loss.data_ptr<float>();
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const mcts::EvalRequest& r = batch[i];
    const float* row = logits + static_cast<std::ptrdiff_t>(i) * encoding.policy_size();
    float max_logit = -std::numeric_limits<float>::infinity();
    for (std::size_t a = 0; a < r.actions.size(); ++a) {
      // A forced pass is the only action: any constant logit will do.
      const Action action = r.actions[a];
      const float logit =
          action.kind() == ActionKind::kPass ? 0.0f : row[encoding.policy_index(action)];
      r.priors[a] = logit;
      max_logit = std::max(max_logit, logit);
    }
    float total = 0;
    for (float& p : r.priors) total += (p = std::exp(p - max_logit));
    for (float& p : r.priors) p /= total;
    const float* w = wdl + 3 * static_cast<std::ptrdiff_t>(i);
    *r.value = w[0] - w[2];
    if (r.draw != nullptr) *r.draw = w[1];
  }
}

void NetworkEvaluator::update_weights(ZertzNetImpl& net) {
  InferenceModule fresh(net, impl_->device);
  std::lock_guard lock(impl_->mutex);
  impl_->module = std::move(fresh);
}

std::string NetworkEvaluator::device() const {
  return impl_->device.is_cuda() ? "cuda" : "cpu";
}

}  // namespace zertz::nn
