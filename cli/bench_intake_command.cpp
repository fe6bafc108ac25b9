// `zertz bench intake`: how fast rank 0 of a distributed run takes in games and sends weights
// (docs/distributed.md, "Scale"). Synthetic actors send the games of a recorded shard, in
// messages as a real actor's, as fast as their credits allow; rank 0 stores them through the
// training run's own intake (checked decode, shard append, replay window, metrics). Under mpirun
// ranks 1..N-1 are the actors and MPI carries the messages; without it, --actors threads speak
// to rank 0 through memory. Then each model size's weights are published to every actor, which
// loads them, and the time until the last one acknowledges is reported.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <thread>

#include "cli/commands.h"
#include "core/error.h"
#include "distributed/actor_protocol.h"
#include "distributed/launch.h"
#include "distributed/learner_link.h"
#include "distributed/memory_transport.h"
#include "nn/checkpoint.h"
#include "nn/model_config.h"
#include "training/game_intake.h"
#ifdef ZERTZ_WITH_MPI
#include "distributed/mpi_transport.h"
#endif

namespace zertz::cli {

struct BenchIntakeOptions {
  std::string shard;               // the recorded games the synthetic actors send
  int actors = 4;                  // without mpirun: actor threads in this process
  double seconds = 10;             // of sending games
  int games_per_message = 8;       // as distributed.games_per_message
  double broadcast_megabytes = 8;  // as distributed.broadcast_weights_megabytes
  std::vector<std::string> models = nn::ModelConfig::names();  // weights published, in order
};

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Message {
  std::string block;
  std::size_t games = 0, positions = 0;
};

std::vector<Message> recorded_messages(const std::string& shard, int games_per_message) {
  std::vector<training::TrainingGame> games = training::read_shard(shard);
  if (games.empty()) throw InputError(shard + ": holds no games");
  std::vector<Message> messages;
  for (std::size_t at = 0; at < games.size(); at += static_cast<std::size_t>(games_per_message)) {
    std::size_t end = std::min(games.size(), at + static_cast<std::size_t>(games_per_message));
    std::vector<training::TrainingGame> part(games.begin() + static_cast<std::ptrdiff_t>(at),
                                             games.begin() + static_cast<std::ptrdiff_t>(end));
    Message m{training::encode_shard(part), part.size(), 0};
    for (const auto& g : part) m.positions += g.decisions.size();
    messages.push_back(std::move(m));
  }
  return messages;
}

// A synthetic actor: always one message queued, so that only its credits hold it back; weights
// are loaded as a real actor loads them (its evaluator's swap aside).
void synthetic_actor(distributed::Transport& transport, const std::vector<Message>& messages) {
  auto start = Clock::now();
  distributed::ActorProtocol protocol(transport, {}, 0);
  protocol.say_hello({{"synthetic", true}});
  std::size_t next = static_cast<std::size_t>(transport.rank()) % messages.size();
  std::optional<nn::ZertzNet> net;
  while (!protocol.stop_requested()) {
    if (protocol.welcome() && protocol.queued() == 0) {
      const Message& m = messages[next++ % messages.size()];
      protocol.queue_games(
          m.block, {{"games", m.games}, {"positions", m.positions}, {"weights_versions", {0, 0}}});
    }
    protocol.pump(since(start));
    if (std::optional<distributed::Weights> w = protocol.take_weights()) {
      net.emplace(nn::ModelConfig::named(w->meta.at("model").get<std::string>()));
      nn::load_network_bytes(*net, w->bytes, "weights version " + std::to_string(w->version));
    }
    if (protocol.queued() > 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  while (protocol.broadcast_pending()) protocol.pump(since(start));
  protocol.say_bye();
  protocol.pump(since(start));
}

std::unique_ptr<distributed::Transport> mpi_transport() {
#ifdef ZERTZ_WITH_MPI
  return std::make_unique<distributed::MpiTransport>();
#else
  throw InputError("started by an MPI launcher, but this zertz was built without MPI");
#endif
}

bool all_acknowledged(const distributed::LearnerLink& link, std::uint64_t version) {
  for (const auto& [rank, actor] : link.actors()) {
    if (actor.weights_version < version) return false;
  }
  return true;
}

int run_bench_intake(const BenchIntakeOptions& o) {
  std::vector<Message> messages = recorded_messages(o.shard, o.games_per_message);
  training::TrainingGame first = training::read_shard(o.shard).front();
  const Variant* variant = Variant::find(first.variant);
  if (!variant) throw InputError(o.shard + ": games of an unknown variant " + first.variant);
  std::optional<distributed::Launch> launch = distributed::launch_from_environment();
  bool under_mpi = launch && launch->size > 1;
  if (under_mpi && launch->rank > 0) {
    std::unique_ptr<distributed::Transport> transport = mpi_transport();
    synthetic_actor(*transport, messages);
    return 0;
  }
  int actors = under_mpi ? launch->size - 1 : o.actors;
  std::size_t block_bytes = 0;
  for (const Message& m : messages) block_bytes += m.block.size();
  std::printf("intake: %d synthetic actors (%s), messages of %d games, %zu bytes on average\n",
              actors, under_mpi ? "MPI ranks" : "threads", o.games_per_message,
              block_bytes / messages.size());

  fs::path root = fs::temp_directory_path() / fmt::format("zertz-bench-intake-{}", ::getpid());
  fs::remove_all(root);
  training::RunDir dir(root);
  training::ShardWriter shards(dir, 1000);
  training::ReplayWindow window(training::WindowParams{}, *variant);
  training::GameIntake intake(variant->name, shards, window, dir, 0);
  std::atomic<double> accept_seconds{0};
  std::atomic<std::uint64_t> accepted_bytes{0}, accepted_messages{0};
  distributed::MemoryHub hub(actors + 1);
  std::vector<std::thread> threads;
  if (!under_mpi) {
    for (int r = 1; r <= actors; ++r) {
      threads.emplace_back([&hub, &messages, r] {
        std::unique_ptr<distributed::Transport> t = hub.endpoint(r);
        synthetic_actor(*t, messages);
      });
    }
  }
  distributed::ProtocolOptions options;
  options.broadcast_weights_bytes = static_cast<std::size_t>(o.broadcast_megabytes * 1e6);
  distributed::LearnerLink link([&]() { return under_mpi ? mpi_transport() : hub.endpoint(0); },
                                options, 1, 0, {},
                                [&](int rank, const distributed::Frame& f) {
                                  auto start = Clock::now();
                                  std::string refusal = intake.accept(rank, f);
                                  accept_seconds = accept_seconds + since(start);
                                  accepted_bytes += f.body.size();
                                  ++accepted_messages;
                                  return refusal;
                                },
                                [](const std::string& why) {
                                  std::fprintf(stderr, "error: %s\n", why.c_str());
                                  std::exit(kExitFailure);
                                });
  link.wait_started();

  // Games up, for --seconds.
  auto start = Clock::now();
  std::int64_t games_before = intake.games();
  std::this_thread::sleep_for(std::chrono::duration<double>(o.seconds));
  double wall = since(start);
  double games = static_cast<double>(intake.games() - games_before);
  std::printf(
      "games accepted %.0f/s (%.0f/h), messages %.0f/s, %.2f MB/s into rank 0; storing took "
      "%.0f%% of the communication thread (%.2f ms a message)\n",
      games / wall, games / wall * 3600, static_cast<double>(accepted_messages) / wall,
      static_cast<double>(accepted_bytes) / wall / 1e6, 100 * accept_seconds / wall,
      1000 * accept_seconds / std::max(1.0, static_cast<double>(accepted_messages.load())));

  // Weights down, one model size after another.
  std::uint64_t version = 0;
  for (const std::string& name : o.models) {
    nn::ZertzNet net(nn::ModelConfig::named(name));
    auto serialise_start = Clock::now();
    std::string bytes = nn::network_bytes(net);
    double serialise = since(serialise_start);
    std::size_t size = bytes.size();
    auto publish_start = Clock::now();
    link.publish_weights(++version, std::move(bytes), {{"model", name}});
    while (!all_acknowledged(link, version))
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::printf(
        "weights %-6s %6.2f MB: serialised in %.0f ms, in use on all %d actors %.0f ms after "
        "publishing (%s)\n",
        name.c_str(), static_cast<double>(size) / 1e6, 1000 * serialise, actors,
        1000 * since(publish_start),
        size >= options.broadcast_weights_bytes ? "broadcast" : "to each actor");
  }
  link.stop(10);
  link.rethrow_failure();
  for (std::thread& t : threads) t.join();
  fs::remove_all(root);
  return 0;
}

}  // namespace

void add_bench_intake_command(CLI::App& parent, std::vector<Command>& commands) {
  auto o = std::make_shared<BenchIntakeOptions>();
  CLI::App* app = parent.add_subcommand(
      "intake", "Games per second rank 0 of a distributed run accepts, and weights publish time");
  app->add_option("--shard", o->shard, "Recorded games the synthetic actors send (a run's shard)")
      ->required()
      ->check(CLI::ExistingFile);
  app->add_option("--actors", o->actors, "Actor threads without mpirun (under it: ranks - 1)")
      ->check(CLI::Range(1, 256));
  app->add_option("--seconds", o->seconds, "Seconds of sending games")
      ->check(CLI::Range(0.1, 3600.0));
  app->add_option("--games-per-message", o->games_per_message, "Games in each message")
      ->check(CLI::Range(1, 100000));
  app->add_option("--broadcast-megabytes", o->broadcast_megabytes,
                  "Weights of at least this size go by broadcast (0: always)")
      ->check(CLI::Range(0.0, 100000.0));
  app->add_option("--models", o->models, "Model sizes whose weights are published, in order")
      ->delimiter(',')
      ->check(CLI::IsMember(nn::ModelConfig::names()));
  commands.push_back({app, [o] { return run_bench_intake(*o); }});
}

}  // namespace zertz::cli
