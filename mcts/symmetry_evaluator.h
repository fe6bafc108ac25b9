// Evaluates each request through one of the board's symmetries and maps the answer back, so
// that a network sees every orientation and its errors average out over a search. The symmetry
// is drawn per request from a generator, or from the position's hash (then games played at
// once on several threads see the same evaluations: arena, front ends).
#pragma once

#include <cstdint>
#include <mutex>

#include "core/random.h"
#include "mcts/evaluator.h"

namespace zertz::mcts {

struct SymmetryOptions {
  bool by_position = false;  // the symmetry from the position's hash and the seed
  std::uint64_t seed = 1;
};

class SymmetryEvaluator : public Evaluator {
 public:
  // `inner` and `board` must outlive this object.
  SymmetryEvaluator(Evaluator& inner, const Board& board, const SymmetryOptions& options);

  void evaluate(std::span<const EvalRequest> batch) override;
  bool reports_draws() const override { return inner_.reports_draws(); }
  bool has_fast_value() const override { return inner_.has_fast_value(); }
  float fast_value(const State& state) override { return inner_.fast_value(state); }

 private:
  Evaluator& inner_;
  const Board& board_;
  const SymmetryOptions options_;
  std::mutex mutex_;  // guards the generator
  Rng rng_;
};

}  // namespace zertz::mcts
