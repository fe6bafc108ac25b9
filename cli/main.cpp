// The one executable: `zertz SUBCOMMAND ...` (README.md lists them).
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.h"
#include "core/variant.h"

int main(int argc, char** argv) {
  using namespace zertz::cli;
  CLI::App app{"zertz-zero: a self-taught ZERTZ player"};
  app.require_subcommand(1);
  std::vector<std::string> variants;
  for (const auto* v : zertz::Variant::all()) variants.push_back(v->name);

  PerftOptions perft;
  auto* perft_cmd = app.add_subcommand("perft", "Count the leaves of the game tree");
  perft_cmd->add_option("--variant", perft.variant, "Rule variant")->check(CLI::IsMember(variants));
  perft_cmd->add_option("--depth", perft.depth, "Depth in plies")->check(CLI::Range(0, 12));
  perft_cmd->add_option("--position", perft.position, "Start from this position string");
  perft_cmd->add_option("--mode", perft.mode, "Count full turns or atomic actions")
      ->check(CLI::IsMember({"turns", "actions"}));
  perft_cmd->add_flag("--divide", perft.divide, "Also print the count below each first move");

  auto* bench_cmd = app.add_subcommand("bench", "Benchmarks that print figures");
  bench_cmd->require_subcommand(1);
  BenchCoreOptions bench_core;
  auto* bench_core_cmd = bench_cmd->add_subcommand("core", "Random games and actions per second");
  bench_core_cmd->add_option("--seconds", bench_core.seconds, "Time per measure")
      ->check(CLI::Range(0.01, 600.0));
  bench_core_cmd->add_option("--seed", bench_core.seed, "Random seed");

  ReplayOptions replay;
  auto* replay_cmd =
      app.add_subcommand("replay", "Replay game records (.sgf from boardspace, or ours)");
  replay_cmd->add_option("paths", replay.paths, "Files or folders")->required();
  replay_cmd->add_flag("--quiet", replay.quiet, "Print the summary only");

  DemoOptions demo;
  auto* demo_cmd = app.add_subcommand("demo", "Play and print a game between two random players");
  demo_cmd->add_option("--variant", demo.variant, "Rule variant")->check(CLI::IsMember(variants));
  demo_cmd->add_option("--seed", demo.seed, "Random seed");
  demo_cmd->add_option("--out", demo.out, "Also save the game record to this file");

  CLI11_PARSE(app, argc, argv);
  try {
    if (*perft_cmd) return run_perft(perft);
    if (*bench_core_cmd) return run_bench_core(bench_core);

    if (*replay_cmd) return run_replay(replay);
    if (*demo_cmd) return run_demo(demo);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 1;
}
