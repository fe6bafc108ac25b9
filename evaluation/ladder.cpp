#include "evaluation/ladder.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>

namespace zertz::evaluation {

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

Wdl games_between(const std::vector<PairResult>& played, const std::string& a,
                  const std::string& b) {
  Wdl total;
  for (const PairResult& p : played) {
    if (p.a == a && p.b == b) {
      total.wins += p.result.wins, total.draws += p.result.draws, total.losses += p.result.losses;
    } else if (p.a == b && p.b == a) {
      total.wins += p.result.losses, total.draws += p.result.draws, total.losses += p.result.wins;
    }
  }
  return total;
}

std::vector<ScheduledMatch> schedule_ladder_games(const std::vector<std::string>& checkpoints,
                                                  const std::vector<std::string>& rungs,
                                                  const std::vector<PairResult>& played,
                                                  const std::map<std::string, double>& ratings,
                                                  int games_per_pair) {
  const int wanted = games_per_pair + games_per_pair % 2;
  std::vector<ScheduledMatch> schedule;
  auto want = [&](const std::string& a, const std::string& b) {
    int missing = wanted - static_cast<int>(games_between(played, a, b).games());
    if (missing <= 0) return;
    schedule.push_back({a, b, missing + missing % 2});
  };
  auto rating = [&](const std::string& player) -> std::optional<double> {
    auto it = ratings.find(player);
    return it == ratings.end() ? std::nullopt : std::optional(it->second);
  };
  for (std::size_t r = 0; r + 1 < rungs.size(); ++r) want(rungs[r + 1], rungs[r]);
  if (rungs.empty()) return schedule;
  const int last = static_cast<int>(rungs.size()) - 1;
  for (std::size_t i = 0; i < checkpoints.size(); ++i) {
    const std::string& checkpoint = checkpoints[i];
    if (i > 0) want(checkpoint, checkpoints[i - 1]);
    // The rungs it has met, weakest and strongest.
    int low = -1, high = -1;
    for (int r = 0; r <= last; ++r) {
      if (games_between(played, checkpoint, rungs[r]).games() == 0) continue;
      if (low < 0) low = r;
      high = r;
    }
    if (low < 0) {
      std::optional<double> estimate = rating(checkpoint);
      if (!estimate && i > 0) estimate = rating(checkpoints[i - 1]);
      int nearest = 0;
      if (estimate) {
        double best = INFINITY;
        for (int r = 0; r <= last; ++r) {
          std::optional<double> rung = rating(rungs[r]);
          if (rung && std::abs(*rung - *estimate) < best)
            best = std::abs(*rung - *estimate), nearest = r;
        }
      }
      want(checkpoint, rungs[nearest]);
      continue;
    }
    for (int r = low; r <= high; ++r) {
      if (games_between(played, checkpoint, rungs[r]).games() > 0) want(checkpoint, rungs[r]);
    }
    Wdl against_high = games_between(played, checkpoint, rungs[high]);
    Wdl against_low = games_between(played, checkpoint, rungs[low]);
    if (against_high.games() >= wanted && against_high.score() > 0.75 && high < last) {
      want(checkpoint, rungs[high + 1]);
    }
    if (against_low.games() >= wanted && against_low.score() < 0.25 && low > 0) {
      want(checkpoint, rungs[low - 1]);
    }
  }
  return schedule;
}

}  // namespace zertz::evaluation
