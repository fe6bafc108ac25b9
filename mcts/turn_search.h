// Turn-level search, what a front end asks of the search: a whole turn (its atomic decisions
// searched one after another, for a number of visits each or for a time per turn), and the
// candidate turns of a position with their values, principal variations and, from an evaluator
// that reports draws, win/draw/loss. The front ends only present the results.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/random.h"
#include "core/turn.h"
#include "mcts/evaluator.h"
#include "mcts/node.h"
#include "mcts/search_params.h"
#include "mcts/turn_clock.h"

namespace zertz::mcts {

struct TurnChoice {
  Turn turn;
  float root_value = 0.0f;        // the mover's root value at the turn's first decision
  std::uint32_t root_visits = 0;  // root visits of the turn's first decision
};

// Searches the turn to play in `game` (not over): each decision with budget.visits visits, or
// the turn's time split by TurnClock. With params.reuse_tree a decision's subtree carries over
// to the next. `evaluator` is called from params.threads threads.
TurnChoice search_turn(const SearchParams& params, Evaluator& evaluator, const Game& game,
                       const SearchBudget& budget, Rng& rng);

struct TurnCandidate {
  std::string turn;
  std::uint32_t visits = 0;  // visits of the node where the turn ends
  double value = 0.0;        // mean value there, from the mover's side, in [-1, 1]
  Proven proven = Proven::kUnknown;
  std::vector<std::string> pv;  // the principal variation, starting with this turn
  // Win/draw/loss for the mover when the evaluator reports draws: exact when the turn ends the
  // game; otherwise the evaluator's draw share after the turn, the rest split by `value`.
  std::optional<std::array<double, 3>> wdl;
};

struct TurnAnalysis {
  float root_value = 0.0f;  // from the side of the player to move
  std::uint32_t root_visits = 0;
  std::vector<TurnCandidate> candidates;  // most visited first (then the higher value)
};

// Searches `game`'s position (not over) with `visits` visits per decision and lists its most
// visited full turns, at most `max_candidates`. Forced actions at the root are played and
// searched past, so that the choices after them are analysed.
TurnAnalysis analyze_turns(const SearchParams& params, Evaluator& evaluator, const Game& game,
                           int visits, int max_candidates, Rng& rng);

// Win/draw/loss from a value (win - loss, in [-1, 1]) and a draw share: win = (1 - draw +
// value) / 2, loss = (1 - draw - value) / 2, clamped at 0 and renormalised.
std::array<double, 3> split_value(double value, double draw);
// The exact win/draw/loss of a game result for a player (+1, 0 or -1).
std::array<double, 3> result_wdl(int result);

// "win", "loss", "draw" or "-" (not proven).
const char* proven_name(Proven proven);

}  // namespace zertz::mcts
