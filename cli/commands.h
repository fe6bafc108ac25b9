// The `zertz` subcommands, each a thin wrapper over the library layers. Each command's file
// registers its own options (CLI11) and the function that runs it; main.cpp adds them all,
// parses the command line and runs the one chosen. A run returns the process exit status
// (core/error.h).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace zertz::cli {

// A registered subcommand: CLI11 parses into its options, and `run` runs it once chosen.
struct Command {
  CLI::App* app;
  std::function<int()> run;
};

// The rule variants' names, for the --variant checks.
const std::vector<std::string>& variant_names();

// Each adds its subcommand to `parent` (the app, or `bench` / `heldout` for theirs).
void add_perft_command(CLI::App& parent, std::vector<Command>& commands);
void add_bench_core_command(CLI::App& parent, std::vector<Command>& commands);
void add_bench_nn_command(CLI::App& parent, std::vector<Command>& commands);
void add_bench_mcts_command(CLI::App& parent, std::vector<Command>& commands);
void add_bench_alphabeta_command(CLI::App& parent, std::vector<Command>& commands);
void add_bench_intake_command(CLI::App& parent, std::vector<Command>& commands);
void add_export_command(CLI::App& parent, std::vector<Command>& commands);
void add_init_model_command(CLI::App& parent, std::vector<Command>& commands);
void add_grow_command(CLI::App& parent, std::vector<Command>& commands);
void add_train_command(CLI::App& parent, std::vector<Command>& commands);
void add_fit_command(CLI::App& parent, std::vector<Command>& commands);
void add_replay_command(CLI::App& parent, std::vector<Command>& commands);
void add_demo_command(CLI::App& parent, std::vector<Command>& commands);
void add_arena_command(CLI::App& parent, std::vector<Command>& commands);
void add_ladder_command(CLI::App& parent, std::vector<Command>& commands);
void add_heldout_make_command(CLI::App& parent, std::vector<Command>& commands);
void add_heldout_eval_command(CLI::App& parent, std::vector<Command>& commands);
void add_engine_command(CLI::App& parent, std::vector<Command>& commands);
void add_analysis_command(CLI::App& parent, std::vector<Command>& commands);
void add_review_command(CLI::App& parent, std::vector<Command>& commands);
void add_play_command(CLI::App& parent, std::vector<Command>& commands);
void add_render_command(CLI::App& parent, std::vector<Command>& commands);

struct BenchMctsOptions {
  std::string variant = "tournament";
  int visits = 10000;             // per search; each search starts a fresh tree
  double seconds = 1.0;           // per measure
  std::uint64_t seed = 1;         // picks the mid-game position
  std::string network = "small";  // self-play against this network size too ("none": skip)
  double network_seconds = 20;    // ... for this long
  int selfplay_threads = 2;       // ... with this many self-play threads
};
// The network part of `bench mcts` (cli/bench_selfplay_network.cpp, which includes torch).
void print_network_selfplay(const BenchMctsOptions& options);

}  // namespace zertz::cli
