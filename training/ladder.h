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

#include <string>
#include <vector>

#include "training/elo.h"

namespace zertz::training {

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

// The games that connect a ladder of checkpoints (labels, oldest first): each checkpoint
// against the previous two and against `baseline`, and the baseline against `anchor` when
// they differ; every such pair is topped up to `games_per_pair` games (an even number, so
// that colours and openings balance). Games already played count in either orientation.
std::vector<ScheduledMatch> schedule_missing_games(const std::vector<std::string>& checkpoints,
                                                   const std::string& baseline,
                                                   const std::string& anchor,
                                                   const std::vector<PairResult>& played,
                                                   int games_per_pair);

}  // namespace zertz::training
