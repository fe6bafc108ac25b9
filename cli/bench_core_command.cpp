// `zertz bench core`: random full games per second (the fast random playout) and atomic
// actions generated and applied per second (full legal-action lists), one thread.
#include <chrono>
#include <cstdio>

#include "cli/commands.h"
#include "core/state.h"

namespace zertz::cli {

struct BenchCoreOptions {
  double seconds = 1.0;  // per variant and measure
  std::uint64_t seed = 1;
};

namespace {

using Clock = std::chrono::steady_clock;

double elapsed(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Figures {
  double games_per_second = 0;
  double actions_per_game = 0;
  double actions_per_second = 0;
};

Figures measure(const Variant& variant, double seconds, std::uint64_t seed) {
  Figures f;
  Rng rng(seed);
  std::uint64_t games = 0, actions = 0;
  auto start = Clock::now();
  double spent = 0;
  while ((spent = elapsed(start)) < seconds) {
    for (int i = 0; i < 256; ++i) {
      State state(variant);
      while (!state.is_terminal()) {
        state.apply(state.random_action(rng));
        ++actions;
      }
    }
    games += 256;
  }
  f.games_per_second = static_cast<double>(games) / spent;
  f.actions_per_game = static_cast<double>(actions) / static_cast<double>(games);

  // Every step builds the whole legal-action list, then applies one action of it.
  std::uint64_t applied = 0;
  std::uint64_t listed = 0;
  ActionList list;
  start = Clock::now();
  while ((spent = elapsed(start)) < seconds) {
    for (int i = 0; i < 256; ++i) {
      State state(variant);
      while (!state.is_terminal()) {
        state.legal_actions(list);
        listed += static_cast<std::uint64_t>(list.size);
        state.apply(list[static_cast<int>(rng.below(static_cast<std::uint32_t>(list.size)))]);
        ++applied;
      }
    }
  }
  f.actions_per_second = static_cast<double>(applied) / spent;
  std::printf("  (%s: %.1f legal actions listed per step)\n", variant.name.c_str(),
              static_cast<double>(listed) / static_cast<double>(applied));
  return f;
}

}  // namespace

int run_bench_core(const BenchCoreOptions& options) {
  std::printf("bench core: one thread, %.2f s per measure, seed %llu\n", options.seconds,
              static_cast<unsigned long long>(options.seed));
  std::vector<std::pair<std::string, Figures>> rows;
  for (const Variant* v : Variant::all())
    rows.emplace_back(v->name, measure(*v, options.seconds, options.seed));
  std::printf("%-14s %14s %14s %22s\n", "variant", "games/s", "actions/game",
              "actions/s (list+apply)");
  for (const auto& [name, f] : rows) {
    std::printf("%-14s %14.0f %14.1f %22.0f\n", name.c_str(), f.games_per_second,
                f.actions_per_game, f.actions_per_second);
  }
  return 0;
}

void add_bench_core_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<BenchCoreOptions>();
  auto* cmd = parent.add_subcommand("core", "Random games and actions per second");
  cmd->add_option("--seconds", options->seconds, "Time per measure")
      ->check(CLI::Range(0.01, 600.0));
  cmd->add_option("--seed", options->seed, "Random seed");
  commands.push_back({cmd, [options] { return run_bench_core(*options); }});
}

}  // namespace zertz::cli
