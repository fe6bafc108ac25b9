#include "training/train_loop.h"

#include <ATen/Parallel.h>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <mutex>
#include <thread>

#include "core/atomic_file.h"
#include "core/error.h"
#include "evaluation/background_worker.h"
#include "nn/checkpoint.h"
#include "nn/export.h"
#include "nn/features.h"
#include "nn/inference_module.h"
#include "training/evaluation.h"
#include "training/ladder_update.h"
#include "training/settings.h"
#include "training/shard_writer.h"

namespace zertz::training {

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) {
  g_interrupted = true;
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the process at once
}

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::string clock_text(double seconds) {
  int s = static_cast<int>(seconds);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  return buffer;
}

// LibTorch seeds its default generator nondeterministically: the initial weights come from
// run.seed, so that a seed gives the same games (a resumed run loads its weights instead).
nn::ZertzNet initial_network(const TrainingSettings& s) {
  torch::manual_seed(s.seed);
  return nn::ZertzNet(s.model);
}

class TrainingRun {
 public:
  TrainingRun(RunDir& dir, Config config, std::shared_ptr<spdlog::logger> log)
      : dir_(dir),
        config_(std::move(config)),
        s_(settings_from_config(config_)),
        log_(std::move(log)),
        net_(initial_network(s_)),
        trainer_(net_, s_.trainer, nn::choose_device(s_.evaluator.device)),
        window_(s_.window, *s_.variant),
        rng_(s_.seed) {}

  int run();

 private:
  void resume();
  void load_window(std::int64_t total_samples);
  bool train_step();
  void save_checkpoint();
  // The newest checkpoint against the evaluation opponents (on the calling thread; loads the
  // checkpoint, so it never reads the weights the trainer is changing).
  void evaluate(int games);
  // Evaluation games search as self-play does: with its leaf playouts and prior temperature.
  void with_trained_search(EvaluationSetup& setup) const {
    setup.search.leaf_rollouts = s_.selfplay.search.leaf_rollouts;
    setup.search.rollout_weight = s_.selfplay.search.rollout_weight;
    setup.search.prior_temperature = s_.selfplay.search.prior_temperature;
  }
  void accept_or_gate(const fs::path& checkpoint);
  void update_ladder_now();
  // Evaluation and the ladder as jobs of the background worker, beside training.
  void post_evaluation();
  void post_ladder();
  std::string strength() const;
  void report(bool force);
  void finish(bool interrupted);

  RunDir& dir_;
  Config config_;
  TrainingSettings s_;
  std::shared_ptr<spdlog::logger> log_;
  nn::ZertzNet net_;
  Trainer trainer_;
  ReplayWindow window_;
  Rng rng_;
  std::int64_t games_before_ = 0;     // games of earlier sessions
  std::int64_t trained_samples_ = 0;  // over all sessions
  std::int64_t last_checkpoint_step_ = -1;
  int checkpoints_since_evaluation_ = 0;
  int checkpoints_since_ladder_ = 0;
  std::optional<fs::path> accepted_;           // the checkpoint self-play uses (gating)
  std::optional<std::string> last_evaluated_;  // the evaluation job's only
  // The newest ladder rating, for the progress line (the ladder job writes it).
  mutable std::mutex strength_mutex_;
  std::string strength_ = "not rated yet";
  StepLosses losses_;
  std::unique_ptr<nn::BatchedEvaluator> evaluator_;
  std::unique_ptr<ShardWriter> shards_;
  std::unique_ptr<SelfPlayRunner> selfplay_;
  Clock::time_point started_ = Clock::now(), last_report_ = Clock::now();
  std::int64_t steps_at_report_ = 0;
  std::int64_t games_at_start_ = 0;
  std::vector<float> inputs_, policy_, value_;
  // Declared last: destroyed first, so a job still running sees every member alive.
  std::unique_ptr<evaluation::BackgroundWorker> background_;
};

