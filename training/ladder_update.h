// `zertz ladder` as a library call (the training loop runs it too): reads every match of a run's
// arena/, plays the games the ladder still needs, rates every player and writes arena/elo.csv
// and arena/elo.png.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "training/arena.h"
#include "training/ladder.h"
#include "training/run_dir.h"

namespace zertz::training {

struct LadderOptions {
  std::string variant;  // empty: the checkpoints' variant (tournament when there are none)
  int games_per_pair = 20;
  int visits = 200;  // of every checkpoint
  int threads = 4;
  std::string baseline = "random";  // each checkpoint's baseline opponent; `random` anchors 0
  int opening_actions = 2;
  std::uint64_t seed = 1;
  std::string device = "auto";
  bool play = true;  // false: only rate the games already played
  double virtual_draws = 1.0;
  std::filesystem::path plot_script;  // scripts/plot_elo.py; empty: no picture
};

struct LadderReport {
  std::vector<ArenaReport> matches;  // played now
  std::vector<Rating> ratings;       // anchor first, then by checkpoint step
  std::filesystem::path csv, png;
  std::string plot_problem;  // why elo.png was not written, if it was not
};

// `on_match` hears of each match as it ends (for progress output).
LadderReport update_ladder(const RunDir& run, const LadderOptions& options,
                           const std::function<void(const ArenaReport&)>& on_match = {});

}  // namespace zertz::training
