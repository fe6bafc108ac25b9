#include "training/ladder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "core/random.h"

namespace zertz::training {
namespace {

// `games` simulated games between players of known ratings (20% draws).
PairResult simulate(const std::string& a, const std::string& b, double elo_a, double elo_b,
                    int games, Rng& rng) {
  double s = score_of_elo(elo_a - elo_b), draw = 0.2;
  PairResult p{a, b, {}};
  for (int g = 0; g < games; ++g) {
    double u = rng.uniform();
    (u < s - draw / 2 ? p.result.wins : u < s + draw / 2 ? p.result.draws : p.result.losses) += 1;
  }
  return p;
}

TEST(Ladder, RecoversKnownRatingsFromSimulatedGames) {
  std::map<std::string, double> truth = {{"random", 0},   {"greedy", 150}, {"step-1", -80},
                                         {"step-2", 250}, {"step-3", 420}, {"step-4", 500}};
  std::vector<std::pair<std::string, std::string>> pairs = {
      {"greedy", "random"}, {"step-1", "random"}, {"step-2", "step-1"}, {"step-2", "random"},
      {"step-3", "step-2"}, {"step-3", "step-1"}, {"step-3", "greedy"}, {"step-4", "step-3"},
      {"step-4", "step-2"}, {"step-4", "greedy"}};
  Rng rng(11);
  std::vector<PairResult> results;
  for (const auto& [a, b] : pairs) results.push_back(simulate(a, b, truth[a], truth[b], 1500, rng));
  std::vector<Rating> ratings = fit_ratings(results, {"random", 1.0});
  ASSERT_EQ(ratings.size(), truth.size());
  for (const Rating& r : ratings) {
    SCOPED_TRACE(r.player);
    EXPECT_TRUE(r.connected);
    if (r.player == "random") {
      EXPECT_EQ(r.elo, 0);
      EXPECT_EQ(r.error95, 0);
      continue;
    }
    EXPECT_GT(r.error95, 5);
    EXPECT_LT(r.error95, 40);
    EXPECT_LT(std::abs(r.elo - truth[r.player]), 1.5 * r.error95);
  }
}

TEST(Ladder, DrawsCountHalfAndACleanSweepStaysFinite) {
  // 30 draws and 10 wins of 40 games: score 0.625 (Elo 88.7); one virtual draw barely moves it.
  std::vector<Rating> even = fit_ratings({{"a", "random", {10, 30, 0}}}, {"random", 0.0});
  EXPECT_NEAR(even[0].elo, elo_of_score(0.625), 1e-6);
  std::vector<Rating> sweep = fit_ratings({{"a", "random", {20, 0, 0}}}, {"random", 1.0});
  EXPECT_NEAR(sweep[0].elo, elo_of_score(20.5 / 21), 1e-6);
}

TEST(Ladder, PlayersWithoutAChainToTheAnchorAreNotRated) {
  std::vector<Rating> r =
      fit_ratings({{"a", "random", {5, 0, 5}}, {"x", "y", {3, 0, 1}}}, {"random", 1.0});
  ASSERT_EQ(r.size(), 4u);
  EXPECT_TRUE(r[0].connected && r[1].connected);
  EXPECT_FALSE(r[2].connected || r[3].connected);
  EXPECT_THROW(fit_ratings({{"x", "y", {3, 0, 1}}}, {"random", 1.0}), std::invalid_argument);
}

TEST(Ladder, SchedulesTheMissingGames) {
  // Games count in either orientation: s2 has 10 of its 20 games against greedy, s1 all 20.
  std::vector<PairResult> played = {{"greedy", "s2", {3, 1, 6}}, {"s1", "greedy", {20, 0, 0}}};
  std::vector<ScheduledMatch> s =
      schedule_missing_games({"s1", "s2", "s3"}, "greedy", "random", played, 20);
  std::vector<std::tuple<std::string, std::string, int>> got;
  for (const ScheduledMatch& m : s) got.emplace_back(m.a, m.b, m.games);
  std::vector<std::tuple<std::string, std::string, int>> want = {
      {"greedy", "random", 20}, {"s2", "s1", 20}, {"s2", "greedy", 10},
      {"s3", "s2", 20},         {"s3", "s1", 20}, {"s3", "greedy", 20}};
  EXPECT_EQ(got, want);
  // An odd shortfall rounds up to whole colour-swapped pairs.
  s = schedule_missing_games({"s1"}, "random", "random", {{"s1", "random", {2, 1, 0}}}, 10);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].games, 8);
  EXPECT_TRUE(schedule_missing_games({"s1"}, "random", "random", {{"s1", "random", {6, 0, 4}}}, 10)
                  .empty());
}

}  // namespace
}  // namespace zertz::training
