// Auxiliary targets that split a game's outcome into parts (issue 11, lever 2; KataGo's score
// and ownership targets): what each side had captured when the game ended, and how many turns
// it still lasted. Heads that predict them (model.outcome_parts) are trained beside the value
// heads and never exported: they only shape what the value heads learn. Torch-free, so that the
// trainer's window and its tests compute the targets without LibTorch.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/state.h"

namespace zertz::nn {

enum OutcomePart : int {
  kPartMoverWhite,  // the mover's captured whites at the end / whites that win alone
  kPartMoverGrey,
  kPartMoverBlack,
  kPartOpponentWhite,  // the same for the opponent
  kPartOpponentGrey,
  kPartOpponentBlack,
  kPartTurnsLeft,  // r / (r + kTurnsLeftScale): r turns from this one (counted) to the end
  kNumOutcomeParts,
};
inline constexpr float kTurnsLeftScale = 10.0f;

extern const std::array<std::string_view, kNumOutcomeParts> kOutcomePartNames;

// What a whole game says about its positions' parts.
struct GameParts {
  std::array<Counts, 2> final_captured{};  // by player, after the last action
  std::vector<std::uint16_t> turns_left;   // per action: turns from the one it is played in
};

// Replays `actions` from the variant's start. They must be legal in turn (the trainer's games
// come from its own self-play or from shards with checksums), as the trainer's replay assumes.
GameParts game_parts(const Variant& variant, const std::vector<Action>& actions);

// The kNumOutcomeParts targets of the position before action `index`, whose mover is `mover`.
void outcome_part_targets(const Variant& variant, const GameParts& parts, int index, int mover,
                          float* out);

}  // namespace zertz::nn
