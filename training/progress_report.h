// The run's progress line every run.progress_seconds, and the same figures as a "progress"
// event in metrics.jsonl: games and games/hour, evaluations/s and batch, step and samples/s,
// losses, window, the newest ladder rating, elapsed time and the next checkpoint.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "nn/batched_evaluator.h"
#include "training/run_dir.h"
#include "training/trainer_params.h"

namespace spdlog {
class logger;
}

namespace zertz::training {

// What the run knows now.
struct ProgressSnapshot {
  nn::EvaluatorStats evaluator;      // since the last report
  std::int64_t games = 0;            // over all sessions
  std::int64_t session_games = 0;    // this session's
  std::int64_t steps = 0;            // optimiser steps over all sessions
  StepLosses losses;                 // of the last step
  std::int64_t window_samples = 0;   // in the replay window
  std::int64_t total_samples = 0;    // ever added to it
  double selfplay_search_share = 0;  // of self-play's time outside forward passes
  std::string strength;              // the newest ladder rating
  // A distributed run's actors (none on one machine): their evaluations/s, from heartbeats,
  // and how many published versions of the weights their newest games were behind.
  int actors = 0;
  double actor_evaluations_per_second = 0;
  std::uint64_t versions_behind = 0;
};

class ProgressReport {
 public:
  ProgressReport(RunDir& dir, std::shared_ptr<spdlog::logger> log, int checkpoint_every_steps,
                 int batch_size);
  // The session starts now, at `steps`.
  void start(std::int64_t steps);
  // Whether `interval_seconds` have passed since the last report.
  bool due(double interval_seconds) const;
  // Logs the line and appends the event; rates are over the time since the last report.
  void report(const ProgressSnapshot& now);
  double elapsed_seconds() const;

 private:
  using Clock = std::chrono::steady_clock;
  RunDir& dir_;
  std::shared_ptr<spdlog::logger> log_;
  int checkpoint_every_steps_;
  int batch_size_;
  Clock::time_point started_ = Clock::now(), last_report_ = Clock::now();
  std::int64_t steps_at_report_ = 0;
};

// "hh:mm:ss".
std::string clock_text(double seconds);

}  // namespace zertz::training
