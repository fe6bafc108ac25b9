// `zertz demo`: a game between two uniformly random players, printed turn by turn.
#include <iostream>

#include "cli/commands.h"
#include "core/atomic_file.h"
#include "core/game.h"
#include "core/position.h"
#include "core/record.h"
#include "core/replay.h"
#include "core/turn.h"
#include "core/utc_time.h"

namespace zertz::cli {

struct DemoOptions {
  std::string variant = "basic";
  std::uint64_t seed = 1;
  std::string out;  // write the game record here too
};

int run_demo(const DemoOptions& options) {
  const Variant& variant = *Variant::find(options.variant);
  Rng rng(options.seed);
  Game game{State(variant)};
  GameRecord record;
  record.variant = variant.name;
  record.player1 = "random";
  record.player2 = "random";
  std::cout << "demo: " << variant.name << ", random vs random, seed " << options.seed << "\n";
  while (!game.is_terminal()) {
    State before = game.state();
    Turn turn;
    int mover = before.to_move();
    while (!game.is_terminal() && game.state().to_move() == mover) {
      Action a = game.state().random_action(rng);
      turn.actions.push_back(a);
      game.apply(a);
    }
    std::string text = format_turn(before, turn);
    record.turns.push_back(text);
    std::cout << game.turns_played() << ". P" << mover + 1 << " " << text << "\n";
  }
  record.date = utc_now("%Y-%m-%d");
  record.result = result_string(game.outcome());
  record.termination = game.ended_by_repetition() ? "repetition" : "normal";
  const State& end = game.state();
  std::cout << "final position: " << to_position_string(end) << "\n";
  std::cout << "captured: P1 W" << end.captured(0)[0] << " G" << end.captured(0)[1] << " B"
            << end.captured(0)[2] << ", P2 W" << end.captured(1)[0] << " G" << end.captured(1)[1]
            << " B" << end.captured(1)[2] << "\n";
  std::cout << "result: " << record.result << " after " << game.turns_played() << " turns\n";
  if (!options.out.empty()) {
    write_file_atomically(options.out, format_record(record));
    std::cout << "record written to " << options.out << "\n";
  }
  return 0;
}

void add_demo_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<DemoOptions>();
  auto* cmd = parent.add_subcommand("demo", "Play and print a game between two random players");
  cmd->add_option("--variant", options->variant, "Rule variant")
      ->check(CLI::IsMember(variant_names()));
  cmd->add_option("--seed", options->seed, "Random seed");
  cmd->add_option("--out", options->out, "Also save the game record to this file");
  commands.push_back({cmd, [options] { return run_demo(*options); }});
}

}  // namespace zertz::cli
