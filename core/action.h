// Atomic actions: one decision of a turn (docs/rules.md, "Atomic actions"). An action is a tag
// and a cell; the tags match the network's policy planes (nn/features.h): place W/G/B, remove,
// jump d0..d5.
#pragma once

#include <cstdint>
#include <string>

#include "core/board.h"

namespace zertz {

enum class ActionKind : std::uint8_t { kPlace, kRemove, kJump, kPass };

class Action {
 public:
  static constexpr int kPlaceTag = 0;  // + colour
  static constexpr int kRemoveTag = 3;
  static constexpr int kJumpTag = 4;  // + direction
  static constexpr int kPassTag = 10;
  static constexpr int kNumTags = 10;  // policy planes; pass needs none (it is always forced)

  Action() = default;
  static constexpr Action place(int colour, int cell) { return Action(kPlaceTag + colour, cell); }
  static constexpr Action remove(int cell) { return Action(kRemoveTag, cell); }
  static constexpr Action jump(int cell, int direction) {
    return Action(kJumpTag + direction, cell);
  }
  static constexpr Action pass() { return Action(kPassTag, 0); }
  static constexpr Action from_code(std::uint16_t code) { return Action(code >> 6, code & 63); }

  constexpr int tag() const { return code_ >> 6; }
  constexpr int cell() const { return code_ & 63; }
  constexpr std::uint16_t code() const { return code_; }
  constexpr ActionKind kind() const {
    int t = tag();
    if (t < kRemoveTag) return ActionKind::kPlace;
    if (t == kRemoveTag) return ActionKind::kRemove;
    if (t < kPassTag) return ActionKind::kJump;
    return ActionKind::kPass;
  }
  constexpr int colour() const { return tag() - kPlaceTag; }    // place only
  constexpr int direction() const { return tag() - kJumpTag; }  // jump only

  constexpr bool operator==(const Action&) const = default;
  constexpr bool operator<(const Action& o) const { return code_ < o.code_; }

  // Readable form, e.g. "place W d4", "remove b2", "jump e3 to e5", "pass".
  std::string to_string(const Board& board) const;

  // The same action seen through a board symmetry.
  Action transformed(const Board& board, int symmetry) const;

 private:
  constexpr Action(int tag, int cell) : code_(static_cast<std::uint16_t>(tag << 6 | cell)) {}
  std::uint16_t code_;  // left uninitialised by default: action lists are hot
};

}  // namespace zertz
