// `zertz analysis`: the JSON analysis engine (docs/analysis-engine.md) on stdin and stdout.
#include <iostream>

#include "cli/commands.h"
#include "cli/shipped_model.h"
#include "evaluation/player_factory.h"
#include "frontends/analysis_engine.h"
#include "frontends/search_driver.h"
#include "mcts/players.h"
#include "mcts/search_overrides.h"
#include "mcts/search_player.h"

namespace zertz::cli {

struct AnalysisCommandOptions {
  std::string model;    // empty: the shipped network (cli/shipped_model.h), else random
  std::string variant;  // empty: the model's variant, else tournament
  frontends::AnalysisOptions engine;
  std::vector<std::string> search;  // a network's search settings, name=value
};

int run_analysis(const AnalysisCommandOptions& options) {
  const std::string model = model_or_shipped(options.model, options.variant, "random");
  const Variant& variant =
      options.variant.empty() ? frontends::default_variant(model) : *Variant::find(options.variant);
  evaluation::PlayerSpec spec;
  spec.name = model;
  spec.search_overrides = options.search;
  evaluation::PlayerFactory factory(spec, variant);
  frontends::AnalysisEngine engine(factory.analysis_evaluator(), factory.analysis_search_params(),
                                   variant, options.engine);
  engine.run(std::cin, std::cout);
  return 0;
}

void add_analysis_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<AnalysisCommandOptions>();
  auto* cmd = parent.add_subcommand(
      "analysis", "JSON analysis engine: one query per line on stdin, one answer per line out");
  cmd->add_option("--model", options->model,
                  "random, greedy, rollout:N, alphabeta:D, a checkpoint or an exported model "
                  "directory" +
                      shipped_model_help("random"));
  cmd->add_option("--variant", options->variant,
                  "Variant of the positions (default: the model's, else tournament)")
      ->check(CLI::IsMember(variant_names()));
  cmd->add_option("--visits", options->engine.visits, "Visits per decision of a query naming none")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--max-visits", options->engine.max_visits, "The most visits a query may ask")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--workers", options->engine.workers, "Queries searched at once")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--search", options->search,
                  "A network's search settings, name=value (repeatable or comma-separated, as "
                  "play.search): " +
                      mcts::search_override_names())
      ->delimiter(',');
  cmd->add_option("--seed", options->engine.seed, "Random seed (query k searches with seed + k)");
  commands.push_back({cmd, [options] { return run_analysis(*options); }});
}

}  // namespace zertz::cli
