// `zertz ladder` as a library call (the training loop runs it too): reads every match of a run's
// arena/, plays the games the ladder still needs, rates every player and writes arena/elo.csv
// and arena/elo.png.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "evaluation/arena.h"
#include "evaluation/ladder.h"
#include "training/run_dir.h"

namespace zertz::training {

// Parses "rollout:50,alphabeta:2": baselines (mcts::is_baseline_spec, none timed), at
// least one; throws InputError naming `what` and the item otherwise.
std::vector<std::string> parse_ladder_rungs(const std::string& text, const std::string& what);

// The config schema's evaluation.ladder_rungs and evaluation.ladder_anchor: the one source of
// the ladder's defaults, for a run and for `zertz ladder`.
std::string default_ladder_rungs_text();
std::string default_ladder_anchor();

struct LadderOptions {
  std::string variant;  // empty: the checkpoints' variant (tournament when there are none)
  int games_per_pair = 20;
  int visits = 200;  // of every checkpoint
  int threads = 4;
  // Fixed opponents, weakest first (ladder.h: evaluation::schedule_ladder_games), and the one rated
  // 0.
  std::vector<std::string> rungs =
      parse_ladder_rungs(default_ladder_rungs_text(), "the default rungs");
  std::string anchor = default_ladder_anchor();
  int opening_actions = 2;
  std::uint64_t seed = 1;
  std::string device = "auto";
  std::string backend = "auto";
  bool play = true;  // false: only rate the games already played
  // Rate every checkpoint of the run (`zertz ladder`); false: only the newest and those that
  // already have games, for a run whose checkpoints come faster than the ladder can rate them
  // (the training loop: the tiny net writes one every 30 s).
  bool rate_backlog = true;
  double virtual_draws = 1.0;
  std::filesystem::path plot_script;  // scripts/plot_elo.py; empty: no picture
};

// The training step of a checkpoint's label ("step-0000100@200"), or -1 for a baseline.
long long checkpoint_step(const std::string& label);

// The newest checkpoint's games against one rung.
struct RungScore {
  std::string rung;
  evaluation::Wdl result;  // from the checkpoint's side
};

struct LadderReport {
  std::vector<evaluation::ArenaReport> matches;  // played now
  std::vector<evaluation::Rating> ratings;       // anchor first, then the other rungs, then by step
  std::string newest;                            // the newest checkpoint's label; empty without one
  std::vector<RungScore> newest_against_rungs;   // weakest rung first
  std::filesystem::path csv, png;
  std::string plot_problem;  // why elo.png was not written, if it was not
};

// `on_match` hears of each match as it ends (for progress output).
LadderReport update_ladder(
    const RunDir& run, const LadderOptions& options,
    const std::function<void(const evaluation::ArenaReport&)>& on_match = {});

}  // namespace zertz::training
