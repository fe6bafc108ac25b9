#include "nn/network_evaluator.h"

#include <ATen/Parallel.h>
#include <torch/script.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "nn/checkpoint_info.h"
#include "nn/cpu_network.h"
#include "nn/cpu_weights.h"
#include "nn/export.h"
#include "nn/fast_value.h"
#include "nn/features.h"
#include "nn/inference_module.h"

namespace zertz::nn {

namespace {

// The softmax of the legal actions' logits, the value and the draw chance of one request.
void answer(const Encoding& encoding, const float* logits, const float* wdl,
            const mcts::EvalRequest& r) {
  float max_logit = -std::numeric_limits<float>::infinity();
  for (std::size_t a = 0; a < r.actions.size(); ++a) {
    // A forced pass is the only action: any constant logit will do.
    const Action action = r.actions[a];
    const float logit =
        action.kind() == ActionKind::kPass ? 0.0f : logits[encoding.policy_index(action)];
    r.priors[a] = logit;
    max_logit = std::max(max_logit, logit);
  }
  float total = 0;
  for (float& p : r.priors) total += (p = std::exp(p - max_logit));
  for (float& p : r.priors) p /= total;
  *r.value = wdl[0] - wdl[2];
  if (r.draw != nullptr) *r.draw = wdl[1];
}

}  // namespace

int eigen_batch_limit(const std::string& backend, bool is_cuda, int tower_channels) {
  if (backend == "libtorch") return 0;
  if (backend == "eigen") {
    if (is_cuda)
      throw std::runtime_error("backend: eigen runs on the CPU only, the device is cuda");
    return kAlwaysEigen;
  }
  if (backend != "auto") {
    throw std::runtime_error("backend: expected auto, libtorch or eigen, found '" + backend + "'");
  }
  return !is_cuda && tower_channels <= kAutoEigenMaxChannels ? kAutoEigenMaxBatch : 0;
}

// The engines a batch limit needs: LibTorch below it when it is not kAlwaysEigen, Eigen when
// it is above 0.
struct NetworkEvaluator::Impl {
  Impl(const Variant& v, int threads, torch::Device d, std::string name)
      : encoding(Encoding::of(*v.board)),
        intra_op_threads(threads),
        device(d),
        backend(std::move(name)) {}

  void load(const torch::jit::Module& exported) {
    if (!limit) {
      if (!exported.hasattr("stem_w")) throw CheckpointError("model has no parameter stem_w");
      const int channels = static_cast<int>(exported.attr("stem_w").toTensor().size(0));
      limit = eigen_batch_limit(backend, device.is_cuda(), channels);
    }
    std::unique_ptr<CpuNetwork> fresh_cpu;
    std::optional<InferenceModule> fresh_module;
    // The weights are copied out only for an engine that reads them: Eigen or the fast head.
    const bool fast_head = exported.hasattr("fast_conv_w");
    const NetWeights weights = *limit > 0 || fast_head ? cpu_weights(exported) : NetWeights{};
    if (*limit > 0) fresh_cpu = std::make_unique<CpuNetwork>(weights, encoding.grid());
    if (*limit != kAlwaysEigen) fresh_module.emplace(exported, device);
    if (!has_fast) has_fast = fast_head;
    if (*has_fast != fast_head)
      throw CheckpointError("new weights " + std::string(*has_fast ? "lack" : "add") +
                            " a fast value head");
    std::shared_ptr<const FastValueNet> fresh_fast;
    if (weights.fast_value)
      fresh_fast = std::make_shared<const FastValueNet>(*weights.fast_value, encoding.board());
    {
      std::lock_guard lock(mutex);
      cpu = std::move(fresh_cpu);
      module = std::move(fresh_module);
    }
    std::lock_guard lock(fast_mutex);
    fast = std::move(fresh_fast);
  }

