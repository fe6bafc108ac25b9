// `zertz arena A B`: a match between two players, with its Elo difference and optionally the SPRT.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "core/error.h"
#include "evaluation/arena.h"
#include "mcts/search_overrides.h"

namespace zertz::cli {

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
  std::string backend = "auto";  // a network's forward-pass engine
};

namespace {

// "elo0,elo1" or "elo0,elo1,alpha,beta".
evaluation::SprtParams parse_sprt(const std::string& text) {
  std::vector<double> values;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    try {
      std::size_t used = 0;
      values.push_back(std::stod(item, &used));
      if (used != item.size()) throw std::invalid_argument(item);
    } catch (const std::exception&) {
      throw InputError("--sprt: expected a number, found '" + item + "'");
    }
  }
  if (values.size() != 2 && values.size() != 4) {
    throw InputError("--sprt: expected elo0,elo1 or elo0,elo1,alpha,beta, found '" + text + "'");
  }
  evaluation::SprtParams sprt{values[0], values[1]};
  if (values.size() == 4) sprt.alpha = values[2], sprt.beta = values[3];
  if (sprt.elo0 >= sprt.elo1) throw InputError("--sprt: elo0 must be below elo1");
  for (double p : {sprt.alpha, sprt.beta}) {
    if (!(p > 0 && p < 0.5)) throw InputError("--sprt: alpha and beta must lie in (0, 0.5)");
  }
  return sprt;
}

}  // namespace

int run_arena(const ArenaOptions& options) {
  evaluation::ArenaOptions arena;
  arena.variant = options.variant;
  arena.games = options.games;
  arena.visits = options.visits;
  arena.time_per_turn_ms = options.time_per_move_ms;
  arena.leaf_rollouts = options.leaf_rollouts;
  arena.rollout_weight = options.rollout_weight;
  arena.search_overrides = options.search;
  arena.threads = options.threads;
  arena.seed = options.seed;
  arena.opening_actions = options.opening_actions;
  arena.out_dir = options.out;
  arena.backend = options.backend;
  if (!options.sprt.empty()) arena.sprt = parse_sprt(options.sprt);
  // A progress line every 10 seconds: games, score so far, rate and time left.
  auto start = std::chrono::steady_clock::now(), last = start;
  arena.on_progress = [&](const evaluation::MatchResult& so_far) {
    auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::seconds(10) || so_far.games() >= options.games) return;
    last = now;
    double seconds = std::chrono::duration<double>(now - start).count();
    double rate = so_far.games() / seconds;
    std::fprintf(stderr,
                 "  %d/%d games, +%d =%d -%d (score %.1f%%), %.2f games/s, about %.0f s left\n",
                 so_far.games(), options.games, so_far.wins, so_far.draws, so_far.losses,
                 100 * so_far.score(), rate, (options.games - so_far.games()) / rate);
  };
  evaluation::ArenaReport report = evaluation::run_arena(options.a, options.b, arena);

  const evaluation::MatchResult& r = report.result;
  std::printf("arena: %s vs %s, %s, %d games, seed %llu%s\n", report.a.c_str(), report.b.c_str(),
              report.variant.c_str(), r.games(), static_cast<unsigned long long>(options.seed),
              options.time_per_move_ms > 0
                  ? (", " + std::to_string(options.time_per_move_ms) + " ms per turn").c_str()
                  : "");
  std::printf("%s: W %d D %d L %d, score %.3f, Elo %s (95%%)\n", report.a.c_str(), r.wins, r.draws,
              r.losses, r.score(), evaluation::format_elo(report.elo).c_str());
  if (arena.sprt) {
    std::printf("sprt elo0 %g elo1 %g alpha %g beta %g: LLR %.2f in [%.2f, %.2f], %s\n",
                arena.sprt->elo0, arena.sprt->elo1, arena.sprt->alpha, arena.sprt->beta,
                report.llr.value_or(0), arena.sprt->lower_bound(), arena.sprt->upper_bound(),
                evaluation::to_string(report.decision));
  }
  std::printf("results appended to %s; records in %s\n", (arena.out_dir / "arena.jsonl").c_str(),
              report.records_dir.c_str());
  return 0;
}

void add_arena_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<ArenaOptions>();
  auto* cmd = parent.add_subcommand("arena", "A match between two players: score, Elo, SPRT");
  cmd->add_option("a", options->a,
                  "First player: random, greedy, rollout:N, rollout:auto, alphabeta:D, "
                  "alphabeta:auto, a checkpoint or an exported model directory")
      ->required();
  cmd->add_option("b", options->b, "Second player")->required();
  cmd->add_option("--games", options->games, "Games (at most, with --sprt)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--visits", options->visits, "Visits per decision of a network player")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--time-per-move", options->time_per_move_ms,
                  "Milliseconds per turn for both sides (networks, rollout:auto, alphabeta:auto) "
                  "instead of visits")
      ->check(CLI::Range(1, 86400000));
  cmd->add_option("--leaf-rollouts", options->leaf_rollouts,
                  "Random playouts per evaluated position of a network (default: as trained)")
      ->check(CLI::Range(0, 10000));
  cmd->add_option("--rollout-weight", options->rollout_weight,
                  "Share of the playouts in a network's leaf value (default: as trained)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--search", options->search,
                  "A network's search settings, name=value (repeatable or comma-separated, as "
                  "play.search): " +
                      mcts::search_override_names())
      ->delimiter(',');
  cmd->add_option("--threads", options->threads, "Games played at once")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--variant", options->variant, "Rule variant (default: a checkpoint's)")
      ->check(CLI::IsMember(variant_names()));
  cmd->add_option("--seed", options->seed, "Random seed (openings and players)");
  cmd->add_option("--sprt", options->sprt, "Stop when the SPRT decides: elo0,elo1[,alpha,beta]");
  cmd->add_option("--opening-actions", options->opening_actions, "Random actions opening a pair")
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--backend", options->backend,
                  "A network's forward-pass engine: auto (eigen for a tiny net's small batches "
                  "on the CPU), libtorch or eigen")
      ->check(CLI::IsMember({"auto", "libtorch", "eigen"}));
  cmd->add_option("--out", options->out,
                  "Folder for arena.jsonl (one line per match) and games/ (the records)");
  commands.push_back({cmd, [options] { return run_arena(*options); }});
}

}  // namespace zertz::cli
