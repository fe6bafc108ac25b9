// The network as the search sees it, safe to call from many threads: a stack of small
// evaluators around the one interface (lc0's backend decorators): a position cache keyed by the
// Zobrist hash (mcts/caching_evaluator.h), a random board symmetry per request
// (mcts/symmetry_evaluator.h), a batcher that gathers requests until the batch is full or a
// short deadline passes (mcts/batching_evaluator.h), and the forward pass
// (nn/network_evaluator.h). Torch-free header, so search and CLI code include it cheaply.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "mcts/evaluator.h"
#include "nn/model_config.h"

namespace zertz::nn {

class ZertzNetImpl;

struct EvaluatorOptions {
  int max_batch = 64;                   // forward as soon as this many requests wait
  int deadline_us = 1000;               // ... or when the oldest has waited this long
  std::size_t cache_entries = 1 << 16;  // position cache size (0: no cache)
  bool random_symmetry = true;          // evaluate each request through a random board symmetry
  // ... drawn from the position's hash and the seed rather than in the order requests arrive:
  // games played at once by several threads then see the same evaluations (arena, front ends).
  bool symmetry_by_position = false;
  int intra_op_threads = 2;     // LibTorch threads of the forward pass
  std::string device = "auto";  // auto (CUDA when available), cpu or cuda
  // The forward pass's engine: auto, libtorch or eigen (nn/network_evaluator.h).
  std::string backend = "auto";
  std::uint64_t seed = 1;  // for the symmetries
};

struct EvaluatorStats {
  std::uint64_t requests = 0;    // positions asked for
  std::uint64_t cache_hits = 0;  // answered from the cache
  std::uint64_t forwards = 0;    // forward passes run
  std::uint64_t evaluated = 0;   // positions through the network
  double seconds = 0;            // since construction or the last reset
  double forward_seconds = 0;    // of which in forward passes (stacking inputs to priors)
  double average_batch() const { return forwards ? double(evaluated) / double(forwards) : 0; }
  double evaluations_per_second() const { return seconds > 0 ? double(evaluated) / seconds : 0; }
  double cache_hit_rate() const { return requests ? double(cache_hits) / double(requests) : 0; }
};

class BatchedEvaluator : public mcts::Evaluator {
 public:
  // Copies the network's weights (eval mode, batch norm folded); `variant` fixes the board.
  BatchedEvaluator(ZertzNetImpl& net, const Variant& variant, const EvaluatorOptions& options);
  // The same from an exported model.pt (nn/export.h); throws CheckpointError when it does not
  // load.
  BatchedEvaluator(const std::string& torchscript_path, const Variant& variant,
                   const EvaluatorOptions& options);
  ~BatchedEvaluator() override;
  BatchedEvaluator(const BatchedEvaluator&) = delete;
  BatchedEvaluator& operator=(const BatchedEvaluator&) = delete;

  void evaluate(std::span<const mcts::EvalRequest> batch) override;
  bool reports_draws() const override { return true; }
  // The network's fast value head, in the calling thread (neither batched nor cached).
  bool has_fast_value() const override;
  float fast_value(const State& state) override;

  // Takes new weights (e.g. a new checkpoint) between forward passes; clears the cache, and no
  // answer of the old weights enters it afterwards.
  void update_weights(ZertzNetImpl& net);

  EvaluatorStats stats() const;
  void reset_stats();
  std::string device() const;   // "cpu" or "cuda"
  std::string backend() const;  // "libtorch" or "eigen"

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace zertz::nn
