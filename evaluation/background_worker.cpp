#include "evaluation/background_worker.h"

#include <exception>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace zertz::evaluation {

BackgroundWorker::BackgroundWorker(
    int nice, std::function<void(const std::string&, const std::string&)> on_error)
    : on_error_(std::move(on_error)) {
  thread_ = std::thread([this, nice] { loop(nice); });
}

BackgroundWorker::~BackgroundWorker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  changed_.notify_all();
  thread_.join();
}

void BackgroundWorker::post(const std::string& name, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    bool replaced = false;
    for (Job& waiting : queue_) {
      if (waiting.name == name) waiting.run = std::move(job), replaced = true;
    }
    if (!replaced) queue_.push_back({name, std::move(job)});
  }
  changed_.notify_all();
}

void BackgroundWorker::wait_idle() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return queue_.empty() && running_.empty(); });
}

bool BackgroundWorker::pending(const std::string& name) const {
  std::lock_guard lock(mutex_);
  if (running_ == name) return true;
  for (const Job& job : queue_) {
    if (job.name == name) return true;
  }
  return false;
}

void BackgroundWorker::loop(int nice) {
#ifdef __linux__
  // Linux keeps a nice value per thread; a failure leaves the default priority.
  if (nice != 0) setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), nice);
#else
  (void)nice;
#endif
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    Job job = std::move(queue_.front());
    queue_.pop_front();
    running_ = job.name;
    lock.unlock();
    try {
      job.run();
    } catch (const std::exception& e) {
      if (on_error_) on_error_(job.name, e.what());
    } catch (...) {
      if (on_error_) on_error_(job.name, "unknown exception");
    }
    lock.lock();
    running_.clear();
    changed_.notify_all();
  }
}

}  // namespace zertz::evaluation
