// A match between two players: games in pairs with colours swapped over the same random
// opening, several games at once on threads (their network evaluations share batches), and
// the score with an Elo difference and its 95% interval.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/record.h"
#include "evaluation/elo.h"
#include "mcts/players.h"

namespace zertz::evaluation {

// Makes a fresh player for one game (called from the game's thread) from a game seed.
using MakePlayer = std::function<std::unique_ptr<mcts::Player>(std::uint64_t seed)>;

struct MatchResult {
  int wins = 0, draws = 0, losses = 0;  // from the first player's side
  int games() const { return wins + draws + losses; }
  Wdl wdl() const { return {double(wins), double(draws), double(losses)}; }
  double score() const { return wdl().score(); }
  // The Elo difference implied by the score and its 95% interval (evaluation/elo.h).
  EloInterval elo_interval() const { return evaluation::elo_interval(wdl()); }
  double elo() const { return elo_interval().elo; }
};

// One finished game of a match.
struct MatchGame {
  int index = 0;                 // games 2k and 2k+1 share their opening
  bool first_is_player1 = true;  // whether the match's first player moved first
  int first_result = 0;          // +1 win, 0 draw, -1 loss, from the first player's side
  GameRecord record;             // the whole game, random opening included
};

struct MatchOptions {
  int games = 20;
  int threads = 4;          // games played at once
  int opening_actions = 2;  // uniformly random atomic actions before the players take over
  int max_turns = 400;      // a longer game is scored a draw (termination "capped")
  std::uint64_t seed = 1;   // fixes the openings and the players' seeds: the same games
  // Called with each game in index order, with the result so far including it (a game that
  // finishes early waits for those before it, so the calls do not depend on the threads).
  // Returning true ends the match there: no later game is counted or reported.
  std::function<bool(const MatchGame& game, const MatchResult& so_far)> on_game;
};

MatchResult play_match(const Variant& variant, const MakePlayer& first, const MakePlayer& second,
                       const MatchOptions& options);

}  // namespace zertz::evaluation
