// The config's keys turned into the settings of each part of the training loop.
#pragma once

#include "nn/batched_evaluator.h"
#include "nn/model_config.h"
#include "training/config.h"
#include "training/replay_window.h"
#include "training/selfplay.h"
#include "training/trainer.h"

namespace zertz::training {

struct TrainingSettings {
  const Variant* variant = nullptr;
  nn::ModelConfig model;
  SelfPlaySettings selfplay;
  nn::EvaluatorOptions evaluator;
  TrainerParams trainer;
  WindowParams window;
  int batch_size = 256;
  double samples_per_new_sample = 4;
  std::int64_t min_samples = 2000;
  int checkpoint_every_steps = 200;
  int training_threads = 1;
  std::int64_t max_steps = 0;
  double time_budget_seconds = 0;
  double progress_seconds = 10;
  int games_per_shard = 50;
  int evaluation_every_checkpoints = 5;
  int evaluation_games = 20;
  int evaluation_visits = 100;
  std::vector<std::string> evaluation_opponents;
  int ladder_every_checkpoints = 2;
  int ladder_games = 20;
  std::vector<std::string> ladder_rungs;  // weakest first (training/ladder_update.h)
  std::string ladder_anchor;
  int gating_games = 0;
  double gating_threshold = 0.55;
  std::uint64_t seed = 1;
};

// Throws ConfigError when the values contradict each other (checked here, not per key).
TrainingSettings settings_from_config(const Config& config);

// The search settings a network was trained with that its players keep (the leaf playouts),
// from its run's resolved config (a checkpoint's config_text); none when the text has no
// selfplay.leaf_rollouts (empty, or from before they existed). Throws ConfigError naming
// `source` when the text is not a valid config.
mcts::SearchParams trained_search(const std::string& config_text, const std::string& source);

}  // namespace zertz::training
