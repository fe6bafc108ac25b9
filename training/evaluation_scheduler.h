// The run's evaluation, beside training: every few checkpoints the newest network against the
// evaluation opponents and the Elo ladder, as jobs of one niced background thread; gating
// matches when the config asks for them; the final evaluation and ladder at the end. The
// training loop only tells it of checkpoints (training/train_loop.cpp).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "evaluation/background_worker.h"
#include "training/run_dir.h"
#include "training/settings.h"

namespace spdlog {
class logger;
}

namespace zertz::nn {
class ZertzNetImpl;
}

namespace zertz::training {

class EvaluationScheduler {
 public:
  // `elapsed_seconds` gives the run's time so far, for the metrics' events.
  EvaluationScheduler(RunDir& dir, const TrainingSettings& settings,
                      std::shared_ptr<spdlog::logger> log, std::function<double()> elapsed_seconds);
  // Waits for the job that runs, drops those that wait.
  ~EvaluationScheduler();
  EvaluationScheduler(const EvaluationScheduler&) = delete;
  EvaluationScheduler& operator=(const EvaluationScheduler&) = delete;

  // A resumed run's self-play uses its newest checkpoint: the next one is gated against it.
  void resume_from(const std::filesystem::path& checkpoint) { accepted_ = checkpoint; }
  // Whether `checkpoint` (of `net`, at `step`) may feed self-play: without gating always; with
  // it, when it scores evaluation.gating_threshold against the checkpoint self-play uses now
  // (a match on the calling thread). The run's first checkpoint is accepted as the one to beat.
  bool gate(nn::ZertzNetImpl& net, const std::filesystem::path& checkpoint, std::int64_t step);
  // After each new checkpoint: posts the evaluation and the ladder when their turn has come.
  void on_checkpoint();
  // Whether a job is waiting or running (the end of a run says that it waits for it).
  bool busy() const;
  // Waits for the jobs beside training; then, unless interrupted, plays the final evaluation
  // and ladder on the calling thread.
  void finish(bool interrupted);
  // The newest ladder rating, for the progress line.
  std::string strength() const;
  // The checkpoints gating and the evaluation job will read again (kept when others are
  // deleted): the one self-play uses and the last one evaluated.
  std::vector<std::filesystem::path> checkpoints_in_use() const;

 private:
  // The newest checkpoint against the evaluation opponents (loads it, so it never reads the
  // weights the trainer is changing).
  void evaluate();
  void run_ladder();

  RunDir& dir_;
  const TrainingSettings& s_;
  std::shared_ptr<spdlog::logger> log_;
  std::function<double()> elapsed_;
  int checkpoints_since_evaluation_ = 0;
  int checkpoints_since_ladder_ = 0;
  std::optional<std::filesystem::path> accepted_;  // the checkpoint self-play uses (gating)
  mutable std::mutex last_evaluated_mutex_;
  std::optional<std::string> last_evaluated_;  // written by the evaluation job
  mutable std::mutex strength_mutex_;
  std::string strength_ = "not rated yet";
  // Declared last: destroyed first, so a job still running sees every member alive.
  std::unique_ptr<evaluation::BackgroundWorker> background_;
};

}  // namespace zertz::training
