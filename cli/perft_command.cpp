#include <chrono>
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "core/perft.h"
#include "core/position.h"
#include "core/turn.h"

namespace zertz::cli {

struct PerftOptions {
  std::string variant = "tournament";
  int depth = 1;
  std::string position;  // a position string; empty for the start
  std::string mode = "turns";
  bool divide = false;
};

int run_perft(const PerftOptions& options) {
  State state(*Variant::find(options.variant));
  if (!options.position.empty()) {
    try {
      state = parse_position_string(options.position);
    } catch (const InputError& e) {
      std::cerr << "error: --position: " << e.what() << "\n";
      return kExitBadInput;
    }
  }
  PerftMode mode = options.mode == "actions" ? PerftMode::kActions : PerftMode::kTurns;
  if (options.divide && options.depth >= 1) {
    if (mode == PerftMode::kTurns) {
      for (const Turn& turn : legal_turns(state)) {
        State next = state;
        apply_turn(next, turn);
        std::cout << format_turn(state, turn) << ": " << perft(next, options.depth - 1, mode)
                  << "\n";
      }
    } else {
      ActionList actions;
      state.legal_actions(actions);
      for (Action a : actions) {
        State next = state;
        next.apply(a);
        std::cout << a.to_string(state.board()) << ": " << perft(next, options.depth - 1, mode)
                  << "\n";
      }
    }
  }
  auto start = std::chrono::steady_clock::now();
  std::uint64_t leaves = perft(state, options.depth, mode);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "perft " << state.variant().name << " depth " << options.depth << " ("
            << options.mode << "): " << leaves << "  [" << seconds << " s]\n";
  return 0;
}

void add_perft_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<PerftOptions>();
  auto* cmd = parent.add_subcommand("perft", "Count the leaves of the game tree");
  cmd->add_option("--variant", options->variant, "Rule variant")
      ->check(CLI::IsMember(variant_names()));
  cmd->add_option("--depth", options->depth, "Depth in plies")->check(CLI::Range(0, 12));
  cmd->add_option("--position", options->position, "Start from this position string");
  cmd->add_option("--mode", options->mode, "Count full turns or atomic actions")
      ->check(CLI::IsMember({"turns", "actions"}));
  cmd->add_flag("--divide", options->divide, "Also print the count below each first move");
  commands.push_back({cmd, [options] { return run_perft(*options); }});
}

}  // namespace zertz::cli
