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

  BenchNnOptions bench_nn;
  auto* bench_nn_cmd = bench_cmd->add_subcommand("nn", "Network positions per second and FLOP/s");
  bench_nn_cmd->add_option("--sizes", bench_nn.sizes, "Model sizes")
      ->check(CLI::IsMember({"tiny", "small", "medium", "large"}));
  bench_nn_cmd->add_option("--batches", bench_nn.batches, "Batch sizes")->check(CLI::Range(1, 4096));
  bench_nn_cmd->add_option("--threads", bench_nn.threads, "Intra-op thread counts")->check(CLI::Range(1, 256));
  bench_nn_cmd->add_option("--variant", bench_nn.variant, "Rule variant (board size)")
      ->check(CLI::IsMember(variants));
  bench_nn_cmd->add_option("--seconds", bench_nn.seconds, "Time per measurement")
      ->check(CLI::Range(0.01, 600.0));
  bench_nn_cmd->add_option("--evaluator-size", bench_nn.evaluator_size, "Model size for the evaluator run")
      ->check(CLI::IsMember({"tiny", "small", "medium", "large"}));
  bench_nn_cmd->add_option("--evaluator-batch", bench_nn.evaluator_batch, "Evaluator batch size")
      ->check(CLI::Range(1, 4096));
  bench_nn_cmd->add_option("--evaluator-callers", bench_nn.evaluator_callers, "Threads calling the evaluator")
      ->check(CLI::Range(1, 256));

  BenchMctsOptions bench_mcts;
  auto* bench_mcts_cmd =
      bench_cmd->add_subcommand("mcts", "Search simulations per second (uniform evaluator)");
  bench_mcts_cmd->add_option("--variant", bench_mcts.variant, "Rule variant")
      ->check(CLI::IsMember(variants));
  bench_mcts_cmd->add_option("--visits", bench_mcts.visits, "Visits per search")
      ->check(CLI::Range(1, 10000000));
  bench_mcts_cmd->add_option("--seconds", bench_mcts.seconds, "Time per measure")
      ->check(CLI::Range(0.01, 600.0));
  bench_mcts_cmd->add_option("--seed", bench_mcts.seed, "Seed of the mid-game position");

  ExportOptions export_options;
  auto* export_cmd = app.add_subcommand("export", "Write model.pt (TorchScript) and model.json");
  export_cmd->add_option("checkpoint", export_options.checkpoint, "Checkpoint file")->required();
  export_cmd->add_option("--out", export_options.out, "Output folder")->required();

  InitModelOptions init_model;
  auto* init_model_cmd = app.add_subcommand("init-model", "Write a randomly initialised network");
  init_model_cmd->add_option("--model", init_model.model, "Size: tiny, small, medium, large")
      ->check(CLI::IsMember({"tiny", "small", "medium", "large"}));
  init_model_cmd->add_option("--variant", init_model.variant, "Rule variant")->check(CLI::IsMember(variants));
  init_model_cmd->add_option("--out", init_model.out, "Checkpoint file")->required();
  init_model_cmd->add_option("--seed", init_model.seed, "Random seed");

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
    if (*bench_nn_cmd) return run_bench_nn(bench_nn);
    if (*bench_mcts_cmd) return run_bench_mcts(bench_mcts);
    if (*export_cmd) return run_export(export_options);
    if (*init_model_cmd) return run_init_model(init_model);

    if (*replay_cmd) return run_replay(replay);
    if (*demo_cmd) return run_demo(demo);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 1;
}
