// `zertz analysis`: a JSON analysis engine in the manner of KataGo's (docs/analysis-engine.md).
// One query per line in (a position string or a list of turns, visits, options), one answer
// per line out, carrying the query's id: the candidate turns with visits, value, proof,
// win/draw/loss, principal variation and raw prior, and on request the raw policy over every
// legal turn. Several queries are searched at once (their evaluations share the evaluator's
// batches), so answers may come out of order. A bad query gets an answer with its id and one
// line of error; nothing a query holds takes the engine down. Torch-free: a network enters as
// an evaluator.
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>

#include "core/variant.h"
#include "mcts/evaluator.h"
#include "mcts/search_params.h"

namespace zertz::frontends {

struct AnalysisOptions {
  int visits = 200;            // per decision, when a query names none
  int max_visits = 1'000'000;  // the most a query may ask (bounds a tree's memory)
  int workers = 2;             // queries searched at once
  std::uint64_t seed = 1;      // query k (0-based, in input order) searches with seed + k
  static constexpr std::size_t kMaxLineBytes = 1 << 20;
};

class AnalysisEngine {
 public:
  // `evaluator` (thread-safe when workers > 1) must outlive the engine; `params` are how it
  // searches (validated); positions must be of `variant`.
  AnalysisEngine(mcts::Evaluator& evaluator, const mcts::SearchParams& params,
                 const Variant& variant, const AnalysisOptions& options);

  // The answer to one query line, as one line of JSON without its newline.
  std::string answer(std::string_view line, std::uint64_t seed) const;
  // Answers every line of `in` until its end, each as soon as it is searched (flushed), with
  // at most `workers` queries searched and a few more read ahead at once; returns once every
  // answer is written.
  void run(std::istream& in, std::ostream& out) const;

 private:
  mcts::Evaluator& evaluator_;
  mcts::SearchParams params_;
  const Variant& variant_;
  AnalysisOptions options_;
};

}  // namespace zertz::frontends