void TrainingRun::resume() {
  auto latest = dir_.latest_checkpoint();
  std::int64_t total_samples = 0;
  if (latest) {
    nn::CheckpointInfo info = nn::load_checkpoint(latest->string(), net_, &trainer_.optimizer());
    trainer_.set_steps(info.step);
    last_checkpoint_step_ = info.step;
    accepted_ = *latest;  // gating resumes against the newest checkpoint
    games_before_ = info.counters["games"];
    total_samples = info.counters["samples"];
    trained_samples_ = info.counters["trained_samples"];
    if (info.rng_state.size() == 4)
      rng_.set_state({info.rng_state[0], info.rng_state[1], info.rng_state[2], info.rng_state[3]});
    log_->info("resuming from {} (step {}, {} games)", latest->string(), info.step, games_before_);
  }
  load_window(total_samples);
}

// The newest games on disk, as many as the window holds. Games written after the last
// checkpoint count as new data too.
void TrainingRun::load_window(std::int64_t total_samples) {
  std::vector<fs::path> shards = dir_.shards();
  std::vector<std::vector<TrainingGame>> newest_first;
  std::int64_t loaded = 0, games_on_disk = 0;
  for (auto it = shards.rbegin(); it != shards.rend(); ++it) {
    ShardPrefix shard = read_shard_prefix(it->string());
    if (!shard.problem.empty()) {
      log_->warn("a damaged shard: {}; keeping the {} games before the damage", shard.problem,
                 shard.games.size());
    }
    std::vector<TrainingGame>& games = shard.games;
    std::int64_t samples = 0;
    for (const auto& g : games) {
      for (const auto& d : g.decisions) samples += d.full_search;
    }
    games_on_disk += static_cast<std::int64_t>(games.size());
    if (loaded < window_size(s_.window, std::max(total_samples, loaded))) {
      loaded += samples;
      newest_first.push_back(std::move(games));
    }
  }
  total_samples = std::max(total_samples, loaded);
  window_.set_total_samples(total_samples - loaded);
  for (auto it = newest_first.rbegin(); it != newest_first.rend(); ++it) {
    for (auto& g : *it) window_.add(std::move(g));
  }
  games_before_ = std::max(games_before_, games_on_disk);
  if (loaded > 0)
    log_->info("window: {} samples from {} shards on disk", window_.window_samples(),
               newest_first.size());
}

bool TrainingRun::train_step() {
  std::int64_t total = window_.total_samples();
  if (total < s_.min_samples) return false;
  if (static_cast<double>(trained_samples_) >=
      s_.samples_per_new_sample * static_cast<double>(total))
    return false;
  const nn::Encoding& e = nn::Encoding::of(*s_.variant->board);
  const int b = s_.batch_size;
  inputs_.resize(static_cast<std::size_t>(b) * e.input_size());
  policy_.resize(static_cast<std::size_t>(b) * e.policy_size());
  value_.resize(static_cast<std::size_t>(b) * 3);
  if (!window_.sample(b, rng_, inputs_.data(), policy_.data(), value_.data())) return false;
  auto x = torch::from_blob(inputs_.data(), {b, nn::kNumInputPlanes, e.grid(), e.grid()});
  auto p = torch::from_blob(policy_.data(), {b, e.policy_size()});
  auto v = torch::from_blob(value_.data(), {b, 3});
  losses_ = trainer_.step(x, p, v);
  trained_samples_ += b;
  return true;
}

void TrainingRun::save_checkpoint() {
  std::int64_t step = trainer_.steps();
  if (step == last_checkpoint_step_) return;
  nn::CheckpointInfo info;
  info.model = s_.model;
  info.variant = s_.variant->name;
  info.step = step;
  info.config_text = config_.to_yaml();
  auto state = rng_.state();
  info.rng_state.assign(state.begin(), state.end());
  info.counters = {{"games", games_before_ + selfplay_->games()},
                   {"samples", window_.total_samples()},
                   {"trained_samples", trained_samples_}};
  fs::path path = dir_.checkpoint_path(step);
  nn::save_checkpoint(path.string(), info, net_, &trainer_.optimizer());
  dir_.set_latest_checkpoint(path);
  last_checkpoint_step_ = step;
  dir_.append_metric({{"event", "checkpoint"},
                      {"step", step},
                      {"path", path.string()},
                      {"elapsed_s", since(started_)}});
  accept_or_gate(path);
}

