// Shared helpers of the search tests: known positions and whole-tree invariants.
#pragma once

#include <span>
#include <string>

#include "core/state.h"
#include "mcts/node.h"
#include "mcts/search_result.h"

namespace zertz::mcts::testing {

// Priors proportional to 1, 2, 3, ... in the given order: neither uniform nor sorted.
void ramp_priors(std::span<float> priors);

// Player 1 (2 W captured) wins at once with the chain x c1Wc3Wc5; five other captures do not.
inline constexpr const char* kChainWin =
    "tournament oooo/ooooo/bwowoo/oogoooo/oooooo/oogbo/oooo 2,6,8 2,0,0 0,0,0 1 turn 0";
// Player 1 (3 W captured) wins by placing on a3 and removing b5, which isolates {a3, a4}: 3
// winning turns among 1,728.
inline constexpr const char* kIsolationWin =
    "tournament o.ow/oo..o/oooooo/ooooooo/oooooo/ooooo/oooo 2,8,10 3,0,0 0,0,0 1 turn 0";
// Column c only, W on c2 and c4, player 2 holding 2 W: half of player 1's 36 turns let player 2
// win next, e.g. Gc1,c6 allows the chain x c1Wc3Wc5; every placement on c6 loses whatever ring
// is removed after it.
inline constexpr const char* kAvoidLoss =
    "tournament ..../...../owowoo/......./....../...../.... 2,8,10 0,0,0 2,0,0 1 turn 0";

// Checks every node below `node`: nothing in flight, and an unproven expanded node's visits are
// its own evaluation (two for a reprioritised one)
// plus its children's. Returns the number of nodes checked.
int check_tree(const Node& node);

// The sum of a result's visits.
std::uint64_t total_visits(const SearchResult& result);

// Whether the player to move in `state` (at a turn start) has a turn that wins at once.
bool mover_can_win_now(const State& state);

}  // namespace zertz::mcts::testing
