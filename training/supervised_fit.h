// `zertz fit`: trains a network on a fixed set of self-play games, with no self-play, and
// reports its losses on games it never trains on. Issue 11 asks what value loss can be reached
// at all from a run's games: a fit of the same network says whether self-play's net is short
// of data, of steps or of capacity (a bigger net, a bigger fast head, other targets).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "training/trainer_params.h"

namespace zertz::training {

struct FitOptions {
  std::vector<std::string> games_dirs;  // folders of shards (a run's games/), read in name order
  std::string config = "configs/default.yaml";  // the network, optimiser and targets
  std::vector<std::string> overrides;           // --set lines over the config
  std::int64_t steps = 20000;
  int heldout_every = 10;      // every n-th game is held out, never trained on
  int heldout_samples = 4096;  // the held-out positions, drawn once
  std::int64_t report_every = 1000;
  std::string out;   // a checkpoint written at each report; empty: none
  std::string from;  // start from this checkpoint's weights; empty: random ones
};

struct FitReport {
  std::int64_t step = 0;
  double seconds = 0;
  StepLosses train;  // the mean of the steps since the last report (none at step 0)
  // On the held-out positions, batch norm in inference mode, the value against the games'
  // results alone.
  StepLosses heldout;
};

struct FitData {
  std::int64_t train_games = 0, heldout_games = 0;
  std::int64_t train_samples = 0, heldout_samples = 0;
  // The value loss of a constant prediction, the held-out targets' mean: the floor to beat.
  double constant_value_loss = 0;
};

// Reads the games (InputError naming a folder without shards, a damaged shard or a game of
// another variant than the config's), then trains, calling `on_data` once and `on_report` at
// step 0 (the starting network), every report_every steps and at the end.
void fit_network(const FitOptions& options, const std::function<void(const FitData&)>& on_data,
                 const std::function<void(const FitReport&)>& on_report);

}  // namespace zertz::training
