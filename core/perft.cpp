#include "core/perft.h"

namespace zertz {

namespace {

std::uint64_t perft_actions(const State& state, int depth) {
  if (depth == 0) return 1;
  ActionList actions;
  state.legal_actions(actions);
  if (depth == 1) return static_cast<std::uint64_t>(actions.size);
  std::uint64_t total = 0;
  for (Action a : actions) {
    State next = state;
    next.apply(a);
    total += perft_actions(next, depth - 1);
  }
  return total;
}

// Walks the atomic actions of one turn; at each turn's end, goes one ply deeper.
std::uint64_t perft_turns(const State& state, int depth, int mover) {
  ActionList actions;
  state.legal_actions(actions);
  std::uint64_t total = 0;
  for (Action a : actions) {
    State next = state;
    next.apply(a);
    if (next.to_move() == mover && !next.is_terminal()) {
      total += perft_turns(next, depth, mover);
    } else if (depth == 1) {
      ++total;
    } else if (!next.is_terminal()) {
      total += perft_turns(next, depth - 1, next.to_move());
    }
  }
  return total;
}

}  // namespace

std::uint64_t perft(const State& state, int depth, PerftMode mode) {
  if (depth <= 0) return 1;
  if (mode == PerftMode::kActions) return perft_actions(state, depth);
  if (state.is_terminal()) return 0;
  return perft_turns(state, depth, state.to_move());
}

}  // namespace zertz
