#include "evaluation/elo.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/random.h"

namespace zertz::evaluation {
namespace {

TEST(Elo, ScoreAndEloAreInverse) {
  EXPECT_NEAR(elo_of_score(0.75), 190.848502, 1e-6);  // 400 log10(3)
  EXPECT_DOUBLE_EQ(elo_of_score(0.5), 0);
  EXPECT_NEAR(score_of_elo(400), 1 / 1.1, 1e-12);
  EXPECT_NEAR(score_of_elo(elo_of_score(0.3)), 0.3, 1e-12);
  EXPECT_TRUE(std::isinf(elo_of_score(1)) && elo_of_score(1) > 0);
  EXPECT_TRUE(std::isinf(elo_of_score(0)) && elo_of_score(0) < 0);
}

TEST(Elo, IntervalFromTheTrinomialVariance) {
  // W 60 D 20 L 20: score 0.7; per-game variance (60 * 0.3^2 + 20 * 0.2^2 + 20 * 0.7^2) / 100
  // = 0.16, standard error 0.04, margin 1.96 * 0.04 = 0.0784: scores 0.6216 and 0.7784.
  EloInterval e = elo_interval({60, 20, 20});
  EXPECT_NEAR(e.elo, 147.190714, 1e-5);
  EXPECT_NEAR(e.low, 86.223951, 1e-5);
  EXPECT_NEAR(e.high, 218.253228, 1e-5);
}

TEST(Elo, IntervalOfEvenAndOneSidedResults) {
  EloInterval even = elo_interval({10, 0, 10});  // margin 1.96 * 0.5 / sqrt(20) = 0.21913
  EXPECT_DOUBLE_EQ(even.elo, 0);
  EXPECT_NEAR(even.high, elo_of_score(0.5 + 0.219135), 1e-3);
  EXPECT_NEAR(even.low, -even.high, 1e-9);
  EXPECT_FALSE(even.bound);
  // A sweep is held half a game inside: 10-0 counts as 9.5-0.5, a bound of +512 Elo.
  EloInterval sweep = elo_interval({10, 0, 0});
  EXPECT_NEAR(sweep.elo, elo_of_score(0.95), 1e-9);
  EXPECT_NEAR(sweep.elo, 511.5, 0.01);
  EXPECT_EQ(sweep.low, sweep.elo);
  EXPECT_EQ(sweep.high, sweep.elo);
  EXPECT_TRUE(sweep.bound);
  EXPECT_EQ(format_elo(sweep), ">= +512");
  EXPECT_EQ(format_elo(elo_interval({0, 0, 4})), "<= -338");
  EXPECT_EQ(format_elo(even), "+0 [-163, +163]");
}

TEST(Elo, ScoreIntervalStaysWithinZeroAndOne) {
  // W 9 L 1: score 0.9, margin 1.96 * sqrt(0.09 / 10) = 0.186, so the upper end is cut at 1.
  ScoreInterval s = score_interval({9, 0, 1});
  EXPECT_DOUBLE_EQ(s.score, 0.9);
  EXPECT_NEAR(s.low, 0.9 - 1.96 * std::sqrt(0.009), 1e-12);
  EXPECT_EQ(s.high, 1.0);
  EXPECT_EQ(score_interval({0, 0, 10}).low, 0.0);
  // In Elo the upper end is held half a game inside: finite, and not a bound of the point.
  EloInterval e = elo_interval({9, 0, 1});
  EXPECT_NEAR(e.high, elo_of_score(0.95), 1e-9);
  EXPECT_FALSE(e.bound);
  EXPECT_TRUE(std::isfinite(elo_interval({0, 0, 0}).low));
}

TEST(Sprt, BoundsAreWaldsLogRatios) {
  SprtParams p{0, 5, 0.05, 0.05};
  EXPECT_NEAR(p.lower_bound(), std::log(0.05 / 0.95), 1e-12);
  EXPECT_NEAR(p.upper_bound(), std::log(0.95 / 0.05), 1e-12);
  EXPECT_EQ(sprt_decision(3.0, p), SprtDecision::kAcceptH1);
  EXPECT_EQ(sprt_decision(-3.0, p), SprtDecision::kAcceptH0);
  EXPECT_EQ(sprt_decision(0.0, p), SprtDecision::kContinue);
}

TEST(Sprt, LlrMatchesTheNormalApproximationForCloseHypotheses) {
  // For close hypotheses the GSPRT's ratio tends to n (s1 - s0)(2 s - s0 - s1) / (2 var).
  Wdl r{600, 300, 500};
  SprtParams p{0, 10};
  double n = r.games(), s = r.score();
  double var =
      (r.wins * (1 - s) * (1 - s) + r.draws * (0.5 - s) * (0.5 - s) + r.losses * s * s) / n;
  double s0 = score_of_elo(p.elo0), s1 = score_of_elo(p.elo1);
  double approximation = n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
  EXPECT_NEAR(sprt_llr(r, p), approximation, 0.02 * std::abs(approximation));
  EXPECT_GT(sprt_llr(r, p), 0);  // the score lies above both hypotheses
  EXPECT_TRUE(std::isfinite(sprt_llr({0, 0, 0}, p)));
  EXPECT_TRUE(std::isfinite(sprt_llr({20, 0, 0}, p)));
}

// Runs SPRTs on simulated games of a known Elo difference (draws 30% of games); returns the
// fraction that accepted H1.
double accepted_h1(double true_elo, const SprtParams& p, int runs, std::uint64_t seed) {
  Rng rng(seed);
  double s = score_of_elo(true_elo), draw = 0.3;
  int h1 = 0;
  for (int run = 0; run < runs; ++run) {
    Wdl r;
    for (SprtDecision d = SprtDecision::kContinue; d == SprtDecision::kContinue;) {
      double u = rng.uniform();
      (u < s - draw / 2 ? r.wins : u < s + draw / 2 ? r.draws : r.losses) += 1;
      d = sprt_decision(sprt_llr(r, p), p);
      if (d == SprtDecision::kAcceptH1) ++h1;
    }
  }
  return static_cast<double>(h1) / runs;
}

TEST(Sprt, DecidesAtAboutItsErrorRates) {
  // 400 runs: a binomial standard error of 0.011 around 0.05. Wald's bounds are conservative
  // (the ratio overshoots them), so the rates come out at or a little below the nominal ones.
  SprtParams p{0, 40, 0.05, 0.05};
  double false_positive = accepted_h1(0, p, 400, 1);
  double false_negative = 1 - accepted_h1(40, p, 400, 2);
  EXPECT_LT(false_positive, 0.08);
  EXPECT_GT(false_positive, 0.01);
  EXPECT_LT(false_negative, 0.08);
  EXPECT_GT(false_negative, 0.01);
  // Far from both hypotheses the test is almost never wrong.
  EXPECT_LT(accepted_h1(-40, p, 200, 3), 0.01);
  EXPECT_GT(accepted_h1(80, p, 200, 4), 0.99);
}

}  // namespace
}  // namespace zertz::evaluation
