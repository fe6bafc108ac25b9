// The one executable: `zertz SUBCOMMAND ...` (README.md lists them).
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.h"
#include "core/variant.h"
#include "mcts/search_overrides.h"
#include "training/ladder_update.h"

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
  bench_nn_cmd->add_option("--batches", bench_nn.batches, "Batch sizes")
      ->check(CLI::Range(1, 4096));
  bench_nn_cmd->add_option("--threads", bench_nn.threads, "Intra-op thread counts")
      ->check(CLI::Range(1, 256));
  bench_nn_cmd->add_option("--variant", bench_nn.variant, "Rule variant (board size)")
      ->check(CLI::IsMember(variants));
  bench_nn_cmd->add_option("--seconds", bench_nn.seconds, "Time per measurement")
      ->check(CLI::Range(0.01, 600.0));
  bench_nn_cmd
      ->add_option("--evaluator-size", bench_nn.evaluator_size, "Model size for the evaluator run")
      ->check(CLI::IsMember({"tiny", "small", "medium", "large"}));
  bench_nn_cmd->add_option("--evaluator-batch", bench_nn.evaluator_batch, "Evaluator batch size")
      ->check(CLI::Range(1, 4096));
  bench_nn_cmd
      ->add_option("--evaluator-callers", bench_nn.evaluator_callers,
                   "Threads calling the evaluator")
      ->check(CLI::Range(1, 256));
  bench_nn_cmd->add_option("--device", bench_nn.device, "auto (CUDA when available), cpu or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));

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
  bench_mcts_cmd
      ->add_option("--network", bench_mcts.network,
                   "Also self-play with this network size (none: skip)")
      ->check(CLI::IsMember({"none", "tiny", "small", "medium", "large"}));
  bench_mcts_cmd
      ->add_option("--network-seconds", bench_mcts.network_seconds, "Time of the network self-play")
      ->check(CLI::Range(1.0, 3600.0));
  bench_mcts_cmd
      ->add_option("--selfplay-threads", bench_mcts.selfplay_threads,
                   "Self-play threads with the network")
      ->check(CLI::Range(1, 64));

  ExportOptions export_options;
  auto* export_cmd = app.add_subcommand("export", "Write model.pt (TorchScript) and model.json");
  export_cmd->add_option("checkpoint", export_options.checkpoint, "Checkpoint file")->required();
  export_cmd->add_option("--out", export_options.out, "Output folder")->required();

  InitModelOptions init_model;
  auto* init_model_cmd = app.add_subcommand("init-model", "Write a randomly initialised network");
  init_model_cmd->add_option("--model", init_model.model, "Size: tiny, small, medium, large")
      ->check(CLI::IsMember({"tiny", "small", "medium", "large"}));
  init_model_cmd->add_option("--variant", init_model.variant, "Rule variant")
      ->check(CLI::IsMember(variants));
  init_model_cmd->add_option("--out", init_model.out, "Checkpoint file")->required();
  init_model_cmd->add_option("--seed", init_model.seed, "Random seed");

  std::string train_config = "configs/default.yaml", train_run_dir = "runs/default";
  std::vector<std::string> train_overrides;
  auto* train_cmd =
      app.add_subcommand("train", "Self-play and training in a run directory (resumes)");
  train_cmd->add_option("--config", train_config,
                        "YAML config (ignored when the run directory has one)");
  train_cmd->add_option("--run-dir", train_run_dir, "Run directory");
  // scripts/train.sh names the default config and run directory; a later flag replaces them.
  for (const char* name : {"--config", "--run-dir"}) {
    train_cmd->get_option(name)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  }
  train_cmd->add_option("--set", train_overrides, "Override a key: section.key=value")->take_all();

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

  ArenaOptions arena;
  auto* arena_cmd = app.add_subcommand("arena", "A match between two players: score, Elo, SPRT");
  arena_cmd
      ->add_option("a", arena.a,
                   "First player: random, greedy, rollout:N, rollout:auto, a checkpoint or an "
                   "exported model directory")
      ->required();
  arena_cmd->add_option("b", arena.b, "Second player")->required();
  arena_cmd->add_option("--games", arena.games, "Games (at most, with --sprt)")
      ->check(CLI::Range(1, 1000000));
  arena_cmd->add_option("--visits", arena.visits, "Visits per decision of a network player")
      ->check(CLI::Range(1, 10000000));
  arena_cmd
      ->add_option(
          "--time-per-move", arena.time_per_move_ms,
          "Milliseconds per turn for both sides (networks, rollout:auto) instead of visits")
      ->check(CLI::Range(1, 86400000));
  arena_cmd
      ->add_option("--leaf-rollouts", arena.leaf_rollouts,
                   "Random playouts per evaluated position of a network (default: as trained)")
      ->check(CLI::Range(0, 10000));
  arena_cmd
      ->add_option("--rollout-weight", arena.rollout_weight,
                   "Share of the playouts in a network's leaf value (default: as trained)")
      ->check(CLI::Range(0.0, 1.0));
  arena_cmd->add_option("--search", arena.search,
                        "A network's search setting, name=value (repeatable): " +
                            zertz::mcts::search_override_names());
  arena_cmd->add_option("--threads", arena.threads, "Games played at once")
      ->check(CLI::Range(1, 1024));
  arena_cmd->add_option("--variant", arena.variant, "Rule variant (default: a checkpoint's)")
      ->check(CLI::IsMember(variants));
  arena_cmd->add_option("--seed", arena.seed, "Random seed (openings and players)");
  arena_cmd->add_option("--sprt", arena.sprt, "Stop when the SPRT decides: elo0,elo1[,alpha,beta]");
  arena_cmd->add_option("--opening-actions", arena.opening_actions, "Random actions opening a pair")
      ->check(CLI::Range(0, 1000));
  arena_cmd->add_option("--out", arena.out, "Folder for arena.jsonl and games/");

  LadderOptions ladder;
  auto* ladder_cmd =
      app.add_subcommand("ladder", "Rate a run's checkpoints and baselines (plays missing games)");
  ladder_cmd->add_option("run_dir", ladder.run_dir, "Run directory")->required();
  ladder_cmd->add_option("--games", ladder.games_per_pair, "Games per pair of players")
      ->check(CLI::Range(2, 1000000));
  ladder_cmd->add_option("--visits", ladder.visits, "Visits per decision of a checkpoint")
      ->check(CLI::Range(1, 10000000));
  ladder_cmd->add_option("--threads", ladder.threads, "Games played at once")
      ->check(CLI::Range(1, 1024));
  ladder_cmd->add_option("--rungs", ladder.rungs,
                         std::string("Fixed opponents, weakest first, comma-separated (random, "
                                     "greedy, rollout:N; default ") +
                             zertz::training::kDefaultLadderRungs + ")");
  ladder_cmd->add_option(
      "--anchor", ladder.anchor,
      std::string("The rung rated 0 (default ") + zertz::training::kDefaultLadderAnchor + ")");
  ladder_cmd->add_option("--seed", ladder.seed, "Random seed");
  ladder_cmd->add_flag("--no-play", ladder.no_play, "Only rate the games already played");

  auto* heldout_cmd =
      app.add_subcommand("heldout", "Held-out positions: judge a network without matches");
  heldout_cmd->require_subcommand(1);
  HeldoutMakeCliOptions heldout_make;
  auto* heldout_make_cmd = heldout_cmd->add_subcommand(
      "make", "Play rollout games and label positions by a deep search");
  heldout_make_cmd->add_option("--out", heldout_make.out, "The set's file (JSONL)")->required();
  heldout_make_cmd->add_option("--variant", heldout_make.variant, "Rule variant")
      ->check(CLI::IsMember(variants));
  heldout_make_cmd->add_option("--games", heldout_make.games, "Games to draw positions from")
      ->check(CLI::Range(1, 1000000));
  heldout_make_cmd
      ->add_option("--play-visits", heldout_make.play_visits,
                   "Playouts per decision of the players")
      ->check(CLI::Range(1, 10000000));
  heldout_make_cmd
      ->add_option("--search-visits", heldout_make.search_visits,
                   "Playouts per decision of the labelling search")
      ->check(CLI::Range(1, 10000000));
  heldout_make_cmd
      ->add_option("--positions-per-game", heldout_make.positions_per_game,
                   "Decisions drawn from each game")
      ->check(CLI::Range(1, 10000));
  heldout_make_cmd->add_option("--threads", heldout_make.threads, "Games played at once")
      ->check(CLI::Range(1, 1024));
  heldout_make_cmd->add_option("--seed", heldout_make.seed, "Random seed");
  HeldoutEvalOptions heldout_eval;
  auto* heldout_eval_cmd =
      heldout_cmd->add_subcommand("eval", "A network's raw value and policy on a held-out set");
  heldout_eval_cmd->add_option("network", heldout_eval.network, "A checkpoint or an exported model")
      ->required();
  heldout_eval_cmd->add_option("--set", heldout_eval.set, "The held-out set (JSONL)")->required();
  heldout_eval_cmd->add_flag("--json", heldout_eval.json, "One JSON line of figures");

  EngineOptions engine;
  auto* engine_cmd = app.add_subcommand("engine", "Speak the engine protocol on stdin/stdout");
  engine_cmd->add_option("--model", engine.model, "random, greedy, rollout:N or a checkpoint");
  engine_cmd
      ->add_option("--variant", engine.variant,
                   "Starting variant (default: the model's, else tournament)")
      ->check(CLI::IsMember(variants));
  engine_cmd->add_option("--visits", engine.visits, "Visits per decision (network) and analysis")
      ->check(CLI::Range(1, 10000000));
  engine_cmd->add_option("--threads", engine.threads, "Search threads (network)")
      ->check(CLI::Range(1, 256));
  engine_cmd->add_option("--seed", engine.seed, "Random seed");

  PlayOptions play;
  auto* play_cmd = app.add_subcommand("play", "Play against the computer in the terminal");
  play_cmd->add_option("--model", play.model, "random, greedy, rollout:N or a checkpoint");
  play_cmd
      ->add_option("--variant", play.variant,
                   "Rule variant (default: the model's, else tournament)")
      ->check(CLI::IsMember(variants));
  bool play_first = false;  // the default; the flag exists so that either side can be named
  auto* first_flag = play_cmd->add_flag("--first", play_first, "You move first (the default)");
  play_cmd->add_flag("--second", play.second, "You move second")->excludes(first_flag);
  play_cmd->add_option("--visits", play.visits, "Visits per decision (network) and hints")
      ->check(CLI::Range(1, 10000000));
  play_cmd->add_option("--threads", play.threads, "Search threads (network)")
      ->check(CLI::Range(1, 256));
  play_cmd->add_option("--seed", play.seed, "Random seed");

  RenderOptions render;
  auto* render_cmd = app.add_subcommand("render", "Draw a position (SVG) or a game viewer (HTML)");
  render_cmd->add_option("input", render.input, "A position string or a game record (.zertz, .sgf)")
      ->required();
  render_cmd->add_option("--out", render.out, "FILE.svg or FILE.html")->required();

  CLI11_PARSE(app, argc, argv);
  try {
    if (*perft_cmd) return run_perft(perft);
    if (*train_cmd) return run_train(train_config, train_run_dir, train_overrides);
    if (*bench_core_cmd) return run_bench_core(bench_core);
    if (*bench_nn_cmd) return run_bench_nn(bench_nn);
    if (*bench_mcts_cmd) return run_bench_mcts(bench_mcts);
    if (*export_cmd) return run_export(export_options);
    if (*init_model_cmd) return run_init_model(init_model);

    if (*replay_cmd) return run_replay(replay);
    if (*demo_cmd) return run_demo(demo);
    if (*arena_cmd) return run_arena(arena);
    if (*ladder_cmd) return run_ladder(ladder);
    if (*heldout_make_cmd) return run_heldout_make(heldout_make);
    if (*heldout_eval_cmd) return run_heldout_eval(heldout_eval);
    if (*engine_cmd) return run_engine(engine);
    if (*play_cmd) return run_play(play);
    if (*render_cmd) return run_render(render);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 1;
}
