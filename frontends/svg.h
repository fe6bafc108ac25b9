// One position as an SVG picture: the rings in their places (removed ones faint and dashed),
// the marbles in their colours, every cell's label, the pool, both players' captured stocks and
// the player to move (or the result). Standalone (it has its own xmlns), so it can be written
// to a file or put inline into HTML.
#pragma once

#include <string>
#include <string_view>

#include "core/state.h"

namespace zertz::frontends {

// `status` replaces the "player N to move" line when not empty (e.g. "1-0 by repetition").
std::string position_svg(const State& state, std::string_view status = "");

// Escapes &, <, >, " and ' for XML and HTML text and attributes.
std::string xml_escape(std::string_view text);

}  // namespace zertz::frontends
