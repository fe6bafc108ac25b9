// `zertz bench alphabeta`: the classical baseline's speed on positions of real games (turn
// starts with a placement to choose, from seeded games of alphabeta:1 against itself): nodes
// per second, the depth reached within the time per turn, and how long each depth took.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/error.h"
#include "core/game.h"
#include "mcts/alphabeta_player.h"

namespace zertz::cli {

namespace {

struct BenchAlphaBetaOptions {
  std::string variant = "tournament";
  int positions = 60;
  int time_per_move_ms = 1000;
  std::uint64_t seed = 1;
};

// Turn starts where the mover places, from games of alphabeta:1 against itself.
std::vector<State> game_positions(const Variant& variant, int wanted, std::uint64_t seed) {
  std::vector<State> out;
  for (std::uint64_t game_seed = seed; static_cast<int>(out.size()) < wanted; ++game_seed) {
    mcts::AlphaBetaPlayer first("alphabeta:1", 1, 0, game_seed);
    mcts::AlphaBetaPlayer second("alphabeta:1", 1, 0, game_seed + 7919);
    Game game{State(variant)};
    while (!game.is_terminal() && static_cast<int>(out.size()) < wanted) {
      const State& s = game.state();
      if (s.phase() == Phase::kTurnStart && !s.has_capture()) out.push_back(s);
      mcts::Player& mover = s.to_move() == 0 ? static_cast<mcts::Player&>(first) : second;
      for (Action action : mover.choose_turn(game).actions) game.apply(action);
    }
  }
  return out;
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  auto index = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[index];
}

int run_bench_alphabeta(const BenchAlphaBetaOptions& options) {
  const Variant* variant = Variant::find(options.variant);
  if (!variant) throw InputError("unknown variant '" + options.variant + "'");
  std::printf(
      "bench alphabeta: %s, %d positions from alphabeta:1 games (seed %llu), %d ms per "
      "turn, one thread\n",
      variant->name.c_str(), options.positions, static_cast<unsigned long long>(options.seed),
      options.time_per_move_ms);
  std::vector<State> positions = game_positions(*variant, options.positions, options.seed);
  std::map<int, int> depth_counts;
  int proven = 0;
  std::map<int, int> settled;  // depth -> positions where it completed or a proof came first
  std::map<int, std::vector<double>> depth_times;  // seconds to complete each depth
  std::int64_t nodes = 0;
  double seconds = 0.0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    mcts::AlphaBetaSearch search;
    Rng rng(options.seed + i);
    auto deadline =
        mcts::AlphaBetaSearch::Clock::now() + std::chrono::milliseconds(options.time_per_move_ms);
    mcts::AlphaBetaResult result =
        search.search(positions[i], mcts::kMaxAlphaBetaDepth, deadline, rng);
    ++depth_counts[result.depth];
    if (result.proven()) ++proven;
    for (std::size_t d = 0; d < result.completed_at.size(); ++d) {
      depth_times[static_cast<int>(d) + 1].push_back(result.completed_at[d]);
    }
    // A proof ends the deepening: every deeper depth counts as settled in time.
    for (int d = 1; d <= (result.proven() ? mcts::kMaxAlphaBetaDepth : result.depth); ++d) {
      ++settled[d];
    }
    nodes += result.nodes;
    seconds += result.seconds;
    std::fprintf(stderr, "\r  %zu/%zu positions", i + 1, positions.size());
  }
  std::fprintf(stderr, "\n");
  const double total = static_cast<double>(positions.size());
  std::printf("nodes per second: %.0f (%lld nodes in %.1f s)\n",
              static_cast<double>(nodes) / seconds, static_cast<long long>(nodes), seconds);
  std::printf("%-6s %16s %16s %18s %9s %9s %9s\n", "depth", "deepest reached", "reached in time",
              "reached or proven", "p50 s", "p95 s", "max s");
  for (const auto& [depth, times] : depth_times) {
    int deepest = depth_counts.count(depth) ? depth_counts[depth] : 0;
    std::printf("%-6d %15.1f%% %15.1f%% %17.1f%% %9.3f %9.3f %9.3f\n", depth,
                100.0 * deepest / total, 100.0 * static_cast<double>(times.size()) / total,
                100.0 * settled[depth] / total, percentile(times, 0.5), percentile(times, 0.95),
                *std::max_element(times.begin(), times.end()));
  }
  std::printf("proven (won or lost, the search stops): %.1f%%\n", 100.0 * proven / total);
  std::printf(
      "'reached in time': the share of positions where that depth completed within %d "
      "ms; 'or proven': also those whose search proved the result sooner and stopped\n",
      options.time_per_move_ms);
  return 0;
}

}  // namespace

void add_bench_alphabeta_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<BenchAlphaBetaOptions>();
  auto* cmd = parent.add_subcommand(
      "alphabeta", "The classical baseline: nodes per second and depth reached per turn");
  cmd->add_option("--variant", options->variant, "Rule variant")
      ->check(CLI::IsMember(variant_names()))
      ->capture_default_str();
  cmd->add_option("--positions", options->positions, "Positions searched")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--time-per-move", options->time_per_move_ms, "Milliseconds per turn")
      ->check(CLI::Range(1, 3600000))
      ->capture_default_str();
  cmd->add_option("--seed", options->seed, "Seed of the games the positions come from")
      ->capture_default_str();
  commands.push_back({cmd, [options] { return run_bench_alphabeta(*options); }});
}

}  // namespace zertz::cli
