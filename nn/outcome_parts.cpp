#include "nn/outcome_parts.h"

namespace zertz::nn {

const std::array<std::string_view, kNumOutcomeParts> kOutcomePartNames = {
    "mover_white",   "mover_grey",     "mover_black", "opponent_white",
    "opponent_grey", "opponent_black", "turns_left"};

GameParts game_parts(const Variant& variant, const std::vector<Action>& actions) {
  GameParts parts;
  // First each action's turn, counted from the start, then the turns from it to the end.
  parts.turns_left.resize(actions.size());
  State state(variant);
  std::uint16_t turn = 0;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    parts.turns_left[i] = turn;
    const int mover = state.to_move();
    state.apply(actions[i]);
    if (state.to_move() != mover) ++turn;  // every turn's last action hands over, the game's too
  }
  for (std::uint16_t& left : parts.turns_left) left = static_cast<std::uint16_t>(turn - left);
  parts.final_captured = {state.captured(0), state.captured(1)};
  return parts;
}

void outcome_part_targets(const Variant& variant, const GameParts& parts, int index, int mover,
                          float* out) {
  for (int side = 0; side < 2; ++side) {
    const Counts& captured = parts.final_captured[side == 0 ? mover : 1 - mover];
    for (int c = 0; c < kColours; ++c) {
      out[kPartMoverWhite + 3 * side + c] =
          static_cast<float>(captured[c]) / static_cast<float>(variant.single[c]);
    }
  }
  const float turns = parts.turns_left[static_cast<std::size_t>(index)];
  out[kPartTurnsLeft] = turns / (turns + kTurnsLeftScale);
}

}  // namespace zertz::nn
