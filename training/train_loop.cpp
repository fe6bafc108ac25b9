#include "training/train_loop.h"

#include <ATen/Parallel.h>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <optional>
#include <set>
#include <thread>

#include "core/atomic_file.h"
#include "core/error.h"
#include "distributed/launch.h"
#include "distributed/learner_link.h"
#include "nn/checkpoint.h"
#include "nn/export.h"
#include "nn/grow.h"
#include "nn/inference_module.h"
#include "training/actor.h"
#include "training/checkpoint_retention.h"
#include "training/evaluation_scheduler.h"
#include "training/game_intake.h"
#include "training/ladder_update.h"
#include "training/progress_report.h"
#include "training/settings.h"
#include "training/shard_writer.h"
#include "training/trainer.h"
#include "training/training_batch.h"
#ifdef ZERTZ_WITH_MPI
#include "distributed/mpi_transport.h"
#endif

namespace zertz::training {

namespace {

namespace fs = std::filesystem;

std::atomic<bool> g_interrupted{false};
std::atomic<bool> g_stop_requested{false};  // SIGUSR1: save and stop, exit 0 (mpirun forwards it)

extern "C" void on_interrupt(int) {
  g_interrupted = true;
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the process at once
}

extern "C" void on_stop_request(int) {
  g_stop_requested = true;
}

// LibTorch seeds its default generator nondeterministically: the initial weights come from
// run.seed, so that a seed gives the same games (a resumed run loads its weights instead).
nn::ZertzNet initial_network(const TrainingSettings& s) {
  torch::manual_seed(s.seed);
  return nn::ZertzNet(s.model);
}

// One session of a run: self-play feeding the window, the optimiser's steps, checkpoints, and
// the session's start and end; evaluation and progress output are their own classes.
class TrainingRun {
 public:
  // `ranks`: 1 on one machine; under an MPI launch, this rank 0 and ranks - 1 actors.
  TrainingRun(RunDir& dir, config::Config config, std::shared_ptr<spdlog::logger> log, int ranks)
      : ranks_(ranks),
        dir_(dir),
        config_(std::move(config)),
        s_(settings_from_config(config_)),
        log_(std::move(log)),
        net_(initial_network(s_)),
        trainer_(net_, s_.trainer, nn::choose_device(s_.evaluator.device)),
        window_(s_.window, *s_.variant),
        rng_(s_.seed),
        progress_(dir_, log_, s_.checkpoint_every_steps, s_.batch_size),
        evaluation_(dir_, s_, log_, [this] { return progress_.elapsed_seconds(); }) {}

  int run();

 private:
  void resume();
  std::optional<fs::path> load_resume_checkpoint(nn::CheckpointInfo& info);
  void load_window(std::int64_t total_samples);
  bool train_step();
  void save_checkpoint();
  void keep_disk_in_order(std::int64_t newest_step);
  void report();
  void finish(bool interrupted);
  std::int64_t games() const { return games_before_ + session_games(); }
  std::int64_t session_games() const {
    return selfplay_->games() + (intake_ ? intake_->games() : 0);
  }
  // Distributed (ranks_ > 1): the actors' link, their games and the weights they get.
  void start_link();
  void publish_weights();
  void report_actors(ProgressSnapshot& now);

