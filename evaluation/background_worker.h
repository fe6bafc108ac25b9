// One thread that runs evaluation jobs (matches, the ladder) beside training rather than
// instead of it, at a lower CPU priority, so that they take the cores' idle time and not the
// trainer's or self-play's (issue 11: the ladder held the trainer for 18 of 53 minutes).
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace zertz::evaluation {

class BackgroundWorker {
 public:
  // `nice`: added to the thread's nice value (Linux; 0 keeps it; threads the jobs start
  // inherit it). `on_error` hears a job's exception (job name, what()); the worker goes on.
  BackgroundWorker(int nice, std::function<void(const std::string&, const std::string&)> on_error);
  // Finishes the running job, drops those still waiting.
  ~BackgroundWorker();
  BackgroundWorker(const BackgroundWorker&) = delete;
  BackgroundWorker& operator=(const BackgroundWorker&) = delete;

  // Queues a job. A job of the same name still waiting is replaced: only the newest matters
  // (the newest checkpoint's evaluation).
  void post(const std::string& name, std::function<void()> job);
  // Blocks until no job is waiting or running.
  void wait_idle();
  // Whether a job of this name is waiting or running.
  bool pending(const std::string& name) const;

 private:
  struct Job {
    std::string name;
    std::function<void()> run;
  };
  void loop(int nice);

  std::function<void(const std::string&, const std::string&)> on_error_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Job> queue_;
  std::string running_;  // the running job's name; empty when idle
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace zertz::evaluation
