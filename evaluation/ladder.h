// Ratings of many players from all their games (docs/evaluation.md), and the games a ladder of
// checkpoints still needs.
//
// The model is Bradley-Terry on the logistic Elo scale, as in BayesElo and Ordo: player i beats
// player j with probability 1 / (1 + 10^((r_j - r_i) / 400)), a draw counting as half a win and
// half a loss. The ratings maximise the likelihood of every game (Newton steps), with one
// player (the anchor, `random`) fixed at 0; their 95% error bars (relative to the anchor) come
// from the inverse of the log-likelihood's Hessian. A few virtual draws between every pair
// that met keep a clean sweep from pushing a rating to infinity.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "evaluation/elo.h"

namespace zertz::evaluation {

// Games between two players, from a's side.
struct PairResult {
  std::string a, b;
  Wdl result;
};

struct Rating {
  std::string player;
  double elo = 0;
  double error95 = 0;  // half-width of the 95% interval, relative to the anchor
  double games = 0;
  bool connected = true;  // false: no chain of games to the anchor, so no rating
};

struct FitOptions {
  std::string anchor = "random";
  double virtual_draws = 1.0;  // added to every pair that played
};

// One rating per player that appears in `results`, in order of first appearance. Throws
// std::invalid_argument when the anchor played no game.
std::vector<Rating> fit_ratings(const std::vector<PairResult>& results, const FitOptions& options);

struct ScheduledMatch {
  std::string a, b;
  int games = 0;
};

// Games of `a` against `b` in `played`, either orientation, from a's side.
Wdl games_between(const std::vector<PairResult>& played, const std::string& a,
                  const std::string& b);

// The games a ladder still needs, given the games played and the ratings fitted to them
// (player -> Elo; a player missing from it has none yet). `rungs` are fixed opponents from
// the weakest to the strongest (rollout MCTS of growing playouts), `checkpoints` oldest
// first. Every pair wanted is topped up to `games_per_pair` games (rounded up to even, so
// that colours and openings balance):
// - each rung against the next;
// - each checkpoint against the one before it;
// - each checkpoint against the rung whose rating is nearest its own (or, before it has one,
//   the previous checkpoint's; the weakest rung for the first): the pair whose score is
//   expected nearest 50%, so its games say the most;
// - and a checkpoint that has scored above 75% against the strongest rung it played meets the
//   next stronger one (below 25% against its weakest: the next weaker one).
// Calling it again after those games are played schedules the next steps.
std::vector<ScheduledMatch> schedule_ladder_games(const std::vector<std::string>& checkpoints,
                                                  const std::vector<std::string>& rungs,
                                                  const std::vector<PairResult>& played,
                                                  const std::map<std::string, double>& ratings,
                                                  int games_per_pair);

}  // namespace zertz::evaluation
