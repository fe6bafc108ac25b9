// A multiplexer in front of an evaluator (lc0's backend decorators): evaluate() may be called
// from many threads at once; one worker thread gathers their requests until a batch is full or
// the oldest request has waited a deadline, and hands them to the wrapped evaluator as one
// batch. The wrapped evaluator (a network's forward pass) then runs on that thread alone and
// sees batches as large as all callers together make.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "mcts/evaluator.h"

namespace zertz::mcts {

struct BatchingOptions {
  int max_batch = 64;      // evaluate as soon as this many requests wait
  int deadline_us = 1000;  // ... or when the oldest has waited this long
};

struct BatchingStats {
  std::uint64_t batches = 0;    // calls of the wrapped evaluator
  std::uint64_t evaluated = 0;  // requests through it
  double inner_seconds = 0;     // time inside it
};

class BatchingEvaluator : public Evaluator {
 public:
  // `inner` must outlive this object; it is only ever called from the worker thread.
  BatchingEvaluator(Evaluator& inner, const BatchingOptions& options);
  ~BatchingEvaluator() override;  // evaluates what is queued, then joins the worker
  BatchingEvaluator(const BatchingEvaluator&) = delete;
  BatchingEvaluator& operator=(const BatchingEvaluator&) = delete;

  // Returns once every request of `batch` is answered. When the wrapped evaluator throws, every
  // caller with a request in that batch gets the exception, and the worker goes on.
  void evaluate(std::span<const EvalRequest> batch) override;
  bool reports_draws() const override { return inner_.reports_draws(); }
  bool has_fast_value() const override { return inner_.has_fast_value(); }
  float fast_value(const State& state) override { return inner_.fast_value(state); }

  BatchingStats stats() const;
  void reset_stats();

 private:
  using Clock = std::chrono::steady_clock;
  struct Ticket {
    int remaining = 0;
    std::exception_ptr error;
  };
  struct Pending {
    const EvalRequest* request;
    Ticket* ticket;
    Clock::time_point enqueued;
  };
  void run();

  Evaluator& inner_;
  const BatchingOptions options_;
  mutable std::mutex mutex_;  // guards everything below but the thread
  std::condition_variable work_ready_, work_done_;
  std::deque<Pending> queue_;
  bool stop_ = false;
  BatchingStats stats_;
  std::thread worker_;
};

}  // namespace zertz::mcts
