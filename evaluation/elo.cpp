#include "evaluation/elo.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace zertz::evaluation {

double elo_of_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return 400.0 * std::log10(score / (1.0 - score));
}

double score_of_elo(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

double Wdl::score() const {
  double n = games();
  return n > 0 ? (wins + 0.5 * draws) / n : 0.5;
}

ScoreInterval score_interval(const Wdl& r) {
  double n = r.games();
  double s = r.score();
  if (n == 0) return {s, 0, 1};
  double variance =
      (r.wins * (1 - s) * (1 - s) + r.draws * (0.5 - s) * (0.5 - s) + r.losses * s * s) / n;
  double margin = 1.96 * std::sqrt(variance / n);
  return {s, std::max(0.0, s - margin), std::min(1.0, s + margin)};
}

EloInterval elo_interval(const Wdl& r) {
  const double n = r.games();
  if (n == 0) return {0, 0, 0, true};
  const ScoreInterval s = score_interval(r);
  const double edge = 0.5 / n;
  auto held = [&](double score) { return elo_of_score(std::clamp(score, edge, 1 - edge)); };
  return {held(s.score), held(s.low), held(s.high), s.score <= 0 || s.score >= 1};
}

std::string format_elo(const EloInterval& e) {
  auto signed_text = [](double elo) {
    const long rounded = std::lround(elo);
    return (rounded >= 0 ? "+" : "") + std::to_string(rounded);
  };
  if (e.bound) return (e.elo >= 0 ? ">= " : "<= ") + signed_text(e.elo);
  return signed_text(e.elo) + " [" + signed_text(e.low) + ", " + signed_text(e.high) + "]";
}

double SprtParams::lower_bound() const {
  return std::log(beta / (1 - alpha));
}
double SprtParams::upper_bound() const {
  return std::log((1 - beta) / alpha);
}

const char* to_string(SprtDecision decision) {
  switch (decision) {
    case SprtDecision::kAcceptH0:
      return "H0 accepted";
    case SprtDecision::kAcceptH1:
      return "H1 accepted";
    default:
      return "undecided";
  }
}

namespace {

constexpr std::array<double, 3> kScores = {1.0, 0.5, 0.0};  // win, draw, loss

// The distribution p over {win, draw, loss} nearest to the frequencies f (maximum likelihood)
// whose mean score is `target`: p_j = f_j / (1 + lambda (x_j - target)), with lambda the root of
// sum_j p_j (x_j - target) = 0. That sum falls strictly with lambda on the interval where every
// p_j stays positive, so bisection finds the root.
std::array<double, 3> constrained_mle(const std::array<double, 3>& f, double target) {
  double lo = -std::numeric_limits<double>::infinity(),
         hi = std::numeric_limits<double>::infinity();
  for (double x : kScores) {
    double d = x - target;  // 1 + lambda d > 0
    if (d > 0) lo = std::max(lo, -1 / d);
    if (d < 0) hi = std::min(hi, -1 / d);
  }
  auto mean_shift = [&](double lambda) {
    double sum = 0;
    for (int j = 0; j < 3; ++j)
      sum += f[j] * (kScores[j] - target) / (1 + lambda * (kScores[j] - target));
    return sum;
  };
  for (int i = 0; i < 100; ++i) {
    double mid = 0.5 * (lo + hi);
    (mean_shift(mid) > 0 ? lo : hi) = mid;
  }
  double lambda = 0.5 * (lo + hi);
  std::array<double, 3> p;
  double total = 0;
  for (int j = 0; j < 3; ++j) total += p[j] = f[j] / (1 + lambda * (kScores[j] - target));
  for (double& x : p) x /= total;
  return p;
}

}  // namespace

double sprt_llr(const Wdl& r, const SprtParams& params) {
  constexpr double kPseudoCount = 1e-3;
  std::array<double, 3> counts = {r.wins + kPseudoCount, r.draws + kPseudoCount,
                                  r.losses + kPseudoCount};
  double n = counts[0] + counts[1] + counts[2];
  std::array<double, 3> f = {counts[0] / n, counts[1] / n, counts[2] / n};
  std::array<double, 3> p0 = constrained_mle(f, score_of_elo(params.elo0));
  std::array<double, 3> p1 = constrained_mle(f, score_of_elo(params.elo1));
  double llr = 0;
  for (int j = 0; j < 3; ++j) llr += counts[j] * std::log(p1[j] / p0[j]);
  return llr;
}

SprtDecision sprt_decision(double llr, const SprtParams& params) {
  if (llr >= params.upper_bound()) return SprtDecision::kAcceptH1;
  if (llr <= params.lower_bound()) return SprtDecision::kAcceptH0;
  return SprtDecision::kContinue;
}

}  // namespace zertz::evaluation
