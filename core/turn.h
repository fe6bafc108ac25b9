// Full turns (the atomic actions of one player's turn) and their GIPF notation (docs/rules.md):
// `Wd4,b2`, `Wd4`, `x e3Wg3`, `x d1Gd3Wd5`, `-`, with isolation captures optionally appended
// for information (`Bd7,b2 x Wa1Wa2`).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/state.h"

namespace zertz {

struct Turn {
  std::vector<Action> actions;
  bool operator==(const Turn&) const = default;
};

// Every full turn from a state at the start of a turn, in a fixed order.
std::vector<Turn> legal_turns(const State& state);

// Plays a turn's actions; throws InputError when one is illegal.
void apply_turn(State& state, const Turn& turn);

// Notation of `turn` played from `before` (which must be at the start of a turn). Isolation
// captures are appended (" x Wa1Ba2").
std::string format_turn(const State& before, const Turn& turn);

// The full turns of `actions` played from `start`, in notation: a turn ends where the player to
// move changes or the game ends. An unfinished last turn is left out.
std::vector<std::string> turns_in_notation(const State& start, std::span<const Action> actions);

// Parses notation in the context of `before`; throws InputError naming what was expected and
// what was found when the text is malformed or the turn is illegal there.
Turn parse_turn(const State& before, std::string_view text);

}  // namespace zertz
