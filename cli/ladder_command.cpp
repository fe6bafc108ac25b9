// `zertz ladder RUN_DIR`: plays the games a run's ladder is missing and rates every player.
#include <cstdio>
#include <filesystem>

#include "cli/commands.h"
#include "core/error.h"
#include "training/ladder_update.h"

namespace zertz::cli {

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

int run_ladder(const LadderOptions& options) {
  // A typo must not make a new, empty run directory.
  if (!std::filesystem::is_regular_file(std::filesystem::path(options.run_dir) / "config.yaml"))
    throw InputError(options.run_dir + ": not a run directory (it has no config.yaml)");
  training::RunDir run(options.run_dir);
  training::LadderOptions ladder;
  ladder.games_per_pair = options.games_per_pair;
  ladder.visits = options.visits;
  ladder.threads = options.threads;
  if (!options.rungs.empty()) ladder.rungs = training::parse_ladder_rungs(options.rungs, "--rungs");
  if (!options.anchor.empty()) ladder.anchor = options.anchor;
  ladder.seed = options.seed;
  ladder.play = !options.no_play;
  ladder.plot_script = ZERTZ_PLOT_ELO_SCRIPT;
  auto on_match = [](const evaluation::ArenaReport& m) {
    std::printf("played %s vs %s: W %d D %d L %d\n", m.a.c_str(), m.b.c_str(), m.result.wins,
                m.result.draws, m.result.losses);
    std::fflush(stdout);
  };
  training::LadderReport report = training::update_ladder(run, ladder, on_match);
  if (report.ratings.empty()) {
    std::printf("no games yet in %s\n", run.arena_dir().c_str());
    return 0;
  }
  std::printf("%-24s %8s %8s %8s\n", "player", "elo", "+-95%", "games");
  for (const evaluation::Rating& r : report.ratings) {
    if (r.connected) {
      std::printf("%-24s %+8.0f %8.0f %8.0f\n", r.player.c_str(), r.elo, r.error95, r.games);
    } else {
      std::printf("%-24s %8s %8s %8.0f  (no games linking it to %s)\n", r.player.c_str(), "-", "-",
                  r.games, ladder.anchor.c_str());
    }
  }
  for (const training::RungScore& rung : report.newest_against_rungs) {
    evaluation::ScoreInterval s = evaluation::score_interval(rung.result);
    std::printf("%s against %s: %.1f%% [%.1f, %.1f] (%.0f games)\n", report.newest.c_str(),
                rung.rung.c_str(), 100 * s.score, 100 * s.low, 100 * s.high, rung.result.games());
  }
  std::printf("ratings written to %s\n", report.csv.c_str());
  if (!report.png.empty()) std::printf("plot written to %s\n", report.png.c_str());
  if (!report.plot_problem.empty())
    std::fprintf(stderr, "warning: %s\n", report.plot_problem.c_str());
  return 0;
}

void add_ladder_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<LadderOptions>();
  auto* cmd = parent.add_subcommand("ladder",
                                    "Rate a run's checkpoints and baselines (plays missing games)");
  cmd->add_option("run_dir", options->run_dir, "Run directory")->required();
  cmd->add_option("--games", options->games_per_pair, "Games per pair of players")
      ->check(CLI::Range(2, 1000000));
  cmd->add_option("--visits", options->visits, "Visits per decision of a checkpoint")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--threads", options->threads, "Games played at once")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--rungs", options->rungs,
                  std::string("Fixed opponents, weakest first, comma-separated (random, "
                              "greedy, rollout:N; default ") +
                      training::default_ladder_rungs_text() + ")");
  cmd->add_option("--anchor", options->anchor,
                  "The rung rated 0 (default " + training::default_ladder_anchor() + ")");
  cmd->add_option("--seed", options->seed, "Random seed");
  cmd->add_flag("--no-play", options->no_play, "Only rate the games already played");
  commands.push_back({cmd, [options] { return run_ladder(*options); }});
}

}  // namespace zertz::cli
