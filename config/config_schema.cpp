// Every config key: name, type, default, allowed values. configs/default.yaml documents each
// one, in this order (a test checks that the two agree).
#include "config/config.h"
#include "nn/model_config.h"

namespace zertz::config {

namespace {

KeySpec integer(std::string name, int value, double min, double max) {
  return {std::move(name), KeyType::kInt, std::to_string(value), min, max, {}};
}
KeySpec number(std::string name, std::string value, double min, double max) {
  return {std::move(name), KeyType::kFloat, std::move(value), min, max, {}};
}
KeySpec flag(std::string name, bool value) {
  return {std::move(name), KeyType::kBool, value ? "true" : "false", 0, 0, {}};
}
KeySpec choice(std::string name, std::string value, std::vector<std::string> choices) {
  return {std::move(name), KeyType::kString, std::move(value), 0, 0, std::move(choices)};
}
KeySpec text(std::string name, std::string value) {
  return {std::move(name), KeyType::kString, std::move(value), 0, 0, {}};
}

}  // namespace

const std::vector<KeySpec>& config_schema() {
  static const std::vector<KeySpec> schema = {
      choice("run.variant", "basic", {"basic", "tournament", "tournament-48", "tournament-61"}),
      integer("run.seed", 1, 0, 2147483647),
      choice("run.device", "auto", {"auto", "cpu", "cuda"}),
      number("run.time_budget_minutes", "20", 0, 1e7),
      number("run.progress_seconds", "10", 0.1, 3600),

      choice("model.size", "tiny", nn::ModelConfig::names()),
      integer("model.blocks", 0, 0, 64),
      integer("model.channels", 0, 0, 1024),
      integer("model.fast_value_channels", 16, 0, 256),
      integer("model.fast_value_hidden", 32, 1, 1024),
      flag("model.outcome_parts", false),
      flag("model.soft_policy", false),

      integer("selfplay.threads", 1, 1, 256),
      integer("selfplay.games_in_flight", 48, 1, 4096),
      integer("selfplay.full_visits", 800, 1, 1000000),
      integer("selfplay.cheap_visits", 200, 0, 1000000),
      number("selfplay.full_search_probability", "0.4", 0, 1),
      number("selfplay.cpuct", "3", 0, 100),
      number("selfplay.fpu_reduction", "0", 0, 2),
      number("selfplay.fpu_reduction_root", "0", 0, 2),
      number("selfplay.dirichlet_epsilon", "0.25", 0, 1),
      number("selfplay.dirichlet_total_alpha", "10", 0.001, 1000),
      number("selfplay.temperature_start", "0.8", 0, 10),
      number("selfplay.temperature_end", "0.2", 0, 10),
      number("selfplay.temperature_halflife_turns", "10", 0, 1000),
      number("selfplay.forced_playouts_k", "2", 0, 100),
      flag("selfplay.prune_policy_target", true),
      flag("selfplay.reuse_tree", true),
      integer("selfplay.leaf_rollouts", 0, 0, 10000),
      number("selfplay.rollout_weight", "1", 0, 1),
      number("selfplay.prior_temperature", "3", 0.01, 100),
      integer("selfplay.evaluate_after_visits", 1000000, 0, 100000000),
      number("selfplay.fast_value_weight", "1", 0, 1),
      number("selfplay.fast_value_decay_visits", "0", 0, 1e9),
      flag("selfplay.gumbel", true),
      integer("selfplay.gumbel_considered", 16, 1, 1000),
      number("selfplay.gumbel_c_visit", "50", 0, 100000),
      number("selfplay.gumbel_c_scale", "1", 0, 1000),
      integer("selfplay.max_turns", 200, 0, 100000),
      integer("selfplay.games_per_shard", 50, 1, 100000),

      // Search settings over the trained search for the network's players
      // (config/search_settings.h).
      text("play.search", "leaf_rollouts=1,fast_value_weight=0.5"),

      integer("evaluator.max_batch", 64, 1, 8192),
      integer("evaluator.deadline_us", 1000, 0, 10000000),
      integer("evaluator.cache_entries", 65536, 0, 1 << 28),
      flag("evaluator.random_symmetry", true),
      integer("evaluator.intra_op_threads", 1, 1, 256),
      choice("evaluator.backend", "auto", {"auto", "libtorch", "eigen"}),

      integer("training.batch_size", 256, 1, 65536),
      number("training.learning_rate", "0.001", 1e-7, 10),
      integer("training.lr_warmup_steps", 100, 0, 100000000),
      integer("training.lr_decay_every_steps", 0, 0, 100000000),
      number("training.lr_decay_factor", "0.5", 0.001, 1),
      number("training.weight_decay", "0.0001", 0, 1),
      number("training.value_loss_weight", "1.0", 0, 100),
      number("training.fast_value_loss_weight", "1.0", 0, 100),
      number("training.outcome_parts_loss_weight", "1.0", 0, 100),
      number("training.soft_policy_loss_weight", "8.0", 0, 100),
      number("training.samples_per_new_sample", "6", 0.01, 1000),
      integer("training.min_samples", 1000, 1, 100000000),
      integer("training.window_min_samples", 20000, 1, 100000000),
      number("training.window_exponent", "0.75", 0.01, 1),
      number("training.window_scale", "0.4", 0, 10),
      integer("training.window_max_samples", 1000000, 0, 1000000000),
      number("training.search_value_weight", "0", 0, 1),
      number("training.policy_surprise_weight", "0", 0, 1),
      integer("training.checkpoint_every_steps", 50, 1, 100000000),
      integer("training.keep_checkpoints", 20, 0, 100000000),
      number("training.keep_checkpoint_every_minutes", "10", 0, 1000000),
      integer("training.threads", 1, 1, 256),
      integer("training.max_steps", 0, 0, 2000000000),

      integer("evaluation.every_checkpoints", 6, 0, 1000000),
      integer("evaluation.games", 10, 0, 100000),
      integer("evaluation.visits", 64, 1, 1000000),
      text("evaluation.opponents", "random,rollout:100,previous"),
      integer("evaluation.ladder_every_checkpoints", 2, 0, 1000000),
      integer("evaluation.ladder_games", 20, 1, 100000),
      integer("evaluation.ladder_visits", 200, 1, 1000000),
      // The ladder's rungs: in basic Zertz each rollout rung beats the one before it 80-85% of
      // the time, so a network of any strength so far has a rung not far from 50%; the
      // classical alpha-beta searcher at depth 2 is the rung a network must pass (`zertz
      // ladder` takes its defaults from here too).
      text("evaluation.ladder_rungs",
           "rollout:50,rollout:200,rollout:1000,rollout:5000,alphabeta:2"),
      text("evaluation.ladder_anchor", "rollout:200"),
      integer("evaluation.gating_games", 0, 0, 100000),
      number("evaluation.gating_threshold", "0.55", 0, 1),

      integer("distributed.games_per_message", 8, 1, 100000),
      integer("distributed.max_unacked_messages", 4, 1, 1000),
      number("distributed.heartbeat_seconds", "10", 0.01, 3600),
      number("distributed.silence_warn_seconds", "30", 0.01, 86400),
      number("distributed.silence_abort_seconds", "300", 0.1, 86400),
      number("distributed.broadcast_weights_megabytes", "8", 0, 100000),
      integer("distributed.learner_selfplay_threads", 0, 0, 256),
  };
  return schema;
}

}  // namespace zertz::config
