#include "training/supervised_fit.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <limits>

#include "config/config.h"
#include "core/error.h"
#include "nn/checkpoint.h"
#include "training/game_shard.h"
#include "training/replay_window.h"
#include "training/run_dir.h"
#include "training/settings.h"
#include "training/trainer.h"
#include "training/training_batch.h"

namespace zertz::training {

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> shards_in(const std::string& dir) {
  if (!fs::is_directory(dir)) throw InputError(dir + ": not a folder of game shards");
  std::vector<fs::path> shards = shard_files(dir);
  if (shards.empty()) throw InputError(dir + ": no game shards (shard-*.zzg)");
  return shards;
}

// sum += w * l, field by field; a head the net lacks (-1) stays at -1.
void add_scaled(StepLosses& sum, const StepLosses& l, double w) {
  auto add = [w](double& total, double x) {
    if (x >= 0) total = std::max(total, 0.0) + w * x;
  };
  add(sum.policy, l.policy);
  add(sum.value, l.value);
  add(sum.fast_value, l.fast_value);
  add(sum.total, l.total);
  add(sum.outcome_parts, l.outcome_parts);
  add(sum.fast_outcome_parts, l.fast_outcome_parts);
  add(sum.soft_policy, l.soft_policy);
}

// Held-out losses in chunks (bounded memory), weighted by each chunk's size.
StepLosses evaluate(Trainer& trainer, const TrainingBatch& heldout) {
  const std::int64_t n = heldout.inputs.size(0), chunk = 512;
  StepLosses mean;
  for (std::int64_t start = 0; start < n; start += chunk) {
    const std::int64_t len = std::min(chunk, n - start);
    const torch::Tensor& parts = heldout.outcome_parts;
    StepLosses l =
        trainer.evaluate(heldout.inputs.narrow(0, start, len), heldout.policy.narrow(0, start, len),
                         heldout.value.narrow(0, start, len),
                         parts.defined() ? parts.narrow(0, start, len) : torch::Tensor());
    add_scaled(mean, l, static_cast<double>(len) / static_cast<double>(n));
  }
  return mean;
}

double constant_value_loss(const torch::Tensor& value) {
  auto mean = value.mean(0).clamp_min(1e-12);
  return -(value * mean.log().unsqueeze(0)).sum(1).mean().item<double>();
}

}  // namespace

void fit_network(const FitOptions& options, const std::function<void(const FitData&)>& on_data,
                 const std::function<void(const FitReport&)>& on_report) {
  if (options.games_dirs.empty()) throw InputError("fit: give --games FOLDER");
  const config::Config config = config::Config::load(options.config, options.overrides);
  const TrainingSettings s = settings_from_config(config);
  const Variant& variant = *s.variant;
  const bool with_parts = s.model.outcome_parts;

  // Everything fits in the windows: a fit samples all of its games alike.
  WindowParams whole = s.window;
  whole.min_samples = std::numeric_limits<std::int64_t>::max() / 4;
  whole.max_samples = 0;
  // Held-out positions are drawn evenly and scored against the games' results alone, whatever
  // mix of targets the network trains on (training.search_value_weight).
  WindowParams judged = whole;
  judged.search_value_weight = 0;
  judged.policy_surprise_weight = 0;
  ReplayWindow train(whole, variant), heldout(judged, variant);
  FitData data;
  std::int64_t serial = 0;
  for (const std::string& dir : options.games_dirs) {
    for (const fs::path& shard : shards_in(dir)) {
      ShardPrefix read = read_shard_prefix(shard.string());
      if (!read.problem.empty()) {
        std::fprintf(stderr, "warning: %s; the games before it are used\n", read.problem.c_str());
      }
      for (TrainingGame& game : read.games) {
        if (game.variant != variant.name) {
          throw InputError(shard.string() + ": a game of " + game.variant + ", not " +
                           variant.name + " as the config says (run.variant)");
        }
        const bool held = ++serial % options.heldout_every == 0;
        (held ? data.heldout_games : data.train_games) += 1;
        (held ? heldout : train).add(std::move(game));
      }
    }
  }
  data.train_samples = train.window_samples();
  data.heldout_samples = heldout.window_samples();
  if (data.train_samples == 0 || data.heldout_samples == 0) {
    throw InputError("fit: " + std::to_string(data.train_games) + " training and " +
                     std::to_string(data.heldout_games) +
                     " held-out games hold no full-search positions on one side; give more games");
  }

  Rng rng(s.seed);
  torch::manual_seed(s.seed);
  at::set_num_threads(s.training_threads);
  Rng heldout_rng(s.seed ^ 0x4e1d011ULL);
  // Drawn once, so that every report scores the same positions (both windows hold some).
  TrainingBatch held;
  held.draw(heldout, options.heldout_samples, with_parts, heldout_rng);
  data.constant_value_loss = constant_value_loss(held.value);
  on_data(data);

  Trainer trainer(nn::ZertzNet(s.model), s.trainer);
  if (!options.from.empty()) nn::load_checkpoint(options.from, trainer.net(), nullptr);
  FitReport first;
  first.heldout = evaluate(trainer, held);
  on_report(first);
  const auto start = std::chrono::steady_clock::now();
  StepLosses since;
  std::int64_t steps_since = 0;
  TrainingBatch batch;
  for (std::int64_t step = 1; step <= options.steps; ++step) {
    batch.draw(train, s.batch_size, with_parts, rng);
    add_scaled(since, trainer.step(batch.inputs, batch.policy, batch.value, batch.outcome_parts),
               1.0);
    ++steps_since;
    if (step % options.report_every != 0 && step != options.steps) continue;
    FitReport report;
    report.step = step;
    report.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    add_scaled(report.train, since, 1.0 / static_cast<double>(steps_since));
    report.heldout = evaluate(trainer, held);
    since = StepLosses();
    steps_since = 0;
    if (!options.out.empty()) {
      nn::CheckpointInfo info;
      info.model = s.model;
      info.variant = variant.name;
      info.step = step;
      info.config_text = config.to_yaml();
      info.counters = {{"fit_games", data.train_games}};
      nn::save_checkpoint(options.out, info, trainer.net(), &trainer.optimizer());
    }
    on_report(report);
  }
}

}  // namespace zertz::training
