// A slow, obviously correct second implementation of docs/rules.md, for cross-checking the engine
// (lc0-style perft with a check at every node). It keeps one entry per cell and walks the board
// with plain loops, using only Board::neighbour, Board::landing and the State's public getters;
// it shares no code with State's bit masks (no free_rings, has_capture, legal_actions, is_win).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/state.h"

namespace zertz::reference {

constexpr int kNoRing = -2;  // entry of a cell whose ring was removed
constexpr int kVacant = -1;  // entry of a ring without a marble; otherwise the marble's colour

// A whole state as plain data.
struct Position {
  const Variant* variant = nullptr;
  std::vector<int> cells;
  Counts pool{};
  std::array<Counts, 2> captured{};
  int to_move = 0;
  Phase phase = Phase::kTurnStart;
  int focus = kNoCell;
  int passes = 0;
  Outcome outcome = Outcome::kOngoing;

  const Board& board() const { return *variant->board; }
};

// Reads a State through its public getters. The outcome is derived by the reference rules (two
// passes: draw; at the start of a turn, the player who just moved wins with no ring left or
// with a winning set), not copied from the State.
Position from_state(const State& state);

// Empty when `actual` holds exactly `expected`; otherwise names the first difference.
std::string difference(const Position& expected, const State& actual);

// Does `captured` meet one of the variant's winning sets (docs/rules.md table)?
bool meets_winning_set(const Variant& variant, const Counts& captured);

// A vacant ring with two neighbour positions in directions d and d+1 that both hold no ring.
bool is_free(const Position& p, int cell);
std::vector<int> free_rings(const Position& p);

// Jumps of the marble on `cell`: over an adjacent marble onto the vacant ring behind it.
std::vector<Action> jumps_from(const Position& p, int cell);

// Every legal atomic action, sorted by code; empty once the game is over.
std::vector<Action> legal_actions(const Position& p);

// Plays a legal action: placement source, removal, isolation, jumps and chains, passes, the
// end of the game.
void apply(Position& p, Action action);

// Connected groups of rings in which every ring holds a marble (what isolation takes).
std::vector<std::vector<int>> full_groups(const Position& p);

// The engine's legal actions, sorted by code, for comparison with legal_actions().
std::vector<Action> engine_actions(const State& state);

// "place W d4, remove b2, ..." for failure messages.
std::string describe(const Board& board, const std::vector<Action>& actions);

}  // namespace zertz::reference
