#include "training/settings.h"

#include <algorithm>
#include <sstream>

#include "config/search_settings.h"
#include "core/error.h"
#include "mcts/players.h"
#include "training/ladder_update.h"

namespace zertz::training {

TrainingSettings settings_from_config(const config::Config& c) {
  TrainingSettings s;
  s.variant = Variant::find(c.get_string("run.variant"));
  s.seed = static_cast<std::uint64_t>(c.get_int("run.seed"));
  s.time_budget_seconds = 60.0 * c.get_double("run.time_budget_minutes");
  s.progress_seconds = c.get_double("run.progress_seconds");
  s.model = nn::ModelConfig::named(c.get_string("model.size"));
  // A size's tower can be reshaped (the heads keep the size's widths); checkpoints record
  // the whole shape, so a reshaped net loads anywhere.
  int blocks = c.get_int("model.blocks"), channels = c.get_int("model.channels");
  if (blocks > 0) s.model.blocks = blocks;
  if (channels > 0) s.model.channels = channels;
  if (blocks > 0 || channels > 0) s.model.name = "custom";
  s.model.fast_value_channels = c.get_int("model.fast_value_channels");
  s.model.fast_value_hidden = c.get_int("model.fast_value_hidden");
  s.model.outcome_parts = c.get_bool("model.outcome_parts");
  s.model.soft_policy = c.get_bool("model.soft_policy");

  s.selfplay.search = config::selfplay_search(c);
  if (s.selfplay.search.fast_value_weight > 0 && s.model.fast_value_channels == 0) {
    throw config::ConfigError(
        "selfplay.fast_value_weight > 0 needs a fast value head: set model.fast_value_channels");
  }
  s.play_search = config::play_search(c);
  if (s.play_search.fast_value_weight > 0 && s.model.fast_value_channels == 0) {
    throw config::ConfigError(
        "play.search: fast_value_weight > 0 needs a fast value head: set "
        "model.fast_value_channels");
  }
  s.selfplay.threads = c.get_int("selfplay.threads");
  s.selfplay.games.games_in_flight = c.get_int("selfplay.games_in_flight");
  s.selfplay.games.max_turns = c.get_int("selfplay.max_turns");
  s.selfplay.games.seed = s.seed;
  s.games_per_shard = c.get_int("selfplay.games_per_shard");

  s.evaluator.max_batch = c.get_int("evaluator.max_batch");
  s.evaluator.deadline_us = c.get_int("evaluator.deadline_us");
  s.evaluator.cache_entries = static_cast<std::size_t>(c.get_int("evaluator.cache_entries"));
  s.evaluator.random_symmetry = c.get_bool("evaluator.random_symmetry");
  s.evaluator.intra_op_threads = c.get_int("evaluator.intra_op_threads");
  s.evaluator.device = c.get_string("run.device");
  s.evaluator.backend = c.get_string("evaluator.backend");
  s.evaluator.seed = s.seed;

  s.batch_size = c.get_int("training.batch_size");
  s.trainer.learning_rate = c.get_double("training.learning_rate");
  s.trainer.warmup_steps = c.get_int("training.lr_warmup_steps");
  s.trainer.decay_every_steps = c.get_int("training.lr_decay_every_steps");
  s.trainer.decay_factor = c.get_double("training.lr_decay_factor");
  s.trainer.weight_decay = c.get_double("training.weight_decay");
  s.trainer.value_loss_weight = c.get_double("training.value_loss_weight");
  s.trainer.fast_value_loss_weight = c.get_double("training.fast_value_loss_weight");
  s.trainer.outcome_parts_loss_weight = c.get_double("training.outcome_parts_loss_weight");
  s.trainer.soft_policy_loss_weight = c.get_double("training.soft_policy_loss_weight");
  s.samples_per_new_sample = c.get_double("training.samples_per_new_sample");
  s.min_samples = c.get_int("training.min_samples");
  s.window.min_samples = c.get_int("training.window_min_samples");
  s.window.exponent = c.get_double("training.window_exponent");
  s.window.scale = c.get_double("training.window_scale");
  s.window.max_samples = c.get_int("training.window_max_samples");
  s.window.search_value_weight = c.get_double("training.search_value_weight");
  s.window.policy_surprise_weight = c.get_double("training.policy_surprise_weight");
  s.window.outcome_parts = s.model.outcome_parts;
  s.checkpoint_every_steps = c.get_int("training.checkpoint_every_steps");
  s.keep_checkpoints = c.get_int("training.keep_checkpoints");
  s.keep_checkpoint_every_minutes = c.get_double("training.keep_checkpoint_every_minutes");
  s.training_threads = c.get_int("training.threads");
  s.max_steps = c.get_int("training.max_steps");

  s.evaluation_every_checkpoints = c.get_int("evaluation.every_checkpoints");
  s.evaluation_games = c.get_int("evaluation.games");
  s.evaluation_visits = c.get_int("evaluation.visits");
  s.protocol.max_unacked_messages = c.get_int("distributed.max_unacked_messages");
  s.protocol.heartbeat_seconds = c.get_double("distributed.heartbeat_seconds");
  s.protocol.silence_warn_seconds = c.get_double("distributed.silence_warn_seconds");
  s.protocol.silence_abort_seconds = c.get_double("distributed.silence_abort_seconds");
  s.protocol.broadcast_weights_bytes =
      static_cast<std::size_t>(c.get_double("distributed.broadcast_weights_megabytes") * 1e6);
  s.games_per_message = c.get_int("distributed.games_per_message");
  s.learner_selfplay_threads = c.get_int("distributed.learner_selfplay_threads");
  if (s.protocol.silence_abort_seconds <= s.protocol.heartbeat_seconds) {
    throw config::ConfigError(
        "distributed.silence_abort_seconds must exceed distributed.heartbeat_seconds, or every "
        "actor would be taken for dead between two heartbeats");
  }
  s.ladder_every_checkpoints = c.get_int("evaluation.ladder_every_checkpoints");
  s.ladder_games = c.get_int("evaluation.ladder_games");
  s.ladder_visits = c.get_int("evaluation.ladder_visits");
  try {
    s.ladder_rungs =
        parse_ladder_rungs(c.get_string("evaluation.ladder_rungs"), "evaluation.ladder_rungs");
  } catch (const InputError& e) {
    throw config::ConfigError(e.what());
  }
  s.ladder_anchor = c.get_string("evaluation.ladder_anchor");
  if (std::find(s.ladder_rungs.begin(), s.ladder_rungs.end(), s.ladder_anchor) ==
      s.ladder_rungs.end()) {
    throw config::ConfigError("evaluation.ladder_anchor: '" + s.ladder_anchor +
                              "' is not allowed; expected one of evaluation.ladder_rungs");
  }
  s.gating_games = c.get_int("evaluation.gating_games");
  s.gating_threshold = c.get_double("evaluation.gating_threshold");
  std::stringstream opponents(c.get_string("evaluation.opponents"));
  for (std::string name; std::getline(opponents, name, ',');) {
    if (name.empty()) continue;
    if (name != "previous" && !mcts::is_baseline_spec(name)) {
      throw config::ConfigError(
          "evaluation.opponents: '" + name +
          "' is not allowed; expected a comma-separated list of random, greedy, "
          "rollout:N, previous");
    }
    s.evaluation_opponents.push_back(name);
  }
  if (s.min_samples < s.batch_size) {
    throw config::ConfigError("training.min_samples: " + std::to_string(s.min_samples) +
                              " is not allowed; expected at least training.batch_size (" +
                              std::to_string(s.batch_size) + ")");
  }
  return s;
}

}  // namespace zertz::training
