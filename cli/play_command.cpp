// `zertz play`: a person against the computer in the terminal (frontends/terminal_game.h).
#include <unistd.h>

#include <iostream>

#include "cli/commands.h"
#include "frontends/board_text.h"
#include "frontends/terminal_game.h"

namespace zertz::cli {

int run_play(const PlayOptions& options) {
  frontends::DriverOptions driver_options{options.model, options.visits, options.threads,
                                          options.seed};
  const Variant& variant = options.variant.empty() ? frontends::default_variant(options.model)
                                                   : *Variant::find(options.variant);
  frontends::SearchDriver driver(driver_options, variant);
  frontends::GameSession session(variant);
  frontends::TerminalGameOptions game_options;
  game_options.human = options.second ? 1 : 0;
  game_options.colour = frontends::terminal_has_colour(STDOUT_FILENO);
  frontends::TerminalGame(driver, session, game_options, std::cin, std::cout).run();
  return 0;
}

}  // namespace zertz::cli
