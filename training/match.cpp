#include "training/match.h"

#include <atomic>
#include <cmath>
#include <limits>
#include <mutex>
#include <thread>

namespace zertz::training {

double elo_of_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double MatchResult::score() const {
  int n = wins + draws + losses;
  return n ? (wins + 0.5 * draws) / n : 0.5;
}

double MatchResult::elo() const { return elo_of_score(score()); }

namespace {
double score_margin(const MatchResult& r) {
  int n = r.wins + r.draws + r.losses;
  if (n == 0) return 0;
  double s = r.score();
  double variance = (r.wins * (1 - s) * (1 - s) + r.draws * (0.5 - s) * (0.5 - s) + r.losses * s * s) / n;
  return 1.96 * std::sqrt(variance / n);
}
}  // namespace

double MatchResult::elo_low() const { return elo_of_score(score() - score_margin(*this)); }
double MatchResult::elo_high() const { return elo_of_score(score() + score_margin(*this)); }

MatchResult play_match(const Variant& variant, const PlayerFactory& first, const PlayerFactory& second,
                       const MatchOptions& options) {
  MatchResult result;
  std::mutex mutex;
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int g; (g = next++) < options.games;) {
      // A pair of games shares its opening; the first player moves first in even games.
      Rng opening(options.seed * 7919 + static_cast<std::uint64_t>(g / 2));
      std::uint64_t seed = options.seed * 1000003 + static_cast<std::uint64_t>(g);
      std::unique_ptr<mcts::Player> a = first(seed), b = second(seed + 500009);
      Game game{State(variant)};
      for (int i = 0; i < options.opening_actions && !game.is_terminal(); ++i) {
        game.apply(game.state().random_action(opening));
      }
      bool a_first = g % 2 == 0;
      while (!game.is_terminal() && game.turns_played() < options.max_turns) {
        bool a_moves = (game.state().to_move() == 0) == a_first;
        game.apply((a_moves ? a : b)->choose_action(game));
      }
      int a_result = 0;
      if (game.is_terminal() && game.outcome() != Outcome::kDraw) {
        bool first_won = game.outcome() == Outcome::kFirstWins;
        a_result = first_won == a_first ? 1 : -1;
      }
      std::lock_guard lock(mutex);
      (a_result > 0 ? result.wins : a_result < 0 ? result.losses : result.draws)++;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, options.threads); ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  return result;
}

}  // namespace zertz::training
