#include "nn/input_sets.h"

namespace zertz::nn {

InputSets input_sets(const State& state) {
  InputSets in;
  const Variant& v = state.variant();
  const int mover = state.to_move();
  Mask can_jump = 0;
  if (state.phase() == Phase::kChain) {
    can_jump = bit(state.focus());
  } else if (state.phase() == Phase::kTurnStart) {
    for (Mask m = state.occupied(); m; m &= m - 1) {
      int c = __builtin_ctzll(m);
      if (state.can_jump_from(c)) can_jump |= bit(c);
    }
  }
  in.cells[kPlaneOnBoard] = v.board->all_cells();
  in.cells[kPlaneRing] = state.rings();
  in.cells[kPlaneWhite] = state.marbles(zertz::kWhite);
  in.cells[kPlaneGrey] = state.marbles(zertz::kGrey);
  in.cells[kPlaneBlack] = state.marbles(zertz::kBlack);
  in.cells[kPlaneFree] = state.free_rings();
  in.cells[kPlaneCanJump] = can_jump;
  if (state.phase() == Phase::kChain) in.cells[kPlaneFocus] = bit(state.focus());

  auto constant = [&](int plane) -> float& { return in.constants[plane - kPlanePhaseRemove]; };
  constant(kPlanePhaseRemove) = state.phase() == Phase::kRemove;
  constant(kPlanePhaseChain) = state.phase() == Phase::kChain;
  for (int c = 0; c < kColours; ++c) {
    constant(kPlanePoolWhite + c) =
        static_cast<float>(state.pool()[c]) / static_cast<float>(v.pool[c]);
    constant(kPlaneMoverWhite + c) =
        static_cast<float>(state.captured(mover)[c]) / static_cast<float>(v.single[c]);
    constant(kPlaneOpponentWhite + c) =
        static_cast<float>(state.captured(1 - mover)[c]) / static_cast<float>(v.single[c]);
    constant(kPlaneWinWhite + c) = static_cast<float>(v.single[c]) / 10.0f;
  }
  constant(kPlanePlacingFromStock) = state.pool_empty();
  constant(kPlaneWinEach) = static_cast<float>(v.each) / 10.0f;
  constant(kPlaneOpponentPassed) = state.consecutive_passes() > 0;
  return in;
}

}  // namespace zertz::nn
