// `zertz engine`: the engine protocol (docs/engine-protocol.md) on stdin and stdout.
#include <iostream>

#include "cli/commands.h"
#include "cli/shipped_model.h"
#include "evaluation/player_factory.h"
#include "frontends/engine.h"

namespace zertz::cli {

struct EngineOptions {
  std::string model;    // empty: the shipped network (cli/shipped_model.h), else random
  std::string variant;  // empty: the model's variant, else tournament
  int visits = 200;     // per atomic decision of a network, and for analysis
  int threads = 1;      // search threads of a network
  std::uint64_t seed = 1;
};

int run_engine(const EngineOptions& options) {
  const std::string model = model_or_shipped(options.model, options.variant, "random");
  frontends::DriverOptions driver{model, options.visits, options.threads, options.seed,
                                  evaluation::load_model};
  const Variant& variant =
      options.variant.empty() ? frontends::default_variant(model) : *Variant::find(options.variant);
  frontends::Engine engine(driver, variant);
  engine.run(std::cin, std::cout);
  return 0;
}

void add_engine_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<EngineOptions>();
  auto* cmd = parent.add_subcommand("engine", "Speak the engine protocol on stdin/stdout");
  cmd->add_option("--model", options->model,
                  "random, greedy, rollout:N, alphabeta:D, a checkpoint or an exported model "
                  "directory" +
                      shipped_model_help("random"));
  cmd->add_option("--variant", options->variant,
                  "Starting variant (default: the model's, else tournament)")
      ->check(CLI::IsMember(variant_names()));
  cmd->add_option("--visits", options->visits, "Visits per decision (network) and analysis")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--threads", options->threads, "Search threads (network)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--seed", options->seed, "Random seed");
  commands.push_back({cmd, [options] { return run_engine(*options); }});
}

}  // namespace zertz::cli
