// A match between two players: games in pairs with colours swapped over the same random
// opening, several games at once on threads (their network evaluations share batches), and
// the score with an Elo difference and its 95% interval.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "mcts/players.h"

namespace zertz::training {

// Makes a fresh player for one game (called from the game's thread) from a game seed.
using PlayerFactory = std::function<std::unique_ptr<mcts::Player>(std::uint64_t seed)>;

struct MatchOptions {
  int games = 20;
  int threads = 4;              // games played at once
  int opening_actions = 2;      // uniformly random atomic actions before the players take over
  int max_turns = 400;          // a longer game is scored a draw
  std::uint64_t seed = 1;
};

struct MatchResult {
  int wins = 0, draws = 0, losses = 0;  // from the first player's side
  double score() const;                 // (wins + draws / 2) / games
  // The Elo difference implied by the score and a 95% interval (normal approximation of the
  // per-game score variance); +-infinity when the score is 1 or 0.
  double elo() const;
  double elo_low() const;
  double elo_high() const;
};

// Elo difference of an expected score in (0, 1).
double elo_of_score(double score);

MatchResult play_match(const Variant& variant, const PlayerFactory& first, const PlayerFactory& second,
                       const MatchOptions& options);

}  // namespace zertz::training