  const Encoding& encoding;
  const int intra_op_threads;
  const torch::Device device;
  const std::string backend;
  // Batches of at most this many positions run on Eigen; set by the first load and kept when
  // the weights change, so the engines never change under a search.
  std::optional<int> limit;
  std::mutex mutex;  // one forward pass at a time; update_weights swaps the engines between them
  std::optional<InferenceModule> module;
  std::unique_ptr<CpuNetwork> cpu;
  // The fast value head, if any (fixed by the first load), swapped whole under its own lock
  // so that searches run it beside forward passes.
  std::optional<bool> has_fast;
  std::mutex fast_mutex;
  std::shared_ptr<const FastValueNet> fast;
};

NetworkEvaluator::NetworkEvaluator(ZertzNetImpl& net, const Variant& variant,
                                   const std::string& device, const std::string& backend,
                                   int intra_op_threads)
    : impl_(std::make_unique<Impl>(variant, intra_op_threads, choose_device(device), backend)) {
  impl_->load(to_torchscript(net));
}

NetworkEvaluator::NetworkEvaluator(const std::string& torchscript_path, const Variant& variant,
                                   const std::string& device, const std::string& backend,
                                   int intra_op_threads)
    : impl_(std::make_unique<Impl>(variant, intra_op_threads, choose_device(device), backend)) {
  impl_->load(load_torchscript(torchscript_path, torch::kCPU));
}

NetworkEvaluator::~NetworkEvaluator() = default;

void NetworkEvaluator::evaluate(std::span<const mcts::EvalRequest> batch) {
  if (batch.empty()) return;
  const Encoding& encoding = impl_->encoding;
  const auto n = static_cast<std::int64_t>(batch.size());
  std::vector<float> inputs(static_cast<std::size_t>(n) * encoding.input_size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    encoding.encode(*batch[i].state, inputs.data() + i * encoding.input_size());
  }
  if (static_cast<int>(n) <= *impl_->limit) {
    std::vector<float> logits(static_cast<std::size_t>(n) * encoding.policy_size());
    std::vector<float> wdl(static_cast<std::size_t>(n) * 3);
    {
      std::lock_guard lock(impl_->mutex);
      impl_->cpu->forward(inputs.data(), static_cast<int>(n), logits.data(), wdl.data());
    }
    for (std::size_t i = 0; i < batch.size(); ++i) {
      answer(encoding, logits.data() + i * encoding.policy_size(), wdl.data() + 3 * i, batch[i]);
    }
    return;
  }
  // LibTorch's intra-op thread count belongs to the calling thread (OpenMP), so set it in
  // each thread that runs forward passes.
  thread_local int configured_threads = 0;
  if (configured_threads != impl_->intra_op_threads) {
    at::set_num_threads(impl_->intra_op_threads);
    configured_threads = impl_->intra_op_threads;
  }
  c10::InferenceMode guard;
  auto x = torch::from_blob(inputs.data(), {n, kNumInputPlanes, encoding.grid(), encoding.grid()});
  InferenceModule::Output out;
  {
    std::lock_guard lock(impl_->mutex);
    out = impl_->module->forward(x);
  }
  const float* logits = out.policy_logits.data_ptr<float>();
  const float* wdl = out.win_draw_loss.data_ptr<float>();
  for (std::size_t i = 0; i < batch.size(); ++i) {
    answer(encoding, logits + static_cast<std::ptrdiff_t>(i) * encoding.policy_size(),
           wdl + 3 * static_cast<std::ptrdiff_t>(i), batch[i]);
  }
}

bool NetworkEvaluator::has_fast_value() const {
  return *impl_->has_fast;
}

float NetworkEvaluator::fast_value(const State& state) {
  std::shared_ptr<const FastValueNet> fast;
  {
    std::lock_guard lock(impl_->fast_mutex);
    fast = impl_->fast;
  }
  return fast->value(state);
}

void NetworkEvaluator::update_weights(ZertzNetImpl& net) {
  impl_->load(to_torchscript(net));
}

std::string NetworkEvaluator::device() const {
  return impl_->device.is_cuda() ? "cuda" : "cpu";
}

std::string NetworkEvaluator::backend() const {
  const int limit = *impl_->limit;
  if (limit == 0) return "libtorch";
  if (limit == kAlwaysEigen) return "eigen";
  return "eigen up to " + std::to_string(limit) + " positions, libtorch above";
}

}  // namespace zertz::nn