  int ranks_;
  RunDir& dir_;
  config::Config config_;
  TrainingSettings s_;
  std::shared_ptr<spdlog::logger> log_;
  nn::ZertzNet net_;
  Trainer trainer_;
  ReplayWindow window_;
  Rng rng_;
  std::int64_t games_before_ = 0;     // games of earlier sessions
  std::int64_t trained_samples_ = 0;  // over all sessions
  std::int64_t last_checkpoint_step_ = -1;
  bool warned_low_disk_ = false;
  StepLosses losses_;
  std::unique_ptr<nn::BatchedEvaluator> evaluator_;
  std::unique_ptr<ShardWriter> shards_;
  std::unique_ptr<SelfPlayRunner> selfplay_;
  std::atomic<std::int64_t> selfplay_step_{0};  // of the weights self-play uses (games record it)
  TrainingBatch batch_;
  std::unique_ptr<GameIntake> intake_;  // the actors' games; outlives the link that feeds it
  std::unique_ptr<distributed::LearnerLink> link_;
  std::uint64_t launch_ = 0;           // games on disk when this session started
  std::uint64_t weights_version_ = 0;  // published to the actors
  ProgressReport progress_;
  // Declared last: destroyed first, so that a job still running sees every member alive.
  EvaluationScheduler evaluation_;
};

// The checkpoint to resume from: the one checkpoints/latest names, or else the newest that loads
// (a checkpoint deleted or damaged by hand, or by a crash of the machine before its data reached
// the disk). Each one passed over gets a warning; when checkpoints exist and none loads, the
// first one's error ends the run rather than starting it afresh over them.
std::optional<fs::path> TrainingRun::load_resume_checkpoint(nn::CheckpointInfo& info) {
  std::vector<fs::path> candidates = dir_.checkpoints();
  std::reverse(candidates.begin(), candidates.end());
  std::optional<fs::path> latest = dir_.latest_checkpoint();
  if (latest) {
    std::erase(candidates, *latest);
    candidates.insert(candidates.begin(), *latest);
  } else if (!candidates.empty() && fs::exists(dir_.root() / "checkpoints" / "latest")) {
    log_->warn("checkpoints/latest names a checkpoint that is not there; trying the newest");
  }
  std::optional<std::string> first_error;
  for (const fs::path& candidate : candidates) {
    try {
      info = nn::load_checkpoint_growing(candidate.string(), net_, trainer_.optimizer());
      if (!nn::same_network(info.model, net_->config())) {
        log_->info("grew the network of {} into {} (nn/grow.h)", info.model.describe(),
                   net_->config().describe());
      }
      return candidate;
    } catch (const nn::CheckpointError& e) {
      log_->warn("passing over a checkpoint that does not load: {}", e.what());
      if (!first_error) first_error = e.what();
    }
  }
  if (first_error) throw nn::CheckpointError(*first_error + " (and no other checkpoint loads)");
  return std::nullopt;
}

void TrainingRun::resume() {
  nn::CheckpointInfo info;
  auto latest = load_resume_checkpoint(info);
  std::int64_t total_samples = 0;
  if (latest) {
    trainer_.set_steps(info.step);
    last_checkpoint_step_ = info.step;
    evaluation_.resume_from(*latest);  // gating resumes against the newest checkpoint
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
// checkpoint count as new data too, so the checkpoint's count of samples is a lower bound of
// what is on disk: shards are read (newest first) while they may still be inside the window of
// that count plus what has been read, and the window itself drops what does not fit. (Reading
// up to the checkpoint's count alone left the oldest shard out of a window with room for it.)
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
    if (loaded < window_size(s_.window, total_samples + loaded)) {
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
  if (!batch_.draw(window_, s_.batch_size, s_.model.outcome_parts, rng_)) return false;
  losses_ = trainer_.step(batch_.inputs, batch_.policy, batch_.value, batch_.outcome_parts);
  trained_samples_ += s_.batch_size;
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
  info.counters = {{"games", games()},
                   {"samples", window_.total_samples()},
                   {"trained_samples", trained_samples_}};
  fs::path path = dir_.checkpoint_path(step);
  nn::save_checkpoint(path.string(), info, net_, &trainer_.optimizer());
  dir_.set_latest_checkpoint(path);
  last_checkpoint_step_ = step;
  dir_.append_metric({{"event", "checkpoint"},
                      {"step", step},
                      {"path", path.string()},
                      {"elapsed_s", progress_.elapsed_seconds()}});
  bool accepted = evaluation_.gate(*net_, path, step);
  if (accepted) {
    evaluator_->update_weights(*net_);  // self-play continues with the new weights
    selfplay_step_ = step;
    if (link_) publish_weights();
    log_->info("checkpoint {} (self-play now uses it)", path.filename().string());
  }
  keep_disk_in_order(step);
}

// Deletes the checkpoints the retention policy lets go, and says when the disk runs low.
void TrainingRun::keep_disk_in_order(std::int64_t newest_step) {
  std::set<std::int64_t> in_use = {newest_step, selfplay_step_};
  for (const fs::path& p : evaluation_.checkpoints_in_use()) {
    in_use.insert(checkpoint_step(p.filename().string()));
  }
  RetentionPolicy policy{s_.keep_checkpoints, s_.keep_checkpoint_every_minutes};
  prune_checkpoints(dir_, policy, in_use);
  std::error_code error;
  const std::uintmax_t free_bytes = fs::space(dir_.root(), error).available;
  constexpr std::uintmax_t kLowDisk = std::uintmax_t{1} << 30;
  if (!error && free_bytes < kLowDisk && !warned_low_disk_) {
    log_->warn(
        "the disk of {} has {} MB free: the run stops when it is full (it resumes); "
        "free space, or lower training.keep_checkpoints",
        dir_.root().string(), free_bytes >> 20);
  }
  warned_low_disk_ = !error && free_bytes < kLowDisk;
}

void TrainingRun::report() {
  ProgressSnapshot now;
  now.evaluator = evaluator_->stats();
  now.games = games();
  now.session_games = session_games();
  now.steps = trainer_.steps();
  now.losses = losses_;
  now.window_samples = window_.window_samples();
  now.total_samples = window_.total_samples();
  now.selfplay_search_share = 1.0 - selfplay_->evaluator_share();
  now.strength = evaluation_.strength();
  if (link_) report_actors(now);
  progress_.report(now);
  evaluator_->reset_stats();
}

std::unique_ptr<distributed::Transport> mpi_transport() {
#ifdef ZERTZ_WITH_MPI
  return std::make_unique<distributed::MpiTransport>();
#else
  throw std::runtime_error("this zertz was built without MPI");  // refused before: run_training
#endif
}

[[noreturn]] void end_job(int status) {
#ifdef ZERTZ_WITH_MPI
  distributed::MpiTransport::abort_job(status);
#else
  std::exit(status);
#endif
}

// Rank 0 of a distributed run. Actors' seeds come from the games on disk (launch_), as the
// local self-play's do: a relaunch after new games plays new ones.
void TrainingRun::start_link() {
  launch_ = static_cast<std::uint64_t>(games_before_);
  intake_ = std::make_unique<GameIntake>(s_.variant->name, *shards_, window_, dir_, launch_);
  link_ = std::make_unique<distributed::LearnerLink>(
      mpi_transport, s_.protocol, s_.seed, launch_, nlohmann::json{{"config", config_.to_yaml()}},
      [this](int rank, const distributed::Frame& f) { return intake_->accept(rank, f); },
      [this](const std::string& why) {
        log_->error("error: {}", why);
        end_job(kExitFailure);
      });
  int ranks = link_->wait_started();
  log_->info("distributed: rank 0 of {} trains, {} actors play (launch {})", ranks, ranks - 1,
             launch_);
  publish_weights();
}

void TrainingRun::publish_weights() {
  link_->publish_weights(++weights_version_, nn::network_bytes(net_), {{"step", trainer_.steps()}});
}

// The actors' figures: summed into the progress line, and an "actor" event per rank.
void TrainingRun::report_actors(ProgressSnapshot& now) {
  for (const std::string& e : link_->take_events()) log_->warn("{}", e);
  for (const auto& [rank, actor] : link_->actors()) {
    if (!actor.said_hello) continue;
    double evals = actor.status.value("evals_per_second", 0.0);
    ++now.actors;
    now.actor_evaluations_per_second += evals;
    now.versions_behind = std::max(now.versions_behind, actor.versions_behind);
    dir_.append_metric({{"event", "actor"},
                        {"rank", rank},
                        {"host", actor.hello.value("host", std::string())},
                        {"pid", actor.hello.value("pid", 0L)},
                        {"games", actor.games},
                        {"weights_version", actor.weights_version},
                        {"versions_behind", actor.versions_behind},
                        {"evals_per_s", evals},
                        {"refused_messages", actor.refused}});
  }
}

int TrainingRun::run() {
  resume();
  at::set_num_threads(s_.training_threads);
  selfplay_step_ = trainer_.steps();
  evaluator_ = std::make_unique<nn::BatchedEvaluator>(*net_, *s_.variant, s_.evaluator);
  shards_ = std::make_unique<ShardWriter>(dir_, s_.games_per_shard);
  SelfPlaySettings selfplay = s_.selfplay;
  selfplay.games.seed =
      s_.seed + static_cast<std::uint64_t>(games_before_) * 7919;  // new games on resume
  if (ranks_ > 1) selfplay.threads = s_.learner_selfplay_threads;
  selfplay_ = std::make_unique<SelfPlayRunner>(*s_.variant, selfplay, *evaluator_,
                                               [this](TrainingGame&& g) {
                                                 g.weights_step = selfplay_step_.load();
                                                 shards_->add(g);
                                                 window_.add(std::move(g));
                                               });
  log_->info("training {} on {} ({}), device {}, run directory {}", s_.model.describe(),
             s_.variant->name,
             s_.time_budget_seconds > 0 ? "budget " + clock_text(s_.time_budget_seconds)
                                        : std::string("no time limit"),
             evaluator_->device(), dir_.root().string());
  if (ranks_ > 1) start_link();
  selfplay_->start();
  progress_.start(trainer_.steps());
  bool budget_spent = false;
  while (!g_interrupted) {
    if (g_stop_requested) {
      log_->info("SIGUSR1: saving and stopping");
      budget_spent = true;
      break;
    }
    if (s_.time_budget_seconds > 0 && progress_.elapsed_seconds() >= s_.time_budget_seconds)
      budget_spent = true;
    if (s_.max_steps > 0 && trainer_.steps() >= s_.max_steps) budget_spent = true;
    if (budget_spent) break;
    selfplay_->rethrow_failure();
    if (link_) link_->rethrow_failure();
    if (!train_step()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));  // wait for self-play's data
    } else if (trainer_.steps() % s_.checkpoint_every_steps == 0) {
      save_checkpoint();
      evaluation_.on_checkpoint();
    }
    if (progress_.due(s_.progress_seconds)) report();
  }
  finish(!budget_spent || g_stop_requested);
  return budget_spent ? 0 : kExitInterrupted;
}

void TrainingRun::finish(bool interrupted) {
  log_->info(interrupted ? "interrupted: saving and stopping" : "budget spent: stopping self-play");
  selfplay_->stop();
  if (link_) {  // the actors' last finished games land before the checkpoint counts them
    if (!link_->stop(30)) log_->warn("not every actor said bye within 30 s");
    link_->rethrow_failure();
  }
  report();
  save_checkpoint();
  if (evaluation_.busy()) {
    log_->info("waiting for the evaluation running beside training to finish its match{}",
               interrupted ? " (Ctrl-C again stops at once; nothing finished is lost)" : "");
  }
  evaluation_.finish(interrupted);
  if (interrupted) {
    log_->info("saved at step {}; run the same command to resume", trainer_.steps());
    return;
  }
  nn::export_model(*net_, *s_.variant, trainer_.steps(), dir_.export_dir().string(),
                   s_.play_search);
  auto latest = dir_.latest_checkpoint();
  log_->info("done: {} games played in all, step {}; ladder {}", games(), trainer_.steps(),
             evaluation_.strength());
  log_->info("newest checkpoint: {}; exported for other front ends to {}",
             latest ? latest->string() : "none", dir_.export_dir().string());
  const std::string model = dir_.export_dir().string();
  log_->info("play it: build/cli/zertz play --model {}", model);
  log_->info(
      "match it against the classical baseline: build/cli/zertz arena {} alphabeta:auto "
      "--games 100 --time-per-move 1000 --threads 2",
      model);
  log_->info("export another checkpoint: build/cli/zertz export CHECKPOINT --out DIR");
  log_->info(
      "continue training: the same command again (it resumes); plot: /usr/bin/python3 "
      "scripts/plot_training.py {}",
      dir_.root().string());
}

// A run's rules are fixed when it starts: its checkpoints and shards hold them. Its network may
// only grow (nn/grow.h): more blocks, a wider fast head. Any other change on resuming is refused
// rather than mixing two runs.
// The first key a run keeps (its variant, its network size) that differs in `b`; nullptr if none.
const char* kept_key_changed(const config::Config& a, const config::Config& b) {
  for (const char* key : {"run.variant", "model.size"}) {
    if (a.get_string(key) != b.get_string(key)) return key;
  }
  return nullptr;
}

void refuse_changes_to_the_run(const config::Config& saved, const config::Config& resumed,
                               const TrainOptions& options) {
  if (const char* key = kept_key_changed(saved, resumed)) {
    throw config::ConfigError("--set " + std::string(key) + "=" + resumed.get_string(key) + ": " +
                              options.run_dir + " was started with " + key + " " +
                              saved.get_string(key) +
                              ", which a run keeps; start another run directory");
  }
  std::string refusal =
      nn::growth_refusal(settings_from_config(saved).model, settings_from_config(resumed).model);
  if (!refusal.empty()) {
    throw config::ConfigError(options.run_dir + "'s network cannot change so: " + refusal +
                              "; start another run directory");
  }
}

// `--config F` on resuming: F is read only to check that it describes this run (its variant and
// network size; the run keeps its own config.yaml), so that a config meant for a new run is not
// silently trained as the old one.
void refuse_another_runs_config(const config::Config& saved, const TrainOptions& options) {
  const config::Config named = config::Config::load(options.config);
  if (const char* key = kept_key_changed(saved, named)) {
    throw config::ConfigError("--config " + options.config + " has " + key + " " +
                              named.get_string(key) + ", but " + options.run_dir +
                              " was started with " + saved.get_string(key) +
                              " (its config.yaml), which a run keeps; give another --run-dir "
                              "to start a run with this config");
  }
}

// Under mpirun or srun with more than one rank, rank 0 trains and the others are actors;
// otherwise (none, or one rank) MPI is never started (docs/distributed.md).
std::optional<distributed::Launch> multi_rank_launch() {
  auto launch = distributed::launch_from_environment();
  if (!launch || launch->size == 1) return std::nullopt;
#ifndef ZERTZ_WITH_MPI
  throw InputError(fmt::format(
      "started by an MPI launcher with {} ranks, but this zertz was built without MPI (install "
      "libopenmpi-dev and rebuild)",
      launch->size));
#endif
  return launch;
}

int run_actor_rank(const distributed::Launch& launch) {
  std::signal(SIGUSR1, SIG_IGN);  // rank 0 stops the actors once it has saved
  try {
    return run_actor(launch);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: rank %d: %s\n", launch.rank, e.what());
    return kExitFailure;
  }
}

}  // namespace

int run_training(const TrainOptions& options) {
  std::optional<distributed::Launch> launch;
  try {
    launch = multi_rank_launch();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kExitBadInput;
  }
  if (launch && launch->rank > 0) return run_actor_rank(*launch);
  const int ranks = launch ? launch->size : 1;
  std::unique_ptr<RunDir> dir;
  config::Config config;
  try {
    fs::path saved = fs::path(options.run_dir) / "config.yaml";
    bool resuming = fs::exists(saved);
    const config::Config base = config::Config::load(resuming ? saved.string() : options.config);
    config = base;
    for (const std::string& o : options.overrides) config.apply_override(o);
    if (resuming) refuse_changes_to_the_run(base, config, options);
    if (resuming && options.config_given) refuse_another_runs_config(base, options);
    // Refuse contradictions, and a device that is not there, before anything is written.
    nn::choose_device(settings_from_config(config).evaluator.device);
    dir = std::make_unique<RunDir>(options.run_dir);
    write_file_atomically(dir->config_path().string(), config.to_yaml());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kExitBadInput;
  }
  auto file_sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(dir->log_path().string());
  auto log = std::make_shared<spdlog::logger>(
      "train",
      spdlog::sinks_init_list{std::make_shared<spdlog::sinks::stdout_sink_mt>(), file_sink});
  log->set_pattern("[%H:%M:%S] %v");
  log->flush_on(spdlog::level::info);
  // The error that ends the run: one line on stderr, as every command's, and in the run's log.
  auto fail = [&](const std::string& text, int status) {
    log->sinks() = {file_sink};
    log->error("error: {}", text);
    std::fprintf(stderr, "error: %s\n", text.c_str());
    return status;
  };
  if (int removed = dir->remove_stale_temporaries()) {
    log->warn("removed {} temporary files of writes that a killed run left unfinished", removed);
  }
  g_interrupted = false;
  g_stop_requested = false;
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  std::signal(SIGUSR1, on_stop_request);
  try {
    TrainingRun run(*dir, config, log, ranks);
    return run.run();
  } catch (const InputError& e) {  // a damaged checkpoint found on resuming
    return fail(e.what(), kExitBadInput);
  } catch (const std::exception& e) {
    // A worker's failure (self-play's evaluator out of memory, a full disk), raised here by the
    // loop: what was finished is on disk (games per game, weights per checkpoint), so it resumes.
    return fail(std::string(e.what()) + " (the same command resumes from the last checkpoint)",
                kExitFailure);
  }
}

}  // namespace zertz::training
