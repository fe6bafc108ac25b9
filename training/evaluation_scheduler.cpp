#include "training/evaluation_scheduler.h"

#include <spdlog/spdlog.h>

#include <chrono>

#include "evaluation/periodic_evaluation.h"
#include "mcts/search_overrides.h"
#include "nn/checkpoint.h"
#include "training/ladder_update.h"

namespace zertz::training {

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Evaluation games search as the network's players do (config::play_search).
evaluation::EvaluationSetup setup_for(const TrainingSettings& s, int games) {
  evaluation::EvaluationSetup setup;
  setup.games = games;
  setup.visits = s.evaluation_visits;
  setup.intra_op_threads = s.evaluator.intra_op_threads;
  setup.device = s.evaluator.device;
  setup.backend = s.evaluator.backend;
  mcts::keep_trained_search(setup.search, s.play_search);
  return setup;
}

}  // namespace

EvaluationScheduler::EvaluationScheduler(RunDir& dir, const TrainingSettings& settings,
                                         std::shared_ptr<spdlog::logger> log,
                                         std::function<double()> elapsed_seconds)
    : dir_(dir), s_(settings), log_(std::move(log)), elapsed_(std::move(elapsed_seconds)) {
  // Niced: the cores' spare time goes to evaluation, and the trainer and self-play keep theirs.
  background_ = std::make_unique<evaluation::BackgroundWorker>(
      10, [this](const std::string& job, const std::string& what) {
        log_->warn("{} failed: {}", job, what);
      });
}

EvaluationScheduler::~EvaluationScheduler() = default;

bool EvaluationScheduler::gate(nn::ZertzNetImpl& net, const fs::path& checkpoint,
                               std::int64_t step) {
  bool accept = true;
  if (s_.gating_games > 0 && accepted_) {
    evaluation::EvaluationSetup setup = setup_for(s_, s_.gating_games);
    setup.seed = s_.seed + static_cast<std::uint64_t>(step);
    evaluation::MatchResult m =
        evaluation::evaluate_network(net, *s_.variant, {"previous"}, accepted_->string(), setup)
            .at(0)
            .result;
    accept = m.score() >= s_.gating_threshold;
    log_->info("gating {} against {}: score {:.1f}% ({}), {}", checkpoint.filename().string(),
               accepted_->filename().string(), 100 * m.score(), m.games(),
               accept ? "accepted" : "kept the current one");
    dir_.append_metric(
        {{"event", "gating"}, {"step", step}, {"score", m.score()}, {"accepted", accept}});
  }
  if (accept) accepted_ = checkpoint;
  return accept;
}

void EvaluationScheduler::on_checkpoint() {
  if (s_.evaluation_every_checkpoints > 0 &&
      ++checkpoints_since_evaluation_ >= s_.evaluation_every_checkpoints) {
    checkpoints_since_evaluation_ = 0;
    background_->post("evaluation", [this] { evaluate(); });
  }
  if (s_.ladder_every_checkpoints > 0 &&
      ++checkpoints_since_ladder_ >= s_.ladder_every_checkpoints) {
    checkpoints_since_ladder_ = 0;
    background_->post("ladder", [this] { run_ladder(); });
  }
}

bool EvaluationScheduler::busy() const {
  return background_->pending("ladder") || background_->pending("evaluation");
}

void EvaluationScheduler::finish(bool interrupted) {
  background_->wait_idle();
  if (interrupted) return;
  evaluate();
  run_ladder();
}

std::string EvaluationScheduler::strength() const {
  std::lock_guard lock(strength_mutex_);
  return strength_;
}

std::vector<fs::path> EvaluationScheduler::checkpoints_in_use() const {
  std::vector<fs::path> in_use;
  if (accepted_) in_use.push_back(*accepted_);
  std::lock_guard lock(last_evaluated_mutex_);
  if (last_evaluated_) in_use.emplace_back(*last_evaluated_);
  return in_use;
}

