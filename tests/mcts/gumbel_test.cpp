#include "mcts/gumbel.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "core/position.h"
#include "mcts/search.h"
#include "mcts/selfplay_batch.h"
#include "tests/mcts/tree_checks.h"

namespace zertz::mcts {
namespace {

TEST(Gumbel, SequentialHalvingScheduleMatchesMctx) {
  // 4 actions, 8 simulations: one visit each, then the best 2 get three more between them.
  EXPECT_EQ(considered_visit_sequence(4, 8),
            (std::vector<std::uint32_t>{0, 0, 0, 0, 1, 1, 2, 2}));
  EXPECT_EQ(considered_visit_sequence(1, 3), (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_TRUE(considered_visit_sequence(16, 0).empty());
  std::vector<std::uint32_t> s = considered_visit_sequence(16, 80);
  ASSERT_EQ(s.size(), 80u);
  for (int k = 0; k < 16; ++k) EXPECT_EQ(s[k], 0u) << k;  // every considered action once first
  EXPECT_EQ(s[16], 1u);
}

TEST(Gumbel, MixedValueWeighsTheRootByOneVisit) {
  std::vector<float> priors{0.6f, 0.4f}, values{0.5f, -1.0f};
  std::vector<std::uint32_t> visits{3, 0};
  // Only the visited action counts: (0.2 + 3 * 0.5) / (1 + 3).
  EXPECT_NEAR(mixed_value(0.2f, priors, values, visits), 0.425f, 1e-6f);
  std::vector<std::uint32_t> none{0, 0};
  EXPECT_EQ(mixed_value(0.2f, priors, values, none), 0.2f);
}

TEST(Gumbel, CompletedQPolicyByHand) {
  std::vector<float> priors{0.5f, 0.5f, 0.0f}, values{1.0f, 0.0f, 0.0f};
  std::vector<std::uint32_t> visits{1, 0, 0};
  bool excluded[] = {false, false, true};
  // c_visit 0, c_scale 1: sigma = max visits (1) * q01; action 0 has q01 = 1, action 1 takes
  // the unvisited value 0 (q01 = 0.5).
  std::vector<float> p = completed_q_policy(priors, values, visits, excluded, 0.0f, 0.0f, 1.0f);
  double e = std::exp(0.5);
  EXPECT_NEAR(p[0], e / (e + 1.0), 1e-6);
  EXPECT_NEAR(p[1], 1.0 / (e + 1.0), 1e-6);
  EXPECT_EQ(p[2], 0.0f);
}

TEST(Gumbel, NoiseIsStandardGumbel) {
  Rng rng(7);
  double sum = 0.0;
  constexpr int kSamples = 200000;
  for (int i = 0; i < kSamples; ++i) sum += sample_gumbel(rng);
  EXPECT_NEAR(sum / kSamples, 0.5772, 0.01);  // the Euler-Mascheroni constant
}

// At the start of basic Zertz: a white marble on the centre ring is worth 0.8 to the player who
// placed it (player 0), anything else 0. The priors hide it: ten decoys hold 80%, the centre
// white 5%, the rest share 15%.
class HiddenGoodMoveEvaluator : public Evaluator {
 public:
  explicit HiddenGoodMoveEvaluator(Action good) : good_(good) {}
  void evaluate(std::span<const EvalRequest> batch) override {
    for (const EvalRequest& r : batch) {
      int decoys = 0;
      std::size_t rest = r.actions.size() - 1 - std::min<std::size_t>(10, r.actions.size() - 1);
      for (std::size_t i = 0; i < r.actions.size(); ++i) {
        if (r.actions[i] == good_) {
          r.priors[i] = 0.05f;
        } else if (decoys < 10) {
          r.priors[i] = 0.08f;
          ++decoys;
        } else {
          r.priors[i] = 0.15f / static_cast<float>(rest);
        }
      }
      int centre = good_.cell();
      bool placed = r.state->marble_at(centre) == good_.colour();
      *r.value = placed ? (r.state->to_move() == 0 ? 0.8f : -0.8f) : 0.0f;
    }
  }

 private:
  Action good_;
};

SearchParams gumbel_params(bool noise) {
  SearchParams params;
  params.gumbel_root = true;
  params.gumbel_noise = noise;
  params.gumbel_considered = 16;
  params.dirichlet_epsilon = 0.25f;  // ignored under a Gumbel root
  params.forced_playouts_k = 2.0f;   // likewise
  return params;
}

TEST(Gumbel, RootFindsAndTeachesTheHiddenGoodMove) {
  State start(Variant::basic());
  Action good = Action::place(0, *start.board().parse_cell("d4"));
  HiddenGoodMoveEvaluator evaluator(good);
  Search search(gumbel_params(/*noise=*/false), evaluator, start);
  Rng rng(3);
  SearchResult r = search.run(48, /*full=*/true, /*temperature=*/1.0f, rng);
  EXPECT_EQ(r.chosen, good);
  int visited = 0;
  float target_sum = 0.0f;
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    visited += r.visits[i] > 0;
    target_sum += r.policy_target[i];
    if (r.actions[i] == good) {
      EXPECT_GT(r.policy_target[i], 0.9f) << "prior 0.05";
    }
  }
  EXPECT_EQ(visited, 16) << "exactly the considered actions are searched";
  EXPECT_NEAR(target_sum, 1.0f, 1e-5f);
}

TEST(Gumbel, NoiseVariesTheConsideredActionsAndTheSeedFixesThem) {
  State start(Variant::basic());
  Action good = Action::place(0, *start.board().parse_cell("d4"));
  HiddenGoodMoveEvaluator evaluator(good);
  auto visited_set = [&](std::uint64_t seed) {
    Search search(gumbel_params(/*noise=*/true), evaluator, start);
    Rng rng(seed);
    SearchResult r = search.run(32, /*full=*/true, 0.0f, rng);
    std::vector<bool> visited;
    for (std::uint32_t v : r.visits) visited.push_back(v > 0);
    return visited;
  };
  EXPECT_EQ(visited_set(5), visited_set(5));
  EXPECT_NE(visited_set(5), visited_set(6));
}

// A Gumbel root starts each search afresh, but a proven child's subtree is kept: the winning
// chain's second jump is played from the proof, with no new search.
TEST(Gumbel, AProvenChildIsKeptForTheNextDecision) {
  State state = parse_position_string(testing::kChainWin);
  const Board& b = state.board();
  UniformEvaluator evaluator;
  Search search(gumbel_params(/*noise=*/true), evaluator, state);
  Rng rng(5);
  SearchResult first = search.run(300, /*full=*/true, /*temperature=*/1.0f, rng);
  ASSERT_EQ(first.proven, Proven::kWin);
  ASSERT_EQ(first.chosen, Action::jump(*b.parse_cell("c1"), 0));
  search.play(first.chosen);
  EXPECT_EQ(search.root().proven(), Proven::kWin) << "the proof is kept";
  std::uint32_t kept_visits = search.root().visits();
  SearchResult second = search.run(300, /*full=*/true, /*temperature=*/1.0f, rng);
  EXPECT_EQ(second.proven, Proven::kWin);
  EXPECT_EQ(second.chosen, Action::jump(*b.parse_cell("c3"), 0));
  EXPECT_EQ(second.root_visits, kept_visits) << "a proven root needs no search";

  // An unproven child is not kept: the next search starts from nothing.
  Search fresh(gumbel_params(/*noise=*/true), evaluator, State(Variant::basic()));
  SearchResult opening = fresh.run(64, /*full=*/true, /*temperature=*/1.0f, rng);
  ASSERT_EQ(opening.proven, Proven::kUnknown);
  fresh.play(opening.chosen);
  EXPECT_EQ(fresh.root().visits(), 0u);
}

TEST(Gumbel, SelfPlayGamesFinishWithNormalisedTargets) {
  SearchParams params = gumbel_params(/*noise=*/true);
  params.full_visits = 24;
  params.cheap_visits = 8;
  params.full_search_probability = 0.5f;
  SelfPlayOptions options;
  options.games_in_flight = 3;
  options.leaves_per_game = 4;
  UniformEvaluator evaluator;
  SelfPlayBatch batch(State(Variant::basic()), params, options, evaluator);
  int games = 0;
  batch.play(3, [&](SelfPlayGame&& game) {
    ++games;
    Game replay{State(Variant::basic())};
    for (std::size_t i = 0; i < game.actions.size(); ++i) {
      const SearchResult& search = game.searches[i];
      ASSERT_TRUE(replay.state().is_legal(game.actions[i]));
      float sum = 0.0f;
      for (float p : search.policy_target) sum += p;
      EXPECT_NEAR(sum, 1.0f, 1e-4f) << "decision " << i;
      replay.apply(game.actions[i]);
    }
    EXPECT_TRUE(replay.is_terminal() || game.capped);
  });
  EXPECT_EQ(games, 3);
}

}  // namespace
}  // namespace zertz::mcts
