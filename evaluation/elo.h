// Elo arithmetic for match results, and the sequential probability ratio test (SPRT) that stops a
// match as soon as it is clear which of two Elo hypotheses holds (docs/evaluation.md).
//
// The Elo model is the logistic one: a player rated d Elo above its opponent expects the score
// 1 / (1 + 10^(-d/400)) per game, a draw counting half.
#pragma once

#include <string>

namespace zertz::evaluation {

// Elo difference of an expected score; -infinity at 0, +infinity at 1.
double elo_of_score(double score);
// Expected score of an Elo difference.
double score_of_elo(double elo);

// Wins, draws and losses from one player's side.
struct Wdl {
  double wins = 0, draws = 0, losses = 0;
  double games() const { return wins + draws + losses; }
  double score() const;  // (wins + draws / 2) / games; 0.5 with no games
};

struct EloInterval {
  double elo = 0, low = 0, high = 0;
  // The score is 0 or 1 (or there are no games), so `elo` is a bound, not an estimate.
  bool bound = false;
};

// The score and its 95% interval: +- 1.96 standard errors of the per-game variance of the
// trinomial W/D/L sample, kept within [0, 1]; [0, 1] around 0.5 with no games.
struct ScoreInterval {
  double score = 0.5, low = 0, high = 1;
};
ScoreInterval score_interval(const Wdl& result);

// The Elo difference of the score and a 95% interval: the score's standard error from the
// per-game variance of the trinomial W/D/L sample, score +- 1.96 standard errors mapped to Elo.
// A score of 0 or 1 has no finite Elo, so scores (and interval ends) are held half a game
// inside, within [0.5 / games, 1 - 0.5 / games]: a 10-0 sweep gives +512, a bound (`bound`).
// Every figure is finite, for people, plots and JSON alike.
EloInterval elo_interval(const Wdl& result);
// "+147 [+86, +218]", or ">= +512" / "<= -512" for a bound.
std::string format_elo(const EloInterval& elo);

struct SprtParams {
  double elo0 = 0, elo1 = 5;         // H0: the difference is elo0; H1: it is elo1
  double alpha = 0.05, beta = 0.05;  // false-positive (accept H1 under H0) and false-negative
  double lower_bound() const;        // log(beta / (1 - alpha)): accept H0 at or below
  double upper_bound() const;        // log((1 - beta) / alpha): accept H1 at or above
};

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };
const char* to_string(SprtDecision decision);

// The generalised SPRT of Fishtest: the log-likelihood ratio of the W/D/L counts under the
// trinomial distributions that fit them best (maximum likelihood) with their expected score
// pinned to score_of_elo(elo1) and to score_of_elo(elo0). A small pseudo-count keeps every
// outcome possible, so a run of one outcome alone still gives a finite ratio.
double sprt_llr(const Wdl& result, const SprtParams& params);
SprtDecision sprt_decision(double llr, const SprtParams& params);

}  // namespace zertz::evaluation
