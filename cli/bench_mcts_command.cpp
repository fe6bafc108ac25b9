// `zertz bench mcts`: search simulations per second with the zero-cost UniformEvaluator, so that
// only the tree counts: one search thread and two, from the start and from a mid-game position,
// and the batched self-play driver (many games on one thread).
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/error.h"
#include "core/position.h"
#include "core/state.h"
#include "mcts/search.h"
#include "mcts/selfplay_batch.h"
#include "nn/model_config.h"

namespace zertz::cli {

namespace {

using Clock = std::chrono::steady_clock;

double elapsed(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A position some way into a seeded random game: undecided, at a turn start, with a placement to
// choose (a forced capture would end every search after one visit).
State mid_game(const Variant& variant, std::uint64_t seed, int turns) {
  Rng rng(seed);
  while (true) {
    State state(variant);
    int played = 0;
    while (!state.is_terminal() && (played < turns || state.has_capture())) {
      int mover = state.to_move();
      state.apply(state.random_action(rng));
      if (state.to_move() != mover) ++played;
    }
    if (!state.is_terminal()) return state;
  }
}

// Simulations per second of fresh searches of `visits` visits each, for `seconds`.
double search_speed(const State& state, int threads, int visits, double seconds) {
  mcts::SearchParams params;
  params.threads = threads;
  mcts::UniformEvaluator evaluator;
  mcts::Search search(params, evaluator, state);
  Rng rng(1);
  std::uint64_t simulations = 0;
  auto start = Clock::now();
  double spent = 0.0;
  while ((spent = elapsed(start)) < seconds) {
    search.set_root(state, RepetitionTracker(state));
    simulations += search.run(visits, /*full=*/true, 0.0f, rng).root_visits;
  }
  return static_cast<double>(simulations) / spent;
}

struct SelfPlaySpeed {
  double simulations_per_second = 0.0;
  double average_batch = 0.0;
};

// Whole games of batched self-play on this thread, the way a self-play worker runs them.
SelfPlaySpeed selfplay_speed(const State& start, int visits, double seconds) {
  mcts::SearchParams params;
  params.full_visits = visits;
  params.dirichlet_epsilon = 0.25f;
  params.temperature_start = 1.0f;
  params.temperature_end = 0.2f;
  params.temperature_halflife_turns = 10.0f;
  mcts::SelfPlayOptions options;
  mcts::UniformEvaluator evaluator;
  mcts::SelfPlayBatch batch(start, params, options, evaluator);
  std::uint64_t simulations = 0;
  auto start_time = Clock::now();
  double spent = 0.0;
  while ((spent = elapsed(start_time)) < seconds) {
    batch.play(options.games_in_flight, [&](mcts::SelfPlayGame&& game) {
      for (const mcts::SearchResult& r : game.searches) simulations += r.root_visits;
    });
  }
  return {static_cast<double>(simulations) / spent, batch.stats().average_batch()};
}

}  // namespace

int run_bench_mcts(const BenchMctsOptions& options) {
  const Variant* variant = Variant::find(options.variant);
  if (!variant) throw InputError("unknown variant '" + options.variant + "'");
  std::printf("bench mcts: %s, uniform evaluator, %d visits per search, %.2f s per measure\n",
              variant->name.c_str(), options.visits, options.seconds);
  std::printf("%-10s %8s %14s\n", "position", "threads", "simulations/s");
  struct Row {
    const char* name;
    State state;
  };
  std::vector<Row> rows = {{"start", State(*variant)},
                           {"mid-game", mid_game(*variant, options.seed, 12)}};
  for (const Row& row : rows) {
    for (int threads : {1, 2}) {
      double speed = search_speed(row.state, threads, options.visits, options.seconds);
      std::printf("%-10s %8d %14.0f\n", row.name, threads, speed);
    }
  }
  std::printf("mid-game: %s\n", to_position_string(rows[1].state).c_str());
  SelfPlaySpeed selfplay = selfplay_speed(State(*variant), 200, options.seconds);
  std::printf(
      "self-play, 32 games on 1 thread, 200 visits: %.0f simulations/s, average batch %.1f\n",
      selfplay.simulations_per_second, selfplay.average_batch);
  if (options.network != "none") print_network_selfplay(options);
  return 0;
}

namespace {
std::vector<std::string> network_choices() {
  std::vector<std::string> choices = {"none"};
  for (const std::string& size : nn::ModelConfig::names()) choices.push_back(size);
  return choices;
}
}  // namespace

void add_bench_mcts_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<BenchMctsOptions>();
  auto* cmd = parent.add_subcommand("mcts", "Search simulations per second (uniform evaluator)");
  cmd->add_option("--variant", options->variant, "Rule variant")
      ->check(CLI::IsMember(variant_names()));
  cmd->add_option("--visits", options->visits, "Visits per search")->check(CLI::Range(1, 10000000));
  cmd->add_option("--seconds", options->seconds, "Time per measure")
      ->check(CLI::Range(0.01, 600.0));
  cmd->add_option("--seed", options->seed, "Seed of the mid-game position");
  cmd->add_option("--network", options->network,
                  "Also self-play with this network size (none: skip)")
      ->check(CLI::IsMember(network_choices()));
  cmd->add_option("--network-seconds", options->network_seconds, "Time of the network self-play")
      ->check(CLI::Range(1.0, 3600.0));
  cmd->add_option("--selfplay-threads", options->selfplay_threads,
                  "Self-play threads with the network")
      ->check(CLI::Range(1, 64));
  commands.push_back({cmd, [options] { return run_bench_mcts(*options); }});
}

}  // namespace zertz::cli
