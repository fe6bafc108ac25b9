// The summary of many reviews (frontends/review_summary.h) and which games it skips
// (frontends/game_filter.h): phases, agreement and forecasts against a direct count, the
// summary line's round trip, and the filters' reasons and refusals.
#include "frontends/review_summary.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/atomic_file.h"
#include "core/error.h"
#include "frontends/game_filter.h"
#include "tests/scratch.h"

namespace zertz::frontends {
namespace {

TurnReview turn(int mover, int rings, std::optional<int> rank, bool raw_agrees, double score,
                double raw_score) {
  TurnReview t;
  t.mover = mover;
  t.rings = rings;
  t.rank = rank;
  t.played = "Wd4,a1";
  t.raw_best = raw_agrees ? t.played : "Gd4,a1";
  t.score_before = score;
  t.raw_wdl = {raw_score, 0.0, 1 - raw_score};
  t.legal_turns = 20;
  return t;
}

TEST(ReviewSummary, PhasesFollowTheShareOfRingsRemoved) {
  // 37 rings: the opening while at most 6 are gone, the middle up to 12, then the end.
  EXPECT_EQ(phase_of(37, 37), GamePhase::kOpening);
  EXPECT_EQ(phase_of(31, 37), GamePhase::kOpening);
  EXPECT_EQ(phase_of(30, 37), GamePhase::kMiddle);
  EXPECT_EQ(phase_of(25, 37), GamePhase::kMiddle);
  EXPECT_EQ(phase_of(24, 37), GamePhase::kEnd);
  EXPECT_EQ(phase_of(51, 61), GamePhase::kOpening);  // 10 of 61 gone
  EXPECT_EQ(phase_of(50, 61), GamePhase::kMiddle);
}

TEST(ReviewSummary, CountsAgreementByPhaseAndForecastsOfTheWinner) {
  GameReview review;
  review.result = "0-1";                            // the second player won
  review.turns = {turn(0, 37, 1, true, 0.7, 0.5),   // opening: top-1, raw agrees; wrong lean
                  turn(1, 36, 3, false, 0.6, 0.8),  // opening: top-3 only; right lean
                  turn(0, 28, std::nullopt, false, 0.2, 0.1),  // middle: unranked; right
                  turn(1, 20, 5, true, 0.9, 0.3)};             // end: raw agrees; right / wrong
  ReviewSummary s = summarize_review(review, 37);
  EXPECT_EQ(s.games, 1);
  const Agreement& opening = s.phases[0];
  EXPECT_EQ(opening.positions, 2);
  EXPECT_EQ(opening.top1, 1);
  EXPECT_EQ(opening.top3, 2);
  EXPECT_EQ(opening.raw_top1, 1);
  EXPECT_EQ(s.phases[1].positions, 1);
  EXPECT_EQ(s.phases[1].top3, 0);
  EXPECT_EQ(s.phases[2].positions, 1);
  EXPECT_EQ(s.phases[2].top3, 0);
  EXPECT_EQ(s.phases[2].raw_top1, 1);
  EXPECT_EQ(s.all_phases().positions, 4);
  // A forced turn agrees with anyone: it counts in the forecasts only.
  GameReview forced = review;
  forced.turns[0].legal_turns = 1;
  ReviewSummary without = summarize_review(forced, 37);
  EXPECT_EQ(without.phases[0].positions, 1);
  EXPECT_EQ(without.phases[0].top1, 0);
  EXPECT_EQ(without.searched_value.positions, 4);
  // Searched: the chances given to the winner are 0.3, 0.6, 0.8, 0.9.
  EXPECT_EQ(s.searched_value.positions, 4);
  EXPECT_DOUBLE_EQ(s.searched_value.correct, 3);
  EXPECT_NEAR(s.searched_value.log_loss,
              -(std::log(0.3) + std::log(0.6) + std::log(0.8) + std::log(0.9)), 1e-12);
  // Raw: 0.5 (no lean, half a point), 0.8, 0.9, 0.3.
  EXPECT_DOUBLE_EQ(s.raw_value.correct, 2.5);
  EXPECT_NEAR(s.raw_value.log_loss,
              -(std::log(0.5) + std::log(0.8) + std::log(0.9) + std::log(0.3)), 1e-12);
}

TEST(ReviewSummary, AnUndecidedGameForecastsNothing) {
  GameReview review;
  review.result = "*";
  review.turns = {turn(0, 37, 1, true, 0.7, 0.5)};
  ReviewSummary s = summarize_review(review, 37);
  EXPECT_EQ(s.phases[0].positions, 1);
  EXPECT_EQ(s.raw_value.positions, 0);
  EXPECT_EQ(s.searched_value.positions, 0);
}

TEST(ReviewSummary, ALineReadsBackAndSums) {
  GameReview review;
  review.result = "1-0";
  review.turns = {turn(0, 37, 1, true, 0.7, 0.5), turn(1, 20, 2, false, 0.4, 0.45)};
  ReviewSummary one = summarize_review(review, 37);
  GameRecord record;
  record.player1 = "alice";
  record.player2 = "bob";
  nlohmann::json line = summary_line(one, "games/a.sgf", record);
  EXPECT_EQ(line["source"], "games/a.sgf");
  EXPECT_EQ(line["players"][1], "bob");
  ReviewSummary back = summary_from_line(nlohmann::json::parse(line.dump()));
  ReviewSummary total;
  total += back;
  total += one;
  EXPECT_EQ(total.games, 2);
  EXPECT_EQ(total.phases[0].top1, 2);
  EXPECT_EQ(total.phases[2].top3, 2);
  EXPECT_NEAR(total.searched_value.log_loss, 2 * one.searched_value.log_loss, 1e-9);
  std::string table = summary_table(total);
  EXPECT_NE(table.find("| opening | 2 | 100.0% | 100.0% | 100.0% |"), std::string::npos) << table;
  EXPECT_NE(table.find("| all | 4 | 50.0% | 100.0% | 50.0% |"), std::string::npos) << table;
}

TEST(ReviewSummary, AMalformedLineIsRefusedByField) {
  EXPECT_THROW(summary_from_line(nlohmann::json::parse("{\"phases\": 3}")), InputError);
  try {
    summary_from_line(nlohmann::json::parse("[1, 2]"));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "summary line: no field 'phases'");
  }
}

TEST(GameFilter, SkipsShortGamesRobotsAndLowRatings) {
  GameRecord record;
  record.player1 = "alice";
  record.player2 = "DUMBOT";
  record.turns = {"Wd4,a1", "Gd5,a2"};
  GameFilter filter;
  EXPECT_EQ(skip_reason(record, filter), "");
  filter.min_turns = 3;
  EXPECT_EQ(skip_reason(record, filter), "2 turns, fewer than 3");
  filter.min_turns = 0;
  filter.skip_robots = true;
  EXPECT_EQ(skip_reason(record, filter), "robot DUMBOT");
  record.player2 = "bob";
  EXPECT_EQ(skip_reason(record, filter), "");
  filter.min_rating = 1500;
  filter.ratings = {{"alice", 1600}, {"bob", 1400}};
  EXPECT_EQ(skip_reason(record, filter), "player bob rated 1400, below 1500");
  filter.ratings.erase("bob");
  EXPECT_EQ(skip_reason(record, filter), "player bob unrated");
  filter.ratings["bob"] = 1500;
  EXPECT_EQ(skip_reason(record, filter), "");
  EXPECT_TRUE(is_robot("SmartBot"));
  EXPECT_TRUE(is_robot("weakbot"));
  EXPECT_FALSE(is_robot("robotnik"));
}

TEST(GameFilter, ReadsRatingsAndRefusesABadLineByNumber) {
  std::string dir = testing::fresh_scratch_dir("ratings").string();
  std::string path = dir + "/ratings.csv";
  write_file_atomically(path, "# name,rating\nalice,1620.5\n\n bob , 1400\n");
  auto ratings = read_ratings(path);
  EXPECT_EQ(ratings.size(), 2u);
  EXPECT_DOUBLE_EQ(ratings["alice"], 1620.5);
  EXPECT_DOUBLE_EQ(ratings["bob"], 1400);
  write_file_atomically(path, "alice,1620\nbob 1400\n");
  try {
    read_ratings(path);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), path + ":2: expected 'name,rating', found 'bob 1400'");
  }
  write_file_atomically(path, "alice,1620\nalice,1500\n");
  EXPECT_THROW(read_ratings(path), InputError);
  EXPECT_THROW(read_ratings(dir + "/none.csv"), InputError);
}

}  // namespace
}  // namespace zertz::frontends
