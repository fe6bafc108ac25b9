// `zertz play`: a person against the computer in the terminal (frontends/terminal_game.h).
#include <unistd.h>

#include <iostream>

#include "cli/commands.h"
#include "cli/shipped_model.h"
#include "evaluation/player_factory.h"
#include "frontends/board_text.h"
#include "frontends/terminal_game.h"

namespace zertz::cli {

struct PlayOptions {
  std::string model;    // empty: the shipped network (cli/shipped_model.h), else random
  std::string variant;  // empty: the model's variant, else tournament
  bool first = false;   // the person moves first (the default: --first only names it)
  bool second = false;  // the person moves second
  int visits = 200;
  int threads = 1;
  std::uint64_t seed = 1;
};

int run_play(const PlayOptions& options) {
  const std::string model = model_or_shipped(options.model, options.variant, "random");
  frontends::DriverOptions driver_options{model, options.visits, options.threads, options.seed,
                                          evaluation::load_model};
  const Variant& variant =
      options.variant.empty() ? frontends::default_variant(model) : *Variant::find(options.variant);
  frontends::SearchDriver driver(driver_options, variant);
  frontends::GameSession session(variant);
  frontends::TerminalGameOptions game_options;
  game_options.human = options.second ? 1 : 0;
  game_options.colour = frontends::terminal_has_colour(STDOUT_FILENO);
  frontends::TerminalGame(driver, session, game_options, std::cin, std::cout).run();
  return 0;
}

void add_play_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<PlayOptions>();
  auto* cmd = parent.add_subcommand("play", "Play against the computer in the terminal");
  cmd->add_option("--model", options->model,
                  "random, greedy, rollout:N, alphabeta:D, a checkpoint or an exported model "
                  "directory" +
                      shipped_model_help("random"));
  cmd->add_option("--variant", options->variant,
                  "Rule variant (default: the model's, else tournament)")
      ->check(CLI::IsMember(variant_names()));
  // The default; the flag exists so that either side can be named.
  auto* first_flag = cmd->add_flag("--first", options->first, "You move first (the default)");
  cmd->add_flag("--second", options->second, "You move second")->excludes(first_flag);
  cmd->add_option("--visits", options->visits, "Visits per decision (network) and hints")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--threads", options->threads, "Search threads (network)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--seed", options->seed, "Random seed");
  commands.push_back({cmd, [options] { return run_play(*options); }});
}

}  // namespace zertz::cli
