#include "nn/batched_evaluator.h"

#include <chrono>
#include <mutex>
#include <optional>

#include "mcts/batching_evaluator.h"
#include "mcts/caching_evaluator.h"
#include "mcts/symmetry_evaluator.h"
#include "nn/network_evaluator.h"

namespace zertz::nn {

using Clock = std::chrono::steady_clock;

// The stack, outermost first: cache, symmetry, batcher, network. A cache hit costs no
// transform and no wait; the symmetry's transforms run in the calling threads; the network
// runs on the batcher's thread alone.
struct BatchedEvaluator::Impl {
  Impl(std::unique_ptr<NetworkEvaluator> net, const Variant& variant, const EvaluatorOptions& o)
      : network(std::move(net)),
        batcher(*network, {o.max_batch, o.deadline_us}),
        cache(top_below_cache(variant, o), o.cache_entries),
        started(Clock::now()) {}

  mcts::Evaluator& top_below_cache(const Variant& variant, const EvaluatorOptions& o) {
    if (!o.random_symmetry) return batcher;
    symmetry.emplace(batcher, *variant.board,
                     mcts::SymmetryOptions{o.symmetry_by_position, o.seed});
    return *symmetry;
  }

  std::unique_ptr<NetworkEvaluator> network;
  mcts::BatchingEvaluator batcher;
  std::optional<mcts::SymmetryEvaluator> symmetry;
  mcts::CachingEvaluator cache;
  std::mutex clock_mutex;  // guards `started`
  Clock::time_point started;
};

BatchedEvaluator::BatchedEvaluator(ZertzNetImpl& net, const Variant& variant,
                                   const EvaluatorOptions& options)
    : impl_(std::make_unique<Impl>(
          std::make_unique<NetworkEvaluator>(net, variant, options.device, options.backend,
                                             options.intra_op_threads),
          variant, options)) {}

BatchedEvaluator::BatchedEvaluator(const std::string& torchscript_path, const Variant& variant,
                                   const EvaluatorOptions& options)
    : impl_(std::make_unique<Impl>(
          std::make_unique<NetworkEvaluator>(torchscript_path, variant, options.device,
                                             options.backend, options.intra_op_threads),
          variant, options)) {}

BatchedEvaluator::~BatchedEvaluator() = default;

void BatchedEvaluator::evaluate(std::span<const mcts::EvalRequest> batch) {
  impl_->cache.evaluate(batch);
}

bool BatchedEvaluator::has_fast_value() const {
  return impl_->network->has_fast_value();
}

float BatchedEvaluator::fast_value(const State& state) {
  return impl_->network->fast_value(state);
}

void BatchedEvaluator::update_weights(ZertzNetImpl& net) {
  // New weights first, then the cache's clear(): an evaluation that starts after the clear is
  // run by the new weights, and one under way during it is not stored.
  impl_->network->update_weights(net);
  impl_->cache.clear();
}

EvaluatorStats BatchedEvaluator::stats() const {
  const mcts::CacheStats cache = impl_->cache.stats();
  const mcts::BatchingStats batches = impl_->batcher.stats();
  EvaluatorStats s;
  s.requests = cache.requests;
  s.cache_hits = cache.hits;
  s.forwards = batches.batches;
  s.evaluated = batches.evaluated;
  s.forward_seconds = batches.inner_seconds;
  std::lock_guard lock(impl_->clock_mutex);
  s.seconds = std::chrono::duration<double>(Clock::now() - impl_->started).count();
  return s;
}

void BatchedEvaluator::reset_stats() {
  impl_->cache.reset_stats();
  impl_->batcher.reset_stats();
  std::lock_guard lock(impl_->clock_mutex);
  impl_->started = Clock::now();
}

std::string BatchedEvaluator::device() const {
  return impl_->network->device();
}

std::string BatchedEvaluator::backend() const {
  return impl_->network->backend();
}

}  // namespace zertz::nn