// Without gating every checkpoint feeds self-play at once; with it, only one that scores
// gating_threshold against the checkpoint self-play uses now.
void TrainingRun::accept_or_gate(const fs::path& checkpoint) {
  bool accept = true;
  if (s_.gating_games > 0 && accepted_) {
    EvaluationSetup setup;
    setup.games = s_.gating_games;
    setup.visits = s_.evaluation_visits;
    setup.intra_op_threads = s_.evaluator.intra_op_threads;
    setup.device = s_.evaluator.device;
    setup.seed = s_.seed + static_cast<std::uint64_t>(trainer_.steps());
    with_trained_search(setup);
    evaluation::MatchResult m =
        evaluate_network(*net_, *s_.variant, {"previous"}, accepted_->string(), setup).at(0).result;
    accept = m.score() >= s_.gating_threshold;
    log_->info("gating {} against {}: score {:.1f}% ({}), {}", checkpoint.filename().string(),
               accepted_->filename().string(), 100 * m.score(), m.games(),
               accept ? "accepted" : "kept the current one");
    dir_.append_metric({{"event", "gating"},
                        {"step", trainer_.steps()},
                        {"score", m.score()},
                        {"accepted", accept}});
  }
  if (!accept) return;
  evaluator_->update_weights(*net_);  // self-play continues with the new weights
  accepted_ = checkpoint;
  log_->info("checkpoint {} (self-play now uses it)", checkpoint.filename().string());
}

void TrainingRun::update_ladder_now() {
  if (s_.ladder_every_checkpoints <= 0) return;
  LadderOptions options;
  options.variant = s_.variant->name;
  options.games_per_pair = s_.ladder_games;
  options.visits = s_.evaluation_visits;
  options.threads = 2;
  options.rungs = s_.ladder_rungs;
  options.anchor = s_.ladder_anchor;
  options.device = s_.evaluator.device;
  options.seed = s_.seed;
  if (fs::exists("scripts/plot_elo.py")) options.plot_script = "scripts/plot_elo.py";
  auto t = Clock::now();
  try {
    // A line per match: the ladder at the end of a run never leaves the log silent for long.
    auto on_match = [this](const ArenaReport& m) {
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
                          {"elapsed_s", since(started_)}});
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

void TrainingRun::post_ladder() {
  background_->post("ladder", [this] { update_ladder_now(); });
}

void TrainingRun::post_evaluation() {
  background_->post("evaluation", [this] { evaluate(s_.evaluation_games); });
}

std::string TrainingRun::strength() const {
  std::lock_guard lock(strength_mutex_);
  return strength_;
}

void TrainingRun::evaluate(int games) {
  if (games <= 0 || s_.evaluation_opponents.empty()) return;
  EvaluationSetup setup;
  setup.games = games;
  setup.visits = s_.evaluation_visits;
  setup.intra_op_threads = s_.evaluator.intra_op_threads;
  setup.device = s_.evaluator.device;
  with_trained_search(setup);
  auto t = Clock::now();
  std::optional<fs::path> checkpoint = dir_.latest_checkpoint();
  if (!checkpoint) return;
  nn::CheckpointInfo info = nn::read_checkpoint_info(checkpoint->string());
  nn::ZertzNet net(info.model);
  nn::load_checkpoint(checkpoint->string(), net, nullptr);
  setup.seed = s_.seed + static_cast<std::uint64_t>(info.step);
  auto results =
      evaluate_network(*net, *s_.variant, s_.evaluation_opponents, last_evaluated_, setup);
  for (const OpponentResult& r : results) {
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
                            {"elapsed_s", since(started_)},
                            {"games_played", info.counters["games"]}};
    event["elo"] = m.elo();  // finite: a sweep is a bound (evaluation/elo.h)
    dir_.append_metric(event);
  }
  last_evaluated_ = checkpoint->string();
  log_->info("evaluation took {:.0f} s", since(t));
}

