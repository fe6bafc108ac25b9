// A position cache in front of an evaluator, like a transposition table: a fixed number of
// slots indexed by the position's Zobrist hash, a newer position replacing an older one in its
// slot. Thread-safe (locks by slot). clear() (new weights) empties it at once and keeps out the
// answers of evaluations that were under way when it was called: they may be the old weights'.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "mcts/evaluator.h"

namespace zertz::mcts {

struct CacheStats {
  std::uint64_t requests = 0;  // positions asked for
  std::uint64_t hits = 0;      // answered from the cache
};

class CachingEvaluator : public Evaluator {
 public:
  // `inner` must outlive this object; with no entries every request goes through to it.
  CachingEvaluator(Evaluator& inner, std::size_t entries);

  void evaluate(std::span<const EvalRequest> batch) override;
  bool reports_draws() const override { return inner_.reports_draws(); }
  bool has_fast_value() const override { return inner_.has_fast_value(); }
  float fast_value(const State& state) override { return inner_.fast_value(state); }
  void clear();

  CacheStats stats() const;
  void reset_stats();

 private:
  struct Slot {
    std::uint64_t generation = 0;  // the clear() count it was stored in; 0: never used
    std::uint64_t hash = 0;
    std::vector<float> priors;
    float value = 0, draw = 0;
  };
  bool lookup(const EvalRequest& request, std::uint64_t generation);
  void store(const EvalRequest& request, float draw, std::uint64_t generation);
  std::mutex& lock_of(std::size_t slot) { return locks_[slot % locks_.size()]; }

  Evaluator& inner_;
  std::vector<Slot> slots_;
  std::array<std::mutex, 64> locks_;
  std::atomic<std::uint64_t> generation_{1};
  std::atomic<std::uint64_t> requests_{0}, hits_{0};
};

}  // namespace zertz::mcts
