#include "mcts/zertz_evaluation.h"

#include <algorithm>

namespace zertz::mcts {

namespace {

constexpr int kUnreachable = 99;

int count(Mask m) {
  return __builtin_popcountll(m);
}

// What one captured marble of each colour is worth: inversely to its winning set's size.
Counts colour_values(const Variant& variant, int marble) {
  int largest = *std::max_element(variant.single.begin(), variant.single.end());
  Counts values{};
  for (int c = 0; c < kColours; ++c) values[c] = marble * largest / variant.single[c];
  return values;
}

// Marbles that can still be captured: those in the pool and on the board.
Counts in_play(const State& state) {
  Counts counts{};
  for (int c = 0; c < kColours; ++c) counts[c] = state.pool()[c] + count(state.marbles(c));
  return counts;
}

int short_of_win(const Variant& variant, const Counts& captured, const Counts& available) {
  int best = kUnreachable;
  bool each_reachable = true;
  int each_short = 0;
  for (int c = 0; c < kColours; ++c) {
    int single_short = std::max(0, variant.single[c] - captured[c]);
    if (single_short <= available[c]) best = std::min(best, single_short);
    int short_c = std::max(0, variant.each - captured[c]);
    each_reachable = each_reachable && short_c <= available[c];
    each_short += short_c;
  }
  if (each_reachable) best = std::min(best, each_short);
  return best;
}

int side_score(const State& state, int player, const Counts& values, const Counts& available,
               const EvaluationWeights& weights) {
  const Variant& variant = state.variant();
  const Counts& captured = state.captured(player);
  int score = 0;
  // Marbles beyond a colour's winning set help only the all-colours set: they count once.
  for (int c = 0; c < kColours; ++c) score += std::min(captured[c], variant.single[c]) * values[c];
  int missing = short_of_win(variant, captured, available);
  if (missing < static_cast<int>(weights.closeness.size())) score += weights.closeness[missing];
  return score;
}

// The most the mover gains by filling the only vacant ring of a detached group: the group's
// marbles and, from the pool, the marble placed (the mover takes the most valuable colour).
int isolation_gain(const State& state, const Counts& values) {
  const Counts& source = state.placement_source();
  int placed = -1;
  for (int c = 0; c < kColours; ++c) {
    if (source[c] > 0) placed = std::max(placed, values[c]);
  }
  if (placed < 0) return 0;
  if (state.pool_empty()) placed = 0;  // from the mover's own stock: it only comes back
  const Board& board = state.board();
  Mask rings = state.rings(), vacant = state.vacant(), remaining = rings;
  int best = 0;
  while (remaining) {
    Mask group = remaining & -remaining, frontier = group;
    while (frontier) {
      int cell = __builtin_ctzll(frontier);
      frontier &= frontier - 1;
      Mask grown = board.neighbours(cell) & rings & ~group;
      group |= grown;
      frontier |= grown;
    }
    remaining &= ~group;
    // The whole board with one vacant ring left is a win, which the search sees.
    if (group == rings || count(group & vacant) != 1) continue;
    int gain = placed;
    for (int c = 0; c < kColours; ++c) gain += count(state.marbles(c) & group) * values[c];
    best = std::max(best, gain);
  }
  return best;
}

}  // namespace

int marbles_short(const State& state, int player) {
  return short_of_win(state.variant(), state.captured(player), in_play(state));
}

int evaluate_position(const State& state, const EvaluationWeights& weights) {
  Counts values = colour_values(state.variant(), weights.marble);
  Counts available = in_play(state);
  int me = state.to_move();
  return side_score(state, me, values, available, weights) -
         side_score(state, 1 - me, values, available, weights) + weights.tempo +
         isolation_gain(state, values) * weights.isolation_percent / 100;
}

}  // namespace zertz::mcts
