#include "training/actor.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "distributed/actor_protocol.h"
#include "distributed/mpi_transport.h"
#include "nn/checkpoint.h"
#include "training/settings.h"

namespace zertz::training {

namespace {

using Clock = std::chrono::steady_clock;

class Actor {
 public:
  explicit Actor(const distributed::Launch& launch)
      : start_(Clock::now()), protocol_(transport_, distributed::ProtocolOptions{}, now()) {
    log_ = std::make_shared<spdlog::logger>("rank" + std::to_string(launch.rank),
                                            std::make_shared<spdlog::sinks::stdout_sink_mt>());
    log_->set_pattern("[%H:%M:%S] rank " + std::to_string(launch.rank) + ": %v");
    log_->flush_on(spdlog::level::info);
  }

  int run();

 private:
  double now() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  // Pumps until `ready` or the silence bound (then the job ends: see MpiTransport::abort_job).
  template <typename Ready>
  void pump_until(Ready ready);
  void pump();
  void take_weights();
  void send_games(bool all);
  // Says bye and receives until rank 0 answers it (every frame it sent before is then received).
  int say_bye();

  Clock::time_point start_;
  distributed::MpiTransport transport_;
  distributed::ActorProtocol protocol_;
  std::shared_ptr<spdlog::logger> log_;
  std::optional<TrainingSettings> s_;
  std::optional<nn::ZertzNet> net_;
  std::unique_ptr<nn::BatchedEvaluator> evaluator_;
  std::mutex finished_mutex_;
  std::vector<TrainingGame> finished_;  // from the self-play threads
  std::uint64_t version_ = 0, oldest_version_since_send_ = 0;
  std::atomic<std::int64_t> weights_step_{-1};  // the trainer step of version_ (games record it)
};

void Actor::pump() {
  protocol_.pump(now());
  for (const std::string& e : protocol_.take_events()) log_->warn("{}", e);
  if (protocol_.silent_too_long(now())) {
    log_->error("rank 0 has been silent for {:.0f} s: ending the job so that it restarts",
                protocol_.silent_for(now()));
    distributed::MpiTransport::abort_job(kExitFailure);
  }
}

template <typename Ready>
void Actor::pump_until(Ready ready) {
  while (!ready()) {
    pump();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

void Actor::take_weights() {
  std::optional<distributed::Weights> w = protocol_.take_weights();
  if (!w) return;
  nn::load_network_bytes(*net_, w->bytes, "weights version " + std::to_string(w->version));
  if (evaluator_) evaluator_->update_weights(**net_);
  version_ = w->version;
  weights_step_ = w->meta.value("step", std::int64_t{-1});
}

// Sends the finished games in shards of distributed.games_per_message (`all`: the rest too).
void Actor::send_games(bool all) {
  std::vector<TrainingGame> games;
  {
    std::lock_guard lock(finished_mutex_);
    auto per_message = static_cast<std::size_t>(s_->games_per_message);
    if (finished_.empty() || (!all && finished_.size() < per_message)) return;
    games.swap(finished_);
  }
  auto per_message = static_cast<std::size_t>(s_->games_per_message);
  for (std::size_t at = 0; at < games.size(); at += per_message) {
    std::vector<TrainingGame> part(
        games.begin() + static_cast<std::ptrdiff_t>(at),
        games.begin() + static_cast<std::ptrdiff_t>(std::min(games.size(), at + per_message)));
    std::size_t positions = 0;
    for (const auto& g : part) positions += g.decisions.size();
    protocol_.queue_games(encode_shard(part),
                          {{"games", part.size()},
                           {"positions", positions},
                           {"weights_versions", {oldest_version_since_send_, version_}}});
  }
  oldest_version_since_send_ = version_;
}

int Actor::run() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  protocol_.say_hello({{"host", host}, {"pid", static_cast<long>(getpid())}});
  pump_until([&] { return protocol_.welcome().has_value() || protocol_.stop_requested(); });
  if (protocol_.stop_requested()) return say_bye();
  const distributed::Welcome& welcome = *protocol_.welcome();
  config::Config config =
      config::Config::parse(welcome.meta.value("config", std::string()), "rank 0's config");
  s_ = settings_from_config(config);
  protocol_.set_options(s_->protocol);
  net_.emplace(s_->model);
  pump_until([&] { return protocol_.has_weights() || protocol_.stop_requested(); });
  take_weights();
  oldest_version_since_send_ = version_;
  evaluator_ = std::make_unique<nn::BatchedEvaluator>(**net_, *s_->variant, s_->evaluator);
  SelfPlaySettings selfplay = s_->selfplay;
  selfplay.games.seed = welcome.seed;
  SelfPlayRunner runner(*s_->variant, selfplay, *evaluator_, [this](TrainingGame&& g) {
    g.weights_step = weights_step_.load();
    std::lock_guard lock(finished_mutex_);
    finished_.push_back(std::move(g));
  });
  log_->info("self-play with {} threads, seed {}, weights version {}", selfplay.threads,
             welcome.seed, version_);
  runner.start();
  double next_status = 0;
  while (!protocol_.stop_requested()) {
    pump();
    take_weights();
    send_games(false);
    if (now() >= next_status) {  // rates over the last heartbeat period, not since start
      nn::EvaluatorStats stats = evaluator_->stats();
      evaluator_->reset_stats();
      protocol_.set_status({{"games", runner.games()},
                            {"evals_per_second", stats.evaluations_per_second()},
                            {"average_batch", stats.average_batch()},
                            {"weights_version", version_}});
      next_status = now() + s_->protocol.heartbeat_seconds;
    }
    runner.rethrow_failure();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  runner.stop();  // games in progress are dropped; finished ones still go
  send_games(true);
  double deadline = now() + 30;
  pump_until([&] {
    return (protocol_.queued() + protocol_.in_flight() == 0 && !protocol_.broadcast_pending()) ||
           now() > deadline;
  });
  log_->info("stopped after {} games", runner.games());
  return say_bye();
}

int Actor::say_bye() {
  protocol_.say_bye();
  const double deadline = now() + 30;
  pump_until([&] { return protocol_.closed() || now() > deadline; });
  return 0;
}

}  // namespace

int run_actor(const distributed::Launch& launch) {
  Actor actor(launch);
  return actor.run();
}

}  // namespace zertz::training