void EvaluationScheduler::evaluate() {
  if (s_.evaluation_games <= 0 || s_.evaluation_opponents.empty()) return;
  evaluation::EvaluationSetup setup = setup_for(s_, s_.evaluation_games);
  auto t = Clock::now();
  std::optional<fs::path> checkpoint = dir_.latest_checkpoint();
  if (!checkpoint) return;
  nn::CheckpointInfo info = nn::read_checkpoint_info(checkpoint->string());
  nn::ZertzNet net(info.model);
  nn::load_checkpoint(checkpoint->string(), net, nullptr);
  setup.seed = s_.seed + static_cast<std::uint64_t>(info.step);
  auto results = evaluation::evaluate_network(*net, *s_.variant, s_.evaluation_opponents,
                                              last_evaluated_, setup);
  for (const evaluation::OpponentResult& r : results) {
    const evaluation::MatchResult& m = r.result;
    log_->info("evaluation at step {} vs {}: +{} ={} -{} (score {:.1f}%, Elo {})", info.step,
               r.opponent, m.wins, m.draws, m.losses, 100 * m.score(),
               evaluation::format_elo(m.elo_interval()));
    nlohmann::json event = {{"event", "evaluation"},
                            {"step", info.step},
                            {"opponent", r.opponent},
                            {"wins", m.wins},
                            {"draws", m.draws},
                            {"losses", m.losses},
                            {"score", m.score()},
                            {"elapsed_s", elapsed_()},
                            {"games_played", info.counters["games"]}};
    event["elo"] = m.elo();  // finite: a sweep is a bound (evaluation/elo.h)
    dir_.append_metric(event);
  }
  {
    std::lock_guard lock(last_evaluated_mutex_);
    last_evaluated_ = checkpoint->string();
  }
  log_->info("evaluation took {:.0f} s", since(t));
}

void EvaluationScheduler::run_ladder() {
  if (s_.ladder_every_checkpoints <= 0) return;
  LadderOptions options;
  options.variant = s_.variant->name;
  options.games_per_pair = s_.ladder_games;
  options.visits = s_.ladder_visits;
  options.threads = 2;
  // Checkpoints come faster than their ladder games: rate the newest, not every one.
  options.rate_backlog = false;
  options.rungs = s_.ladder_rungs;
  options.anchor = s_.ladder_anchor;
  options.device = s_.evaluator.device;
  options.backend = s_.evaluator.backend;
  options.seed = s_.seed;
  if (fs::exists("scripts/plot_elo.py")) options.plot_script = "scripts/plot_elo.py";
  auto t = Clock::now();
  try {
    // A line per match: the ladder at the end of a run never leaves the log silent for long.
    auto on_match = [this](const evaluation::ArenaReport& m) {
      log_->info("ladder match {} vs {}: +{} ={} -{}", m.a, m.b, m.result.wins, m.result.draws,
                 m.result.losses);
    };
    LadderReport report = update_ladder(dir_, options, on_match);
    std::optional<evaluation::Rating> newest;
    for (const evaluation::Rating& r : report.ratings) {
      if (!r.connected) continue;
      long long step = checkpoint_step(r.player);
      dir_.append_metric({{"event", "ladder"},
                          {"player", r.player},
                          {"step", step >= 0 ? nlohmann::json(step) : nlohmann::json()},
                          {"elo", r.elo},
                          {"error95", r.error95},
                          {"anchor", options.anchor},
                          {"elapsed_s", elapsed_()}});
      if (r.player == report.newest) newest = r;
    }
    std::string scores;
    for (const RungScore& rung : report.newest_against_rungs) {
      evaluation::ScoreInterval s = evaluation::score_interval(rung.result);
      scores += fmt::format("{}{:.1f}% [{:.1f}, {:.1f}] ({:.0f} games) against {}",
                            scores.empty() ? "" : ", ", 100 * s.score, 100 * s.low, 100 * s.high,
                            rung.result.games(), rung.rung);
    }
    log_->info("ladder: {} matches played, {} players rated, {} ({:.0f} s)", report.matches.size(),
               report.ratings.size(), report.csv.string(), since(t));
    if (newest) {
      std::string text = fmt::format("{} {:+.0f} +- {:.0f} Elo ({} = 0)", report.newest,
                                     newest->elo, newest->error95, options.anchor);
      log_->info("ladder: {}; scores {}", text, scores);
      std::lock_guard lock(strength_mutex_);
      strength_ = text;
    }
  } catch (const std::exception& e) {
    log_->warn("ladder not updated: {}", e.what());
  }
}

}  // namespace zertz::training
