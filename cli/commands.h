// The `zertz` subcommands, each a thin wrapper over the library layers. main.cpp parses the
// command line (CLI11) and calls these; each returns the process exit code.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zertz::cli {

struct PerftOptions {
  std::string variant = "tournament";
  int depth = 1;
  std::string position;  // a position string; empty for the start
  std::string mode = "turns";
  bool divide = false;
};
int run_perft(const PerftOptions& options);

struct BenchCoreOptions {
  double seconds = 1.0;  // per variant and measure
  std::uint64_t seed = 1;
};
int run_bench_core(const BenchCoreOptions& options);

struct ReplayOptions {
  std::vector<std::string> paths;
  bool quiet = false;  // summary only
};
int run_replay(const ReplayOptions& options);

struct DemoOptions {
  std::string variant = "basic";
  std::uint64_t seed = 1;
  std::string out;  // write the game record here too
};
int run_demo(const DemoOptions& options);

struct ExportOptions {
  std::string checkpoint;
  std::string out;
};
int run_export(const ExportOptions& options);

struct InitModelOptions {
  std::string model = "small";
  std::string variant = "basic";
  std::string out;
  std::uint64_t seed = 1;
};
int run_init_model(const InitModelOptions& options);

struct BenchNnOptions {
  std::vector<std::string> sizes = {"tiny", "small", "medium", "large"};
  std::vector<int> batches = {1, 8, 32, 64, 128, 256};
  std::vector<int> threads = {1, 2};
  std::string variant = "tournament";
  double seconds = 0.5;                  // per measurement
  std::string evaluator_size = "small";  // the BatchedEvaluator measurement
  int evaluator_batch = 64;
  int evaluator_callers = 8;
  std::string device = "auto";  // auto (CUDA when available), cpu or cuda
};
int run_bench_nn(const BenchNnOptions& options);

struct BenchMctsOptions {
  std::string variant = "tournament";
  int visits = 10000;             // per search; each search starts a fresh tree
  double seconds = 1.0;           // per measure
  std::uint64_t seed = 1;         // picks the mid-game position
  std::string network = "small";  // self-play against this network size too ("none": skip)
  double network_seconds = 20;    // ... for this long
  int selfplay_threads = 2;       // ... with this many self-play threads
};
int run_bench_mcts(const BenchMctsOptions& options);
// The network part of `bench mcts` (cli/bench_selfplay_network.cpp, which includes torch).
void print_network_selfplay(const BenchMctsOptions& options);

// `zertz heldout make` and `zertz heldout eval` (evaluation/heldout.h).
struct HeldoutMakeCliOptions {
  std::string variant = "basic";
  int games = 100;
  int play_visits = 400;
  int search_visits = 5000;
  int positions_per_game = 5;
  int threads = 2;
  std::uint64_t seed = 20261202;
  std::string out;
};
int run_heldout_make(const HeldoutMakeCliOptions& options);

struct HeldoutEvalOptions {
  std::string network;  // a checkpoint or an exported model
  std::string set;      // the held-out set (JSONL)
  bool json = false;    // one JSON line of figures instead of the text report
};
int run_heldout_eval(const HeldoutEvalOptions& options);

// `zertz train`: see training/train_loop.h (TrainOptions).
int run_train(const std::string& config, const std::string& run_dir,
              const std::vector<std::string>& overrides);

struct ArenaOptions {
  std::string a, b;  // random, greedy, rollout:N, rollout:auto or a checkpoint path
  int games = 100;
  int visits = 200;          // per decision of a network player
  int time_per_move_ms = 0;  // per turn of both sides; 0: visits
  std::optional<int> leaf_rollouts;
  std::optional<float> rollout_weight;
  std::vector<std::string> search;  // "name=value" search settings of a network
  int threads = 4;
  std::string variant;  // empty: a checkpoint's, else tournament
  std::uint64_t seed = 1;
  std::string sprt;  // "elo0,elo1[,alpha,beta]"; empty: no SPRT
  int opening_actions = 2;
  std::string out = "arena";
};
int run_arena(const ArenaOptions& options);

struct LadderOptions {
  std::string run_dir;
  int games_per_pair = 20;
  int visits = 200;
  int threads = 4;
  std::string rungs;   // weakest first, comma-separated; empty: the ladder's default rungs
  std::string anchor;  // empty: the ladder's default anchor
  std::uint64_t seed = 1;
  bool no_play = false;  // rate the games already played, play none
};
int run_ladder(const LadderOptions& options);

// Front ends (frontends/). MODEL: random, greedy, rollout:N or a checkpoint file.
struct EngineOptions {
  std::string model = "random";
  std::string variant;  // empty: a checkpoint's variant, else tournament
  int visits = 200;     // per atomic decision of a network, and for analysis
  int threads = 1;      // search threads of a network
  std::uint64_t seed = 1;
};
int run_engine(const EngineOptions& options);

struct PlayOptions {
  std::string model = "random";
  std::string variant;  // empty: a checkpoint's variant, else tournament
  bool second = false;  // the person moves second
  int visits = 200;
  int threads = 1;
  std::uint64_t seed = 1;
};
int run_play(const PlayOptions& options);

struct RenderOptions {
  std::string input;  // a position string or a game record file (.zertz or .sgf)
  std::string out;    // FILE.svg or FILE.html
};
int run_render(const RenderOptions& options);

}  // namespace zertz::cli
