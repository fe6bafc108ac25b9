#include "training/progress_report.h"

#include <spdlog/spdlog.h>

#include <cstdio>

namespace zertz::training {

namespace {

double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

std::string clock_text(double seconds) {
  int s = static_cast<int>(seconds);
  return fmt::format("{:02d}:{:02d}:{:02d}", s / 3600, s / 60 % 60, s % 60);
}

ProgressReport::ProgressReport(RunDir& dir, std::shared_ptr<spdlog::logger> log,
                               int checkpoint_every_steps, int batch_size)
    : dir_(dir),
      log_(std::move(log)),
      checkpoint_every_steps_(checkpoint_every_steps),
      batch_size_(batch_size) {}

void ProgressReport::start(std::int64_t steps) {
  started_ = last_report_ = Clock::now();
  steps_at_report_ = steps;
}

bool ProgressReport::due(double interval_seconds) const {
  return since(last_report_) >= interval_seconds;
}

double ProgressReport::elapsed_seconds() const {
  return since(started_);
}

void ProgressReport::report(const ProgressSnapshot& now) {
  double interval = since(last_report_);
  double hours = since(started_) / 3600.0;
  double games_per_hour = hours > 0 ? static_cast<double>(now.session_games) / hours : 0;
  double steps_per_s =
      interval > 0 ? static_cast<double>(now.steps - steps_at_report_) / interval : 0;
  std::int64_t to_checkpoint = checkpoint_every_steps_ - now.steps % checkpoint_every_steps_;
  const nn::EvaluatorStats& ev = now.evaluator;
  log_->info(
      "games {} ({:.0f}/h) | evals {:.0f}/s, batch {:.1f}, cache {:.0f}%{} | step {} ({:.0f} "
      "samples/s) | loss policy {:.3f} value {:.3f}{}{}{} | window {} | ladder {} | {} elapsed, "
      "checkpoint in {} steps{}",
      now.games, games_per_hour, ev.evaluations_per_second() + now.actor_evaluations_per_second,
      ev.average_batch(), 100 * ev.cache_hit_rate(),
      now.actors > 0
          ? fmt::format(" | {} actors, {} versions behind", now.actors, now.versions_behind)
          : "",
      now.steps, steps_per_s * batch_size_, now.losses.policy, now.losses.value,
      now.losses.fast_value >= 0 ? fmt::format(" fast {:.3f}", now.losses.fast_value) : "",
      now.losses.outcome_parts >= 0 ? fmt::format(" parts {:.3f}", now.losses.outcome_parts) : "",
      now.losses.soft_policy >= 0 ? fmt::format(" soft {:.3f}", now.losses.soft_policy) : "",
      now.window_samples, now.strength, clock_text(since(started_)), to_checkpoint,
      steps_per_s > 0
          ? fmt::format(" (~{:.0f} s)", static_cast<double>(to_checkpoint) / steps_per_s)
          : "");
  nlohmann::json metric = {{"event", "progress"},
                           {"elapsed_s", since(started_)},
                           {"games", now.games},
                           {"samples", now.total_samples},
                           {"games_per_hour", games_per_hour},
                           {"evals_per_s", ev.evaluations_per_second()},
                           {"average_batch", ev.average_batch()},
                           {"cache_hit_rate", ev.cache_hit_rate()},
                           {"step", now.steps},
                           {"samples_per_s", steps_per_s * batch_size_},
                           {"policy_loss", now.losses.policy},
                           {"value_loss", now.losses.value},
                           {"window", now.window_samples},
                           {"selfplay_search_share", now.selfplay_search_share}};
  if (now.losses.fast_value >= 0) metric["fast_value_loss"] = now.losses.fast_value;
  if (now.losses.outcome_parts >= 0) metric["outcome_parts_loss"] = now.losses.outcome_parts;
  if (now.losses.soft_policy >= 0) metric["soft_policy_loss"] = now.losses.soft_policy;
  if (now.losses.fast_outcome_parts >= 0) {
    metric["fast_outcome_parts_loss"] = now.losses.fast_outcome_parts;
  }
  if (now.actors > 0) {
    metric["actors"] = now.actors;
    metric["evals_per_s"] = ev.evaluations_per_second() + now.actor_evaluations_per_second;
    metric["versions_behind"] = now.versions_behind;
  }
  dir_.append_metric(metric);
  last_report_ = Clock::now();
  steps_at_report_ = now.steps;
}

}  // namespace zertz::training
