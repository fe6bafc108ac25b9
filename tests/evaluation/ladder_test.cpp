#include "evaluation/ladder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <tuple>

#include "core/random.h"

namespace zertz::evaluation {
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

using Schedule = std::vector<std::tuple<std::string, std::string, int>>;

Schedule listed(const std::vector<ScheduledMatch>& schedule) {
  Schedule out;
  for (const ScheduledMatch& m : schedule) out.emplace_back(m.a, m.b, m.games);
  return out;
}

const std::vector<std::string> kRungs = {"r50", "r200", "r1000"};

TEST(Ladder, ConnectsTheRungsAndMeetsEachCheckpointAtTheNearestRung) {
  // Nothing played: the rungs meet each other; s1 starts at the weakest rung; s2 meets s1,
  // and (no ratings yet) the weakest rung too.
  EXPECT_EQ(listed(schedule_ladder_games({"s1", "s2"}, kRungs, {}, {}, 20)),
            (Schedule{{"r200", "r50", 20},
                      {"r1000", "r200", 20},
                      {"s1", "r50", 20},
                      {"s2", "s1", 20},
                      {"s2", "r50", 20}}));
  // Games count in either orientation, and an odd shortfall rounds up to whole pairs.
  std::vector<PairResult> played = {
      {"r50", "r200", {3, 0, 17}}, {"r1000", "r200", {16, 0, 3}}, {"s1", "r50", {10, 0, 10}}};
  std::map<std::string, double> ratings = {
      {"r50", -250}, {"r200", 0}, {"r1000", 290}, {"s1", -240}};
  EXPECT_EQ(listed(schedule_ladder_games({"s1"}, kRungs, played, ratings, 20)),
            (Schedule{{"r1000", "r200", 2}}));
  // A new checkpoint without a rating starts at the rung nearest the previous one's...
  ratings["s1"] = 230;
  played.push_back({"s2", "s1", {10, 0, 10}});
  EXPECT_EQ(listed(schedule_ladder_games({"s1", "s2"}, kRungs, played, ratings, 20)),
            (Schedule{{"r1000", "r200", 2}, {"s2", "r1000", 20}}));
  // ... and at the one nearest its own once it has one.
  ratings["s2"] = 10;
  EXPECT_EQ(listed(schedule_ladder_games({"s1", "s2"}, kRungs, played, ratings, 20)),
            (Schedule{{"r1000", "r200", 2}, {"s2", "r200", 20}}));
}

TEST(Ladder, ClimbsARungAfterAScoreAbove75PercentAndStepsDownBelow25) {
  std::vector<PairResult> played = {{"r200", "r50", {17, 0, 3}},
                                    {"r1000", "r200", {17, 0, 3}},
                                    {"s1", "r50", {16, 0, 4}}};  // 80%: too easy to say much
  EXPECT_EQ(listed(schedule_ladder_games({"s1"}, kRungs, played, {}, 20)),
            (Schedule{{"s1", "r200", 20}}));
  played.push_back({"s1", "r200", {15, 0, 5}});  // 75%: informative enough, no further
  EXPECT_TRUE(schedule_ladder_games({"s1"}, kRungs, played, {}, 20).empty());
  played = {{"r200", "r50", {17, 0, 3}},
            {"r1000", "r200", {17, 0, 3}},
            {"s1", "r1000", {2, 1, 17}}};  // 12.5%: step down
  EXPECT_EQ(listed(schedule_ladder_games({"s1"}, kRungs, played, {}, 20)),
            (Schedule{{"s1", "r200", 20}}));
  // The strongest rung has nothing above it; a short pair is topped up before climbing.
  played = {{"r200", "r50", {17, 0, 3}},
            {"r1000", "r200", {17, 0, 3}},
            {"s1", "r1000", {20, 0, 0}},
            {"s2", "s1", {10, 0, 10}},
            {"s2", "r50", {8, 0, 0}}};
  EXPECT_EQ(listed(schedule_ladder_games({"s1", "s2"}, kRungs, played, {}, 20)),
            (Schedule{{"s2", "r50", 12}}));
}

}  // namespace
}  // namespace zertz::evaluation
