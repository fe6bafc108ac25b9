// One position as an SVG picture: the rings in their places (removed ones faint and dashed),
// the marbles in their colours, every cell's label, the pool, both players' captured stocks and
// the player to move (or the result). Standalone (it has its own xmlns), so it can be written
// to a file or put inline into HTML.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/state.h"
#include "core/turn.h"

namespace zertz::frontends {

// A turn drawn over the position it is played from, in one colour: a ring around each
// placement's cell with the marble's colour inside, a cross over each removed ring and an
// arrow for each jump. Game review draws the played turn and the engine's best turn this way.
struct TurnMark {
  Turn turn;
  std::string colour;  // a CSS colour
  std::string name;    // the group's class attribute, e.g. "played" or "best"
};

// `status` replaces the "player N to move" line when not empty (e.g. "1-0 by repetition").
// `marks` are drawn over the board in their order.
std::string position_svg(const State& state, std::string_view status = "",
                         std::span<const TurnMark> marks = {});

// Escapes &, <, >, " and ' for XML and HTML text and attributes.
std::string xml_escape(std::string_view text);

}  // namespace zertz::frontends
