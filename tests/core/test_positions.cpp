#include "tests/core/test_positions.h"

#include <gtest/gtest.h>

namespace zertz::testing {

Mask cells(const Board& board, const std::vector<std::string>& labels) {
  Mask m = 0;
  for (const std::string& label : labels) {
    auto cell = board.parse_cell(label);
    EXPECT_TRUE(cell.has_value()) << "unknown cell " << label;
    if (cell) m |= bit(*cell);
  }
  return m;
}

State make_position(const Variant& variant, const std::vector<std::string>& rings,
                    const std::vector<std::string>& marbles, int to_move) {
  const Board& b = *variant.board;
  State state(variant);
  state.set_rings(rings.empty() ? b.all_cells() : cells(b, rings));
  Counts pool = variant.pool;
  std::array<Mask, kColours> by_colour{};
  for (const std::string& m : marbles) {
    int colour = m[0] == 'W' ? kWhite : m[0] == 'G' ? kGrey : kBlack;
    by_colour[colour] |= cells(b, {m.substr(1)});
    --pool[colour];
  }
  for (int c = 0; c < kColours; ++c) state.set_marbles(c, by_colour[c]);
  state.set_pool(pool);
  state.set_to_move(to_move);
  state.finish_setup();
  return state;
}

std::vector<State> random_states(const Variant& variant, int games, std::uint64_t seed) {
  std::vector<State> out;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    State s(variant);
    out.push_back(s);
    while (!s.is_terminal()) {
      s.apply(s.random_action(rng));
      out.push_back(s);
    }
  }
  return out;
}

}  // namespace zertz::testing
