// Game review (frontends/game_review.h): labels, the figures of each turn, determinism over
// workers, refusals, the summary, and golden reviews of two short games.
#include "frontends/game_review.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/record_file.h"
#include "mcts/players.h"
#include "mcts/search_player.h"
#include "tests/golden_file.h"

namespace zertz::frontends {
namespace {

const std::string kRecords = std::string(TESTDATA_DIR) + "/records/";

GameRecord record(const std::string& name) {
  RecordFile loaded = load_record_file(kRecords + name);
  EXPECT_TRUE(loaded.ok) << loaded.reason;
  return loaded.record;
}

GameReview review_with_rollouts(const GameRecord& game, int workers, int visits = 100) {
  ReviewOptions options;
  options.visits = visits;
  options.workers = workers;
  return review_game(game, mcts::uniform_evaluator(), mcts::rollout_search_params(), options);
}

TEST(GameReview, LabelsFollowTheDropOfTheExpectedScore) {
  EXPECT_STREQ(label_for_drop(0.0), "");
  EXPECT_STREQ(label_for_drop(0.049), "");
  EXPECT_STREQ(label_for_drop(0.05), "inaccuracy");
  EXPECT_STREQ(label_for_drop(0.10), "mistake");
  EXPECT_STREQ(label_for_drop(0.15), "blunder");
  EXPECT_STREQ(label_for_drop(1.0), "blunder");
}

TEST(GameReview, EveryTurnHasConsistentFigures) {
  GameRecord game = record("random-basic.zertz");
  GameReview review = review_with_rollouts(game, 2);
  ASSERT_EQ(review.turns.size(), game.turns.size());
  for (const TurnReview& t : review.turns) {
    for (const auto& wdl : {t.wdl_before, t.wdl_after}) {
      EXPECT_NEAR(wdl[0] + wdl[1] + wdl[2], 1.0, 1e-9) << t.number;
      EXPECT_GE(std::min({wdl[0], wdl[1], wdl[2]}), 0.0) << t.number;
    }
    EXPECT_DOUBLE_EQ(t.score_before, t.wdl_before[0] + t.wdl_before[1] / 2);
    EXPECT_DOUBLE_EQ(t.drop, std::max(0.0, t.score_before - t.score_after));
    EXPECT_EQ(t.label, label_for_drop(t.drop));
    EXPECT_FALSE(t.best.empty()) << t.number;
    EXPECT_EQ(t.pv.front(), t.best);
    if (t.rank) {
      EXPECT_GE(*t.rank, 1);
      EXPECT_LE(*t.rank, t.candidates);
      if (*t.rank == 1) {
        EXPECT_EQ(t.played, t.best);
      }
    }
    EXPECT_GT(t.prior, 0.0) << t.number;  // uniform priors: every legal turn has some
    EXPECT_EQ(t.mover, (t.number - 1) % 2);
  }
  // The record is 0-1: the last turn, by the second player, won the game.
  const TurnReview& last = review.turns.back();
  EXPECT_EQ(last.mover, 1);
  EXPECT_EQ(last.wdl_after, (std::array<double, 3>{1.0, 0.0, 0.0}));
}

TEST(GameReview, WorkersDoNotChangeTheReview) {
  GameRecord game = record("random-basic.zertz");
  EXPECT_EQ(review_json(review_with_rollouts(game, 1), "x"),
            review_json(review_with_rollouts(game, 3), "x"));
}

TEST(GameReview, AnIllegalTurnIsRefusedByNumber) {
  GameRecord game = record("short-game.zertz");
  game.turns[1] = "Wd4,a2";  // d4 is taken by the first turn
  try {
    review_with_rollouts(game, 2);
    FAIL() << "expected a refusal";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("turn 2: ", 0), 0u) << e.what();
  }
}

TEST(GameReview, GamesReviewedSideBySideMatchTheirReviewsAloneInOrder) {
  GameRecord illegal = record("short-game.zertz");
  illegal.turns[1] = "Wd4,a2";
  std::vector<GameRecord> games = {record("random-basic.zertz"), illegal,
                                   record("short-game.zertz")};
  mcts::SearchParams params = mcts::rollout_search_params();
  std::vector<ReviewJob> jobs;
  for (const GameRecord& game : games) jobs.push_back({&game, &mcts::uniform_evaluator(), params});
  for (int workers : {1, 3}) {
    ReviewOptions options;
    options.visits = 100;
    options.workers = workers;
    std::vector<std::size_t> order;
    std::vector<std::string> outcomes;
    review_games(jobs, options,
                 [&](std::size_t game, const GameReview* review, const std::string& refusal) {
                   order.push_back(game);
                   outcomes.push_back(review ? review_json(*review, "x") : "refused: " + refusal);
                 });
    ASSERT_EQ(order, (std::vector<std::size_t>{0, 1, 2})) << workers;
    EXPECT_EQ(outcomes[0], review_json(review_with_rollouts(games[0], 1), "x"));
    EXPECT_EQ(outcomes[1].rfind("refused: turn 2: ", 0), 0u) << outcomes[1];
    EXPECT_EQ(outcomes[2], review_json(review_with_rollouts(games[2], 2), "x"));
  }
}

TEST(GameReview, AFailureToReportAGameStopsTheReviewWithItsError) {
  std::vector<GameRecord> games = {record("short-game.zertz"), record("random-basic.zertz")};
  std::vector<ReviewJob> jobs;
  for (const GameRecord& game : games) {
    jobs.push_back({&game, &mcts::uniform_evaluator(), mcts::rollout_search_params()});
  }
  ReviewOptions options;
  options.visits = 20;
  int reported = 0;
  EXPECT_THROW(review_games(jobs, options,
                            [&](std::size_t, const GameReview*, const std::string&) {
                              ++reported;
                              throw std::runtime_error("disk full");
                            }),
               std::runtime_error);
  EXPECT_EQ(reported, 1);
}

TEST(GameReview, TheSummaryNamesTheBiggestDropsOfEachSide) {
  GameReview review;
  TurnReview small;
  small.number = 1;
  small.played = "Wd4,a1";
  small.drop = 0.06;
  small.label = "inaccuracy";
  small.best = "Wd2,a2";
  TurnReview big = small;
  big.number = 3;
  big.drop = 0.4;
  big.label = "blunder";
  review.turns = {small, big};
  std::vector<std::string> lines = review_summary(review, 1);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("first player: turn 3 Wd4,a1: blunder", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1], "second player: no inaccuracies");
}

TEST(GameReview, GoldenReviewsOfTwoShortGames) {
  // Random playouts, seed 1: a change of behaviour shows up as a diff of the files.
  for (const std::string name : {"short-game", "random-basic"}) {
    std::string json = review_json(review_with_rollouts(record(name + ".zertz"), 2, 200),
                                   "records/" + name + ".zertz");
    std::vector<std::string> lines;
    std::istringstream in(json);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    testing::expect_golden_file(lines, std::string(TESTDATA_DIR) + "/reviews/" + name + ".json",
                                "ZERTZ_REGENERATE_REVIEWS");
  }
}

}  // namespace
}  // namespace zertz::frontends
