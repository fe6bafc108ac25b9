// The config's keys turned into the settings of each part of the training loop.
#pragma once

#include "config/config.h"
#include "distributed/protocol_options.h"
#include "mcts/search_params.h"
#include "nn/batched_evaluator.h"
#include "nn/model_config.h"
#include "training/replay_window.h"
#include "training/selfplay.h"
#include "training/trainer_params.h"

namespace zertz::training {

// Every value is filled from a config::Config (settings_from_config): the defaults live in the
// config schema alone (config/config_schema.cpp), so none is written here.
struct TrainingSettings {
  const Variant* variant = nullptr;
  nn::ModelConfig model;
  SelfPlaySettings selfplay;
  // How players of the trained network search (config::play_search): in-loop evaluation's.
  mcts::SearchParams play_search;
  nn::EvaluatorOptions evaluator;
  TrainerParams trainer;
  WindowParams window;
  int batch_size{};
  double samples_per_new_sample{};
  std::int64_t min_samples{};
  int checkpoint_every_steps{};
  int keep_checkpoints{};                 // 0: keep all (training/checkpoint_retention.h)
  double keep_checkpoint_every_minutes{};
  int training_threads{};
  std::int64_t max_steps{};
  double time_budget_seconds{};
  double progress_seconds{};
  int games_per_shard{};
  int evaluation_every_checkpoints{};
  int evaluation_games{};
  int evaluation_visits{};
  std::vector<std::string> evaluation_opponents;
  int ladder_every_checkpoints{};
  int ladder_games{};
  int ladder_visits{};
  std::vector<std::string> ladder_rungs;  // weakest first (training/ladder_update.h)
  std::string ladder_anchor;
  int gating_games{};
  double gating_threshold{};
  std::uint64_t seed{};
  // distributed: (only under an MPI launch of more than one rank)
  distributed::ProtocolOptions protocol;
  int games_per_message{};
  int learner_selfplay_threads{};
};

// Throws ConfigError when the values contradict each other (checked here, not per key).
TrainingSettings settings_from_config(const config::Config& config);

}  // namespace zertz::training
