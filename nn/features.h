// The network's view of a state: input planes on the board's square grid (7x7 for 37 rings,
// 9x9 for 48 and 61), and the policy layout (10 planes over the same grid). Torch-free, so that
// search, tests and tools use it without LibTorch. Every plane is listed in kInputPlaneNames
// and in docs/model-format.md; model.json carries the same list for other front ends.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "core/state.h"

namespace zertz::nn {

// Input planes, in order. "const" planes hold one value on every on-board cell.
enum InputPlane : int {  // kPlane... so that they never shadow core's colours
  kPlaneOnBoard,         // 1 on cells of this board's layout, 0 off the board
  kPlaneRing,            // 1 where a ring remains
  kPlaneWhite,           // 1 where a white marble stands
  kPlaneGrey,            // 1 where a grey marble stands
  kPlaneBlack,           // 1 where a black marble stands
  kPlaneFree,            // 1 on free rings (vacant, removable)
  kPlaneCanJump,         // 1 on marbles that can capture now (in a chain: only the chaining marble)
  kPlaneFocus,           // 1 on the marble that must continue its capture chain
  kPlanePhaseRemove,     // const: 1 when the mover has placed and must now remove a ring
  kPlanePhaseChain,      // const: 1 when the mover is in the middle of a capture chain
  kPlanePoolWhite,       // const: pool's white marbles / the variant's initial white pool
  kPlanePoolGrey,        // const: pool's grey / initial grey
  kPlanePoolBlack,       // const: pool's black / initial black
  kPlaneMoverWhite,      // const: mover's captured white / whites needed to win
  kPlaneMoverGrey,       // const: mover's captured grey / greys needed to win
  kPlaneMoverBlack,      // const: mover's captured black / blacks needed to win
  kPlaneOpponentWhite,   // const: opponent's captured white / whites needed to win
  kPlaneOpponentGrey,    // const: opponent's captured grey / greys needed to win
  kPlaneOpponentBlack,   // const: opponent's captured black / blacks needed to win
  kPlanePlacingFromStock,  // const: 1 when the pool is empty (placements come from own stock)
  kPlaneWinWhite,          // const: whites needed to win / 10
  kPlaneWinGrey,           // const: greys needed to win / 10
  kPlaneWinBlack,          // const: blacks needed to win / 10
  kPlaneWinEach,           // const: of-each-colour count needed to win / 10
  kPlaneOpponentPassed,    // const: 1 when the opponent passed on the turn before
  kNumInputPlanes,
};

// The fast value head (nn/model.h) reads the spatial planes up to kPlaneFocus through one
// convolution and the "const" planes from kPlanePhaseRemove on as one number each.
constexpr int kFastValueSpatialPlanes = kPlanePhaseRemove;
constexpr int kFastValueScalars = kNumInputPlanes - kPlanePhaseRemove;

// Off-board policy logits get this value, so that a softmax gives them nothing.
constexpr float kMaskedLogit = -1e9f;

extern const std::array<std::string_view, kNumInputPlanes> kInputPlaneNames;
extern const std::array<std::string_view, kNumInputPlanes> kInputPlaneDescriptions;

// Geometry of the encoding for one board.
class Encoding {
 public:
  explicit Encoding(const Board& board);
  static const Encoding& of(const Board& board);  // cached per board

  const Board& board() const { return *board_; }
  int grid() const { return grid_; }
  int grid_cells() const { return grid_ * grid_; }
  int input_size() const { return kNumInputPlanes * grid_cells(); }
  int policy_size() const { return Action::kNumTags * grid_cells(); }
  int grid_index(int cell) const { return grid_index_[cell]; }

  // Writes input_size() floats (plane-major: plane, then q, then y), from the mover's view.
  void encode(const State& state, float* out) const;

  // Policy index of a non-pass action: tag * grid_cells + grid_index(cell).
  int policy_index(Action action) const {
    return action.tag() * grid_cells() + grid_index(action.cell());
  }
  // The action of a policy index, or nullopt when the index is off the board.
  std::optional<Action> action_of(int policy_index) const;
  // 1 at the policy index of every legal action (a forced pass sets nothing).
  std::vector<float> legal_mask(const State& state) const;
  // 1 at every policy index on the board (what the policy head's softmax may use).
  const std::vector<float>& on_board_policy_mask() const { return on_board_policy_; }

  // Board symmetries acting on encoded data: out[g(i)] = in[i] for each plane.
  void transform_planes(int symmetry, const float* in, float* out, int planes) const;
  int transform_policy_index(int symmetry, int policy_index) const;

 private:
  const Board* board_;
  int grid_;
  std::vector<int> grid_index_;    // cell -> q * grid + y
  std::vector<int> cell_of_grid_;  // grid index -> cell or kNoCell
  std::vector<float> on_board_policy_;
};

}  // namespace zertz::nn