void TrainingRun::report(bool force) {
  double interval = since(last_report_);
  if (!force && interval < s_.progress_seconds) return;
  nn::EvaluatorStats ev = evaluator_->stats();
  std::int64_t games = games_before_ + selfplay_->games();
  double hours = since(started_) / 3600.0;
  double games_per_hour =
      hours > 0 ? static_cast<double>(selfplay_->games() - games_at_start_) / hours : 0;
  double steps_per_s = static_cast<double>(trainer_.steps() - steps_at_report_) / interval;
  std::int64_t to_checkpoint =
      s_.checkpoint_every_steps - trainer_.steps() % s_.checkpoint_every_steps;
  log_->info(
      "games {} ({:.0f}/h) | evals {:.0f}/s, batch {:.1f}, cache {:.0f}% | step {} ({:.0f} "
      "samples/s) | "
      "loss policy {:.3f} value {:.3f} | window {} | ladder {} | {} elapsed, checkpoint in "
      "{} steps{}",
      games, games_per_hour, ev.evaluations_per_second(), ev.average_batch(),
      100 * ev.cache_hit_rate(), trainer_.steps(), steps_per_s * s_.batch_size, losses_.policy,
      losses_.value, window_.window_samples(), strength(), clock_text(since(started_)),
      to_checkpoint,
      steps_per_s > 0
          ? fmt::format(" (~{:.0f} s)", static_cast<double>(to_checkpoint) / steps_per_s)
          : "");
  dir_.append_metric({{"event", "progress"},
                      {"elapsed_s", since(started_)},
                      {"games", games},
                      {"samples", window_.total_samples()},
                      {"games_per_hour", games_per_hour},
                      {"evals_per_s", ev.evaluations_per_second()},
                      {"average_batch", ev.average_batch()},
                      {"cache_hit_rate", ev.cache_hit_rate()},
                      {"step", trainer_.steps()},
                      {"samples_per_s", steps_per_s * s_.batch_size},
                      {"policy_loss", losses_.policy},
                      {"value_loss", losses_.value},
                      {"window", window_.window_samples()},
                      {"selfplay_search_share", 1.0 - selfplay_->evaluator_share()}});
  evaluator_->reset_stats();
  last_report_ = Clock::now();
  steps_at_report_ = trainer_.steps();
}

int TrainingRun::run() {
  resume();
  at::set_num_threads(s_.training_threads);
  evaluator_ = std::make_unique<nn::BatchedEvaluator>(*net_, *s_.variant, s_.evaluator);
  shards_ = std::make_unique<ShardWriter>(dir_, s_.games_per_shard);
  SelfPlaySettings selfplay = s_.selfplay;
  selfplay.games.seed =
      s_.seed + static_cast<std::uint64_t>(games_before_) * 7919;  // new games on resume
  selfplay_ = std::make_unique<SelfPlayRunner>(*s_.variant, selfplay, *evaluator_,
                                               [this](TrainingGame&& g) {
                                                 shards_->add(g);
                                                 window_.add(std::move(g));
                                               });
  log_->info("training {} on {} ({}), device {}, run directory {}", s_.model.describe(),
             s_.variant->name,
             s_.time_budget_seconds > 0 ? "budget " + clock_text(s_.time_budget_seconds)
                                        : std::string("no time limit"),
             evaluator_->device(), dir_.root().string());
  // Niced: the cores' spare time goes to evaluation, and the trainer and self-play keep theirs.
  background_ = std::make_unique<evaluation::BackgroundWorker>(
      10, [this](const std::string& job, const std::string& what) {
        log_->warn("{} failed: {}", job, what);
      });
  selfplay_->start();
  started_ = last_report_ = Clock::now();
  steps_at_report_ = trainer_.steps();
  bool budget_spent = false;
  while (!g_interrupted) {
    if (s_.time_budget_seconds > 0 && since(started_) >= s_.time_budget_seconds)
      budget_spent = true;
    if (s_.max_steps > 0 && trainer_.steps() >= s_.max_steps) budget_spent = true;
    if (budget_spent) break;
    selfplay_->rethrow_failure();
    if (!train_step()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));  // wait for self-play's data
    } else if (trainer_.steps() % s_.checkpoint_every_steps == 0) {
      save_checkpoint();
      if (s_.evaluation_every_checkpoints > 0 &&
          ++checkpoints_since_evaluation_ >= s_.evaluation_every_checkpoints) {
        checkpoints_since_evaluation_ = 0;
        post_evaluation();
      }
      if (s_.ladder_every_checkpoints > 0 &&
          ++checkpoints_since_ladder_ >= s_.ladder_every_checkpoints) {
        checkpoints_since_ladder_ = 0;
        post_ladder();
      }
    }
    report(false);
  }
  finish(!budget_spent);
  return budget_spent ? 0 : kExitInterrupted;
}

