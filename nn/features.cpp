#include "nn/features.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include "nn/input_sets.h"

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
  const InputSets in = input_sets(state);
  for (int plane = 0; plane < kPlanePhaseRemove; ++plane) {
    for (Mask m = in.cells[plane]; m; m &= m - 1)
      out[plane * cells + grid_index_[__builtin_ctzll(m)]] = 1.0f;
  }
  for (int plane = kPlanePhaseRemove; plane < kNumInputPlanes; ++plane) {
    const float value = in.constants[plane - kPlanePhaseRemove];
    if (value == 0.0f) continue;
    for (int c = 0; c < board_->num_cells(); ++c) out[plane * cells + grid_index_[c]] = value;
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
