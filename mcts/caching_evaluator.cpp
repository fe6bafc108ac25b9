#include "mcts/caching_evaluator.h"

#include <algorithm>

namespace zertz::mcts {

CachingEvaluator::CachingEvaluator(Evaluator& inner, std::size_t entries)
    : inner_(inner), slots_(entries) {}

bool CachingEvaluator::lookup(const EvalRequest& request, std::uint64_t generation) {
  const std::uint64_t hash = request.state->hash();
  const std::size_t index = hash % slots_.size();
  const Slot& slot = slots_[index];
  std::lock_guard lock(lock_of(index));
  if (slot.generation != generation || slot.hash != hash ||
      slot.priors.size() != request.priors.size()) {
    return false;
  }
  std::copy(slot.priors.begin(), slot.priors.end(), request.priors.begin());
  *request.value = slot.value;
  if (request.draw != nullptr) *request.draw = slot.draw;
  return true;
}

void CachingEvaluator::store(const EvalRequest& request, float draw, std::uint64_t generation) {
  const std::uint64_t hash = request.state->hash();
  const std::size_t index = hash % slots_.size();
  Slot& slot = slots_[index];
  std::lock_guard lock(lock_of(index));
  // Read under the slot's lock: a clear() after this check leaves the slot in an old
  // generation, which no lookup accepts.
  if (generation != generation_.load()) return;
  slot.generation = generation;
  slot.hash = hash;
  slot.priors.assign(request.priors.begin(), request.priors.end());
  slot.value = *request.value;
  slot.draw = draw;
}

void CachingEvaluator::evaluate(std::span<const EvalRequest> batch) {
  requests_ += batch.size();
  if (slots_.empty()) {
    inner_.evaluate(batch);
    return;
  }
  const std::uint64_t generation = generation_.load();
  std::vector<EvalRequest> misses;
  std::vector<std::size_t> missed;         // their places in `batch`
  std::vector<float> draws(batch.size());  // the inner's draw output of every miss, to store
  std::uint64_t hits = 0;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (lookup(batch[i], generation)) {
      ++hits;
      continue;
    }
    EvalRequest miss = batch[i];
    miss.draw = &draws[misses.size()];
    misses.push_back(miss);
    missed.push_back(i);
  }
  hits_ += hits;
  if (misses.empty()) return;
  inner_.evaluate(misses);
  for (std::size_t k = 0; k < misses.size(); ++k) {
    const EvalRequest& request = batch[missed[k]];
    if (request.draw != nullptr) *request.draw = draws[k];
    store(request, draws[k], generation);
  }
}

void CachingEvaluator::clear() {
  ++generation_;
}

CacheStats CachingEvaluator::stats() const {
  return {requests_.load(), hits_.load()};
}

void CachingEvaluator::reset_stats() {
  requests_ = 0;
  hits_ = 0;
}

}  // namespace zertz::mcts
