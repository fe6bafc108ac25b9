#include "mcts/batching_evaluator.h"

#include <algorithm>
#include <vector>

namespace zertz::mcts {

BatchingEvaluator::BatchingEvaluator(Evaluator& inner, const BatchingOptions& options)
    : inner_(inner), options_(options) {
  worker_ = std::thread([this] { run(); });
}

BatchingEvaluator::~BatchingEvaluator() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  work_ready_.notify_all();
  worker_.join();
}

void BatchingEvaluator::evaluate(std::span<const EvalRequest> batch) {
  if (batch.empty()) return;
  Ticket ticket;
  const Clock::time_point now = Clock::now();
  std::unique_lock lock(mutex_);
  ticket.remaining = static_cast<int>(batch.size());
  for (const EvalRequest& request : batch) queue_.push_back({&request, &ticket, now});
  work_ready_.notify_one();
  work_done_.wait(lock, [&] { return ticket.remaining == 0; });
  if (ticket.error) std::rethrow_exception(ticket.error);
}

void BatchingEvaluator::run() {
  std::vector<Pending> items;
  std::vector<EvalRequest> requests;
  const auto max_batch = static_cast<std::size_t>(std::max(1, options_.max_batch));
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, nothing left
      const auto deadline =
          queue_.front().enqueued + std::chrono::microseconds(options_.deadline_us);
      work_ready_.wait_until(lock, deadline, [&] { return stop_ || queue_.size() >= max_batch; });
      const auto n = static_cast<std::ptrdiff_t>(std::min(queue_.size(), max_batch));
      items.assign(queue_.begin(), queue_.begin() + n);
      queue_.erase(queue_.begin(), queue_.begin() + n);
    }
    requests.clear();
    for (const Pending& p : items) requests.push_back(*p.request);
    std::exception_ptr error;
    const Clock::time_point start = Clock::now();
    try {
      inner_.evaluate(requests);
    } catch (...) {
      error = std::current_exception();
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    {
      std::lock_guard lock(mutex_);
      stats_.inner_seconds += seconds;
      ++stats_.batches;
      stats_.evaluated += items.size();
      for (const Pending& p : items) {
        if (error) p.ticket->error = error;
        --p.ticket->remaining;
      }
    }
    work_done_.notify_all();
  }
}

BatchingStats BatchingEvaluator::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void BatchingEvaluator::reset_stats() {
  std::lock_guard lock(mutex_);
  stats_ = {};
}

}  // namespace zertz::mcts
