#include "training/ladder_update.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

#include "config/config.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/process.h"
#include "mcts/players.h"
#include "nn/checkpoint_info.h"

namespace zertz::training {

namespace fs = std::filesystem;

namespace {

// FNV-1a: a seed per pair that is the same on every platform.
std::uint64_t hash_of(const std::string& text) {
  std::uint64_t h = 14695981039346656037ULL;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return h;
}

void write_csv(const fs::path& path, const std::vector<evaluation::Rating>& ratings) {
  std::ostringstream csv;
  csv << "player,step,elo,error95,games\n";
  for (const evaluation::Rating& r : ratings) {
    long long step = checkpoint_step(r.player);
    csv << r.player << "," << (step >= 0 ? std::to_string(step) : "") << ",";
    if (r.connected)
      csv << std::lround(r.elo) << "," << std::lround(r.error95);
    else
      csv << ",";
    csv << "," << r.games << "\n";
  }
  write_file_atomically(path.string(), csv.str());
}

bool has_games(const std::vector<evaluation::PairResult>& played, const std::string& player) {
  return std::any_of(played.begin(), played.end(), [&](const evaluation::PairResult& pair) {
    return pair.a == player || pair.b == player;
  });
}

}  // namespace

long long checkpoint_step(const std::string& label) {
  if (label.rfind("step-", 0) != 0) return -1;
  return std::atoll(label.c_str() + 5);
}

std::string default_ladder_rungs_text() {
  return config::Config().get_string("evaluation.ladder_rungs");
}

std::string default_ladder_anchor() {
  return config::Config().get_string("evaluation.ladder_anchor");
}

std::vector<std::string> parse_ladder_rungs(const std::string& text, const std::string& what) {
  std::vector<std::string> rungs;
  std::stringstream items(text);
  for (std::string item; std::getline(items, item, ',');) {
    if (item.empty()) continue;
    if (!mcts::is_baseline_spec(item) || item.ends_with(":auto")) {
      throw InputError(what + ": '" + item +
                       "' is not a rung; expected random, greedy, rollout:N or alphabeta:D, "
                       "comma-separated");
    }
    mcts::make_player(item, 0, 0);  // refuses rollout:0 and the like now
    rungs.push_back(item);
  }
  if (rungs.empty()) throw InputError(what + ": expected at least one rung, found '" + text + "'");
  return rungs;
}

LadderReport update_ladder(const RunDir& run, const LadderOptions& options,
                           const std::function<void(const evaluation::ArenaReport&)>& on_match) {
  LadderReport report;
  if (std::find(options.rungs.begin(), options.rungs.end(), options.anchor) ==
      options.rungs.end()) {
    throw InputError("ladder: the anchor '" + options.anchor + "' is not one of its rungs");
  }
  std::vector<evaluation::PairResult> played = evaluation::read_arena_results(run.arena_dir());
  std::map<std::string, std::string> spec_of;
  for (const std::string& rung : options.rungs) spec_of[rung] = rung;
  std::vector<std::string> checkpoints;
  std::vector<fs::path> checkpoint_files = run.checkpoints();
  for (const fs::path& path : checkpoint_files) {
    std::string label = evaluation::player_label(path.string(), options.visits);
    bool newest = &path == &checkpoint_files.back();
    if (!options.rate_backlog && !newest && !has_games(played, label)) continue;
    checkpoints.push_back(label);
    spec_of[label] = path.string();
  }
  // Rung games are played on the run's variant, which its checkpoints carry.
  std::string variant = options.variant;
  if (variant.empty() && !checkpoint_files.empty()) {
    variant = nn::read_checkpoint_info(checkpoint_files.front().string()).variant;
  }
  // Each round's games depend on the ratings the earlier rounds gave; every round but the
  // last plays something, and a checkpoint climbs at most one rung a round. Without a
  // checkpoint there is nothing to rate, and the rungs' own games wait for one.
  const bool play = options.play && !checkpoints.empty();
  for (std::size_t round = 0; play && round < options.rungs.size() + 2; ++round) {
    std::map<std::string, double> ratings;
    if (!played.empty()) {
      try {
        for (const evaluation::Rating& r :
             evaluation::fit_ratings(played, {options.anchor, options.virtual_draws})) {
          if (r.connected) ratings[r.player] = r.elo;
        }
      } catch (const std::invalid_argument&) {
        // The anchor has no games yet: no ratings this round.
      }
    }
    std::vector<evaluation::ScheduledMatch> schedule = evaluation::schedule_ladder_games(
        checkpoints, options.rungs, played, ratings, options.games_per_pair);
    if (schedule.empty()) break;
    for (const evaluation::ScheduledMatch& m : schedule) {
      evaluation::ArenaOptions arena;
      arena.variant = variant;
      arena.games = m.games;
      arena.visits = options.visits;
      arena.threads = options.threads;
      arena.opening_actions = options.opening_actions;
      arena.device = options.device;
      arena.backend = options.backend;
      arena.out_dir = run.arena_dir();
      // New games of a pair get new openings: the seed depends on the games it already has.
      double have = evaluation::games_between(played, m.a, m.b).games();
      arena.seed = options.seed + hash_of(m.a + "|" + m.b) + static_cast<std::uint64_t>(have);
      evaluation::ArenaReport match =
          evaluation::run_arena(spec_of.at(m.a), spec_of.at(m.b), arena);
      played.push_back({match.a, match.b, match.result.wdl()});
      if (on_match) on_match(match);
      report.matches.push_back(std::move(match));
    }
  }
  if (!checkpoints.empty()) {
    report.newest = checkpoints.back();
    for (const std::string& rung : options.rungs) {
      evaluation::Wdl result = evaluation::games_between(played, report.newest, rung);
      if (result.games() > 0) report.newest_against_rungs.push_back({rung, result});
    }
  }
  if (played.empty()) return report;

  try {
    report.ratings = evaluation::fit_ratings(played, {options.anchor, options.virtual_draws});
  } catch (const std::invalid_argument&) {
    return report;  // games, but none of the anchor's yet (--no-play)
  }
  // The anchor first, then the other baselines by rating, then checkpoints by step.
  std::stable_sort(report.ratings.begin(), report.ratings.end(),
                   [&](const evaluation::Rating& x, const evaluation::Rating& y) {
                     auto key = [&](const evaluation::Rating& r) {
                       return std::tuple(r.player != options.anchor, checkpoint_step(r.player),
                                         r.elo);
                     };
                     return key(x) < key(y);
                   });
  report.csv = run.arena_dir() / "elo.csv";
  write_csv(report.csv, report.ratings);
  if (options.plot_script.empty()) return report;
  report.png = run.arena_dir() / "elo.png";
  std::vector<std::string> command = {"/usr/bin/python3", options.plot_script.string(),
                                      report.csv.string(), report.png.string()};
  if (run_process(command) != 0) {
    report.plot_problem = "plotting failed (/usr/bin/python3 " + options.plot_script.string() +
                          " ...; is python3-matplotlib installed?)";
    report.png.clear();
  }
  return report;
}

}  // namespace zertz::training
