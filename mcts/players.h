// Baseline players without a network, which anchor the Elo scale: `random` (uniform atomic
// actions), `greedy` (the action whose turn captures most, else random), `rollout:N` (the
// search with N random playouts per decision), `rollout:auto` (as many playouts as fit in a
// time per turn), and the classical searcher `alphabeta:D` (alpha-beta to D placement turns)
// and `alphabeta:auto` (as deep as a time per turn allows). One interface, made from a spec
// string.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/turn.h"
#include "mcts/search_params.h"

namespace zertz::mcts {

class Player {
 public:
  virtual ~Player() = default;
  // The spec the player was made from, e.g. "rollout:200".
  virtual std::string name() const = 0;
  // One atomic action for the player to move in `game`, which is not over.
  virtual Action choose_action(const Game& game) = 0;
  // The rest of the current turn (all of it at a turn start): the mover's actions until the
  // turn passes or the game ends.
  Turn choose_turn(const Game& game);
};

// Whether `spec` names a baseline (random, greedy, rollout:... or alphabeta:...), as opposed
// to a network model; make_player still checks that it is well formed.
bool is_baseline_spec(std::string_view spec);

// The deepest fixed depth, in placement turns, that `alphabeta:D` accepts (and the limit of
// alphabeta:auto's deepening).
constexpr int kMaxAlphaBetaDepth = 40;

// "random", "greedy", "rollout:N" with N >= 1, "alphabeta:D" with D from 1 to
// kMaxAlphaBetaDepth, or "rollout:auto" / "alphabeta:auto", which need time_per_turn_ms > 0
// and search that long per turn (a fixed N or D ignores the clock). The seed fixes the player's choices
// (a timed player's also depend on the machine's speed). Throws InputError naming what was
// expected when the spec is not one of these.
std::unique_ptr<Player> make_player(std::string_view spec, std::uint64_t seed,
                                    int time_per_turn_ms = 0);

// The rollout baselines' search: uniform priors, one random playout as each leaf's value, and
// the wide exploration that noisy values want.
SearchParams rollout_search_params();

}  // namespace zertz::mcts
