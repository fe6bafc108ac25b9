#include "training/ladder.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace zertz::training {

namespace {

// Logistic Elo per natural unit of the log-odds.
const double kEloPerUnit = 400.0 / std::log(10.0);

// Games between two players, as points and game counts (draws as half points).
struct Pairing {
  int i, j;
  double points_i, games;
};

double log_likelihood(const std::vector<Pairing>& pairings, const Eigen::VectorXd& r) {
  double sum = 0;
  for (const Pairing& p : pairings) {
    double d = r[p.i] - r[p.j];
    // log sigma(d) = -log(1 + e^-d), written to stay finite for large |d|.
    auto log_sigma = [](double x) {
      return x > 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
    };
    sum += p.points_i * log_sigma(d) + (p.games - p.points_i) * log_sigma(-d);
  }
  return sum;
}

// The players reachable from `start` through games played.
std::vector<bool> reachable(int players, const std::vector<Pairing>& pairings, int start) {
  std::vector<bool> seen(players, false);
  seen[start] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (const Pairing& p : pairings) {
      if (seen[p.i] != seen[p.j]) seen[p.i] = seen[p.j] = grew = true;
    }
  }
  return seen;
}

}  // namespace

std::vector<Rating> fit_ratings(const std::vector<PairResult>& results, const FitOptions& options) {
  std::vector<Rating> ratings;
  std::map<std::string, int> index;
  auto player = [&](const std::string& name) {
    auto [it, added] = index.emplace(name, static_cast<int>(ratings.size()));
    if (added) ratings.push_back(Rating{name});
    return it->second;
  };
  std::map<std::pair<int, int>, Pairing> merged;
  for (const PairResult& pr : results) {
    int a = player(pr.a), b = player(pr.b);
    if (a == b || pr.result.games() == 0) continue;
    int low = std::min(a, b), high = std::max(a, b);
    Pairing& p = merged.try_emplace({low, high}, Pairing{low, high, 0, 0}).first->second;
    double points_a = pr.result.wins + 0.5 * pr.result.draws;
    p.points_i += a == low ? points_a : pr.result.games() - points_a;
    p.games += pr.result.games();
    ratings[a].games += pr.result.games();
    ratings[b].games += pr.result.games();
  }
  if (!index.count(options.anchor) || ratings[index[options.anchor]].games == 0) {
    throw std::invalid_argument("no games of the anchor player " + options.anchor);
  }
  int anchor = index[options.anchor];
  std::vector<Pairing> pairings;
  for (auto& [key, p] : merged) {
    p.points_i += 0.5 * options.virtual_draws;
    p.games += options.virtual_draws;
    pairings.push_back(p);
  }

  // Unknowns: the players connected to the anchor, the anchor itself excluded (fixed at 0).
  int n = static_cast<int>(ratings.size());
  std::vector<bool> connected = reachable(n, pairings, anchor);
  std::vector<int> unknown(n, -1);
  int m = 0;
  for (int i = 0; i < n; ++i) {
    ratings[i].connected = connected[i];
    if (connected[i] && i != anchor) unknown[i] = m++;
  }
  std::erase_if(pairings, [&](const Pairing& p) { return !connected[p.i]; });

  // Newton's method on the concave log-likelihood, halving a step that does not improve it.
  Eigen::VectorXd r = Eigen::VectorXd::Zero(n);
  Eigen::MatrixXd information(m, m);  // minus the Hessian over the unknowns
  for (int iteration = 0; iteration < 100; ++iteration) {
    Eigen::VectorXd gradient = Eigen::VectorXd::Zero(m);
    information.setZero();
    for (const Pairing& p : pairings) {
      double expected = 1 / (1 + std::exp(r[p.j] - r[p.i]));
      double residual = p.points_i - p.games * expected;
      double weight = p.games * expected * (1 - expected);
      int ui = unknown[p.i], uj = unknown[p.j];
      if (ui >= 0) gradient[ui] += residual, information(ui, ui) += weight;
      if (uj >= 0) gradient[uj] -= residual, information(uj, uj) += weight;
      if (ui >= 0 && uj >= 0) information(ui, uj) -= weight, information(uj, ui) -= weight;
    }
    if (m == 0 || gradient.norm() < 1e-10) break;
    Eigen::VectorXd step = information.ldlt().solve(gradient);
    double before = log_likelihood(pairings, r);
    for (double scale = 1; scale > 1e-6; scale /= 2) {
      Eigen::VectorXd trial = r;
      for (int i = 0; i < n; ++i) {
        if (unknown[i] >= 0) trial[i] += scale * step[unknown[i]];
      }
      if (log_likelihood(pairings, trial) >= before) {
        r = trial;
        break;
      }
    }
  }
  Eigen::MatrixXd covariance = m > 0 ? Eigen::MatrixXd(information.inverse()) : information;
  for (int i = 0; i < n; ++i) {
    if (!connected[i]) continue;
    ratings[i].elo = kEloPerUnit * r[i];
    if (unknown[i] >= 0)
      ratings[i].error95 = 1.96 * kEloPerUnit * std::sqrt(covariance(unknown[i], unknown[i]));
  }
  return ratings;
}

std::vector<ScheduledMatch> schedule_missing_games(const std::vector<std::string>& checkpoints,
                                                   const std::string& baseline,
                                                   const std::string& anchor,
                                                   const std::vector<PairResult>& played,
                                                   int games_per_pair) {
  std::map<std::pair<std::string, std::string>, double> games;
  auto key = [](const std::string& a, const std::string& b) {
    return a < b ? std::pair(a, b) : std::pair(b, a);
  };
  for (const PairResult& p : played) games[key(p.a, p.b)] += p.result.games();
  int wanted = games_per_pair + games_per_pair % 2;
  std::vector<ScheduledMatch> schedule;
  auto want = [&](const std::string& a, const std::string& b) {
    double& have = games[key(a, b)];
    int missing = wanted - static_cast<int>(have);
    if (missing <= 0) return;
    missing += missing % 2;
    schedule.push_back({a, b, missing});
    have += missing;
  };
  if (baseline != anchor) want(baseline, anchor);
  for (std::size_t i = 0; i < checkpoints.size(); ++i) {
    for (std::size_t back = 1; back <= 2 && back <= i; ++back)
      want(checkpoints[i], checkpoints[i - back]);
    want(checkpoints[i], baseline);
  }
  return schedule;
}

}  // namespace zertz::training
