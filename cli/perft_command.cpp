#include <chrono>
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "core/perft.h"
#include "core/position.h"
#include "core/turn.h"

namespace zertz::cli {

int run_perft(const PerftOptions& options) {
  State state(*Variant::find(options.variant));
  if (!options.position.empty()) {
    try {
      state = parse_position_string(options.position);
    } catch (const InputError& e) {
      std::cerr << "error: --position: " << e.what() << "\n";
      return 2;
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

}  // namespace zertz::cli
