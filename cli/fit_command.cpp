// `zertz fit`: a network trained on a fixed set of games, its held-out losses printed as it
// learns (training/supervised_fit.h).
#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "training/supervised_fit.h"

namespace zertz::cli {

namespace {

struct FitCliOptions {
  training::FitOptions fit;
  bool json = false;
};

nlohmann::json losses_json(const training::StepLosses& l) {
  nlohmann::json j = {{"policy", l.policy}, {"value", l.value}};
  if (l.fast_value >= 0) j["fast_value"] = l.fast_value;
  if (l.outcome_parts >= 0) j["outcome_parts"] = l.outcome_parts;
  if (l.soft_policy >= 0) j["soft_policy"] = l.soft_policy;
  if (l.fast_outcome_parts >= 0) j["fast_outcome_parts"] = l.fast_outcome_parts;
  return j;
}

std::string losses_text(const training::StepLosses& l) {
  std::string text = fmt::format("policy {:.3f} value {:.3f}", l.policy, l.value);
  if (l.fast_value >= 0) text += fmt::format(" fast {:.3f}", l.fast_value);
  if (l.outcome_parts >= 0) text += fmt::format(" parts {:.3f}", l.outcome_parts);
  if (l.soft_policy >= 0) text += fmt::format(" soft {:.3f}", l.soft_policy);
  if (l.fast_outcome_parts >= 0) text += fmt::format(" fast parts {:.3f}", l.fast_outcome_parts);
  return text;
}

int run_fit(const FitCliOptions& options) {
  const std::int64_t steps = options.fit.steps;
  training::fit_network(
      options.fit,
      [&](const training::FitData& d) {
        if (options.json) {
          nlohmann::json line = {{"event", "data"},
                                 {"train_games", d.train_games},
                                 {"heldout_games", d.heldout_games},
                                 {"train_samples", d.train_samples},
                                 {"heldout_samples", d.heldout_samples},
                                 {"constant_value_loss", d.constant_value_loss}};
          std::printf("%s\n", line.dump().c_str());
        } else {
          std::printf(
              "fit: %lld games to train on (%lld positions), %lld held out (%lld positions); "
              "a constant value scores %.3f on them\n",
              static_cast<long long>(d.train_games), static_cast<long long>(d.train_samples),
              static_cast<long long>(d.heldout_games), static_cast<long long>(d.heldout_samples),
              d.constant_value_loss);
        }
        std::fflush(stdout);
      },
      [&](const training::FitReport& r) {
        if (options.json) {
          nlohmann::json line = {{"event", "report"},
                                 {"step", r.step},
                                 {"seconds", r.seconds},
                                 {"heldout", losses_json(r.heldout)}};
          if (r.step > 0) line["train"] = losses_json(r.train);
          std::printf("%s\n", line.dump().c_str());
        } else if (r.step == 0) {
          std::printf("step 0 | held out %s\n", losses_text(r.heldout).c_str());
        } else {
          const double left =
              r.seconds / static_cast<double>(r.step) * static_cast<double>(steps - r.step);
          std::printf("step %lld/%lld | train %s | held out %s | %.0f s, about %.0f s left\n",
                      static_cast<long long>(r.step), static_cast<long long>(steps),
                      losses_text(r.train).c_str(), losses_text(r.heldout).c_str(), r.seconds,
                      left);
        }
        std::fflush(stdout);
      });
  return 0;
}

}  // namespace

void add_fit_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<FitCliOptions>();
  auto* cmd = parent.add_subcommand(
      "fit", "Train a network on a fixed set of games; print its losses on held-out games");
  cmd->add_option("--games", options->fit.games_dirs, "Folders of game shards (a run's games/)")
      ->required()
      ->take_all();
  cmd->add_option("--config", options->fit.config, "YAML config: the network and optimiser");
  cmd->add_option("--set", options->fit.overrides, "Override a key: section.key=value")->take_all();
  cmd->add_option("--steps", options->fit.steps, "Optimiser steps")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1000000000}));
  cmd->add_option("--heldout-every", options->fit.heldout_every,
                  "Every n-th game is held out, never trained on")
      ->check(CLI::Range(2, 1000000));
  cmd->add_option("--heldout-positions", options->fit.heldout_samples,
                  "Held-out positions scored at each report")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--report-every", options->fit.report_every, "Steps between reports")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1000000000}));
  cmd->add_option("--out", options->fit.out, "Checkpoint written at each report");
  cmd->add_option("--from", options->fit.from,
                  "Start from this checkpoint's weights (its shape must be the config's)");
  cmd->add_flag("--json", options->json, "JSON lines instead of text");
  commands.push_back({cmd, [options] { return run_fit(*options); }});
}

}  // namespace zertz::cli
