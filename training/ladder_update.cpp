#include "training/ladder_update.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

#include "core/atomic_file.h"
#include "nn/checkpoint.h"

namespace zertz::training {

namespace fs = std::filesystem;

namespace {

// FNV-1a: a seed per pair that is the same on every platform.
std::uint64_t hash_of(const std::string& text) {
  std::uint64_t h = 14695981039346656037ULL;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return h;
}

// The training step of a checkpoint label ("step-0000100@200"), or -1 for a baseline.
long long step_of(const std::string& label) {
  if (label.rfind("step-", 0) != 0) return -1;
  return std::atoll(label.c_str() + 5);
}

std::string shell_quoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

void write_csv(const fs::path& path, const std::vector<Rating>& ratings) {
  std::ostringstream csv;
  csv << "player,step,elo,error95,games\n";
  for (const Rating& r : ratings) {
    long long step = step_of(r.player);
    csv << r.player << "," << (step >= 0 ? std::to_string(step) : "") << ",";
    if (r.connected)
      csv << std::lround(r.elo) << "," << std::lround(r.error95);
    else
      csv << ",";
    csv << "," << r.games << "\n";
  }
  write_file_atomically(path.string(), csv.str());
}

}  // namespace

LadderReport update_ladder(const RunDir& run, const LadderOptions& options,
                           const std::function<void(const ArenaReport&)>& on_match) {
  LadderReport report;
  std::vector<PairResult> played = read_arena_results(run.arena_dir());
  if (options.play) {
    std::map<std::string, std::string> spec_of = {{options.baseline, options.baseline},
                                                  {"random", "random"}};
    std::vector<std::string> checkpoints;
    std::vector<fs::path> checkpoint_files = run.checkpoints();
    // Baseline games are played on the run's variant, which its checkpoints carry.
    std::string variant = options.variant;
    if (variant.empty() && !checkpoint_files.empty()) {
      variant = nn::read_checkpoint_info(checkpoint_files.front().string()).variant;
    }
    for (const fs::path& path : checkpoint_files) {
      checkpoints.push_back(player_label(path.string(), options.visits));
      spec_of[checkpoints.back()] = path.string();
    }
    std::vector<ScheduledMatch> schedule = schedule_missing_games(
        checkpoints, options.baseline, "random", played, options.games_per_pair);
    for (const ScheduledMatch& m : schedule) {
      ArenaOptions arena;
      arena.variant = variant;
      arena.games = m.games;
      arena.visits = options.visits;
      arena.threads = options.threads;
      arena.opening_actions = options.opening_actions;
      arena.device = options.device;
      arena.out_dir = run.arena_dir();
      // New games of a pair get new openings: the seed depends on the games it already has.
      double have = 0;
      for (const PairResult& p : played) {
        if ((p.a == m.a && p.b == m.b) || (p.a == m.b && p.b == m.a)) have += p.result.games();
      }
      arena.seed = options.seed + hash_of(m.a + "|" + m.b) + static_cast<std::uint64_t>(have);
      ArenaReport match = run_arena(spec_of.at(m.a), spec_of.at(m.b), arena);
      played.push_back({match.a, match.b, match.result.wdl()});
      if (on_match) on_match(match);
      report.matches.push_back(std::move(match));
    }
  }
  if (played.empty()) return report;

  report.ratings = fit_ratings(played, {"random", options.virtual_draws});
  // The anchor first, then the other baselines by rating, then checkpoints by step.
  std::stable_sort(report.ratings.begin(), report.ratings.end(),
                   [](const Rating& x, const Rating& y) {
                     auto key = [](const Rating& r) {
                       return std::tuple(r.player != "random", step_of(r.player), r.elo);
                     };
                     return key(x) < key(y);
                   });
  report.csv = run.arena_dir() / "elo.csv";
  write_csv(report.csv, report.ratings);
  if (options.plot_script.empty()) return report;
  report.png = run.arena_dir() / "elo.png";
  std::string command = "/usr/bin/python3 " + shell_quoted(options.plot_script.string()) + " " +
                        shell_quoted(report.csv.string()) + " " + shell_quoted(report.png.string());
  if (std::system(command.c_str()) != 0) {
    report.plot_problem = "plotting failed (" + command + "; is python3-matplotlib installed?)";
    report.png.clear();
  }
  return report;
}

}  // namespace zertz::training
