#include "nn/features.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

namespace zertz::nn {

const std::array<std::string_view, kNumInputPlanes> kInputPlaneNames = {
    "on_board",    "ring",           "white",         "grey",           "black",
    "free",        "can_jump",       "focus",         "phase_remove",   "phase_chain",
    "pool_white",  "pool_grey",      "pool_black",    "mover_white",    "mover_grey",
    "mover_black", "opponent_white", "opponent_grey", "opponent_black", "placing_from_stock",
    "win_white",   "win_grey",       "win_black",     "win_each",       "opponent_passed",
};

const std::array<std::string_view, kNumInputPlanes> kInputPlaneDescriptions = {
    "1 on cells of this board's layout, 0 off the board",
    "1 where a ring remains",
    "1 where a white marble stands",
    "1 where a grey marble stands",
    "1 where a black marble stands",
    "1 on free rings (vacant and removable)",
    "1 on marbles that can capture now (in a chain, only the chaining marble)",
    "1 on the marble that must continue its capture chain",
    "constant: 1 when the mover has placed and must remove a ring",
    "constant: 1 in the middle of a capture chain",
    "constant: white marbles in the pool / the variant's initial white pool",
    "constant: grey marbles in the pool / initial grey pool",
    "constant: black marbles in the pool / initial black pool",
    "constant: mover's captured white / whites needed to win",
    "constant: mover's captured grey / greys needed to win",
    "constant: mover's captured black / blacks needed to win",
    "constant: opponent's captured white / whites needed to win",
    "constant: opponent's captured grey / greys needed to win",
    "constant: opponent's captured black / blacks needed to win",
    "constant: 1 when the pool is empty and placements come from the mover's stock",
    "constant: whites needed to win / 10",
    "constant: greys needed to win / 10",
    "constant: blacks needed to win / 10",
    "constant: count of each colour needed to win / 10",
    "constant: 1 when the opponent passed on the turn before",
};

Encoding::Encoding(const Board& board) : board_(&board), grid_(board.grid_size()) {
  grid_index_.resize(board.num_cells());
  cell_of_grid_.assign(grid_cells(), kNoCell);
  for (int c = 0; c < board.num_cells(); ++c) {
    grid_index_[c] = board.grid_q(c) * grid_ + board.grid_y(c);
    cell_of_grid_[grid_index_[c]] = c;
  }
  on_board_policy_.assign(policy_size(), 0.0f);
  for (int tag = 0; tag < Action::kNumTags; ++tag) {
    for (int c = 0; c < board.num_cells(); ++c)
      on_board_policy_[tag * grid_cells() + grid_index_[c]] = 1.0f;
  }
}

const Encoding& Encoding::of(const Board& board) {
  static std::mutex mutex;
  static std::map<const Board*, std::unique_ptr<Encoding>> cache;
  std::lock_guard lock(mutex);
  auto& slot = cache[&board];
  if (!slot) slot = std::make_unique<Encoding>(board);
  return *slot;
}

void Encoding::encode(const State& state, float* out) const {
  const int cells = grid_cells();
  std::fill(out, out + input_size(), 0.0f);
  auto set_cells = [&](int plane, Mask mask) {
    for (; mask; mask &= mask - 1) out[plane * cells + grid_index_[__builtin_ctzll(mask)]] = 1.0f;
  };
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
  set_cells(kPlaneOnBoard, board_->all_cells());
  set_cells(kPlaneRing, state.rings());
  set_cells(kPlaneWhite, state.marbles(zertz::kWhite));
  set_cells(kPlaneGrey, state.marbles(zertz::kGrey));
  set_cells(kPlaneBlack, state.marbles(zertz::kBlack));
  set_cells(kPlaneFree, state.free_rings());
  set_cells(kPlaneCanJump, can_jump);
  if (state.phase() == Phase::kChain) set_cells(kPlaneFocus, bit(state.focus()));

  std::array<float, kNumInputPlanes> constant{};
  constant[kPlanePhaseRemove] = state.phase() == Phase::kRemove;
  constant[kPlanePhaseChain] = state.phase() == Phase::kChain;
  for (int c = 0; c < kColours; ++c) {
    constant[kPlanePoolWhite + c] =
        static_cast<float>(state.pool()[c]) / static_cast<float>(v.pool[c]);
    constant[kPlaneMoverWhite + c] =
        static_cast<float>(state.captured(mover)[c]) / static_cast<float>(v.single[c]);
    constant[kPlaneOpponentWhite + c] =
        static_cast<float>(state.captured(1 - mover)[c]) / static_cast<float>(v.single[c]);
    constant[kPlaneWinWhite + c] = static_cast<float>(v.single[c]) / 10.0f;
  }
  constant[kPlanePlacingFromStock] = state.pool_empty();
  constant[kPlaneWinEach] = static_cast<float>(v.each) / 10.0f;
  constant[kPlaneOpponentPassed] = state.consecutive_passes() > 0;
  for (int plane = kPlanePhaseRemove; plane < kNumInputPlanes; ++plane) {
    if (constant[plane] == 0.0f) continue;
    for (int c = 0; c < board_->num_cells(); ++c)
      out[plane * cells + grid_index_[c]] = constant[plane];
  }
}

std::optional<Action> Encoding::action_of(int policy_index) const {
  if (policy_index < 0 || policy_index >= policy_size()) return std::nullopt;
  int tag = policy_index / grid_cells();
  int cell = cell_of_grid_[policy_index % grid_cells()];
  if (cell == kNoCell) return std::nullopt;
  return Action::from_code(static_cast<std::uint16_t>(tag << 6 | cell));
}

std::vector<float> Encoding::legal_mask(const State& state) const {
  std::vector<float> mask(policy_size(), 0.0f);
  ActionList actions;
  state.legal_actions(actions);
  for (Action a : actions) {
    if (a.kind() != ActionKind::kPass) mask[policy_index(a)] = 1.0f;
  }
  return mask;
}

void Encoding::transform_planes(int symmetry, const float* in, float* out, int planes) const {
  const int cells = grid_cells();
  std::fill(out, out + planes * cells, 0.0f);
  for (int c = 0; c < board_->num_cells(); ++c) {
    int from = grid_index_[c];
    int to = grid_index_[board_->map_cell(symmetry, c)];
    for (int p = 0; p < planes; ++p) out[p * cells + to] = in[p * cells + from];
  }
}

int Encoding::transform_policy_index(int symmetry, int policy_index) const {
  std::optional<Action> action = action_of(policy_index);
  if (!action) return policy_index;  // off the board: never used
  return this->policy_index(action->transformed(*board_, symmetry));
}

}  // namespace zertz::nn