void TrainingRun::finish(bool interrupted) {
  log_->info(interrupted ? "interrupted: saving and stopping" : "budget spent: stopping self-play");
  selfplay_->stop();
  report(true);
  save_checkpoint();
  if (background_->pending("ladder") || background_->pending("evaluation")) {
    log_->info("waiting for the evaluation running beside training to finish its match{}",
               interrupted ? " (Ctrl-C again stops at once; nothing finished is lost)" : "");
  }
  background_->wait_idle();
  if (interrupted) {
    log_->info("saved at step {}; run the same command to resume", trainer_.steps());
    return;
  }
  evaluate(s_.evaluation_games);
  update_ladder_now();
  nn::export_model(*net_, *s_.variant, trainer_.steps(), dir_.export_dir().string(),
                   s_.selfplay.search);
  auto latest = dir_.latest_checkpoint();
  log_->info("done: {} games played in all, step {}; ladder {}", games_before_ + selfplay_->games(),
             trainer_.steps(), strength());
  log_->info("newest checkpoint: {}; exported for other front ends to {}",
             latest ? latest->string() : "none", dir_.export_dir().string());
  log_->info(
      "continue training: the same command again (it resumes); plot: /usr/bin/python3 "
      "scripts/plot_training.py {}",
      dir_.root().string());
}

}  // namespace

int run_training(const TrainOptions& options) {
  std::unique_ptr<RunDir> dir;
  Config config;
  try {
    fs::path saved = fs::path(options.run_dir) / "config.yaml";
    bool resuming = fs::exists(saved);
    config = Config::load(resuming ? saved.string() : options.config, options.overrides);
    // Refuse contradictions, and a device that is not there, before anything is written.
    nn::choose_device(settings_from_config(config).evaluator.device);
    dir = std::make_unique<RunDir>(options.run_dir);
    write_file_atomically(dir->config_path().string(), config.to_yaml());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kExitBadInput;
  }
  auto log = std::make_shared<spdlog::logger>(
      "train", spdlog::sinks_init_list{
                   std::make_shared<spdlog::sinks::stdout_sink_mt>(),
                   std::make_shared<spdlog::sinks::basic_file_sink_mt>(dir->log_path().string())});
  log->set_pattern("[%H:%M:%S] %v");
  log->flush_on(spdlog::level::info);
  g_interrupted = false;
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  try {
    TrainingRun run(*dir, config, log);
    return run.run();
  } catch (const InputError& e) {  // a damaged checkpoint or shard found on resuming
    log->error("error: {}", e.what());
    return kExitBadInput;
  } catch (const std::exception& e) {
    // A worker's failure (self-play's evaluator out of memory, say), raised here by the loop:
    // what was finished is on disk (games per game, weights per checkpoint), so it resumes.
    log->error("error: {} (the run resumes from its last checkpoint)", e.what());
    return kExitFailure;
  }
}

}  // namespace zertz::training
