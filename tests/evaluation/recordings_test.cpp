// Recordings: a short match and a short self-play run with fixed seeds on one thread, written
// out as text and compared with tests/data/recordings/, so that a redesign that should keep
// behaviour (issue 12) shows any change as a readable diff. After an intended change:
//   ZERTZ_REGENERATE_RECORDINGS=1 evaluation_tests --gtest_filter='Recordings*'
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "evaluation/match.h"
#include "mcts/selfplay_batch.h"
#include "tests/golden_file.h"

namespace zertz::evaluation {
namespace {

std::string path_for(const std::string& name) {
  return std::string(TESTDATA_DIR) + "/recordings/" + name + ".txt";
}

const char* kRegenerate = "ZERTZ_REGENERATE_RECORDINGS";

TEST(Recordings, MatchBetweenBaselines) {
  MatchOptions options;
  options.games = 4;
  options.threads = 1;
  options.seed = 11;
  std::vector<std::string> lines = {
      "# rollout:40 against greedy in basic, 4 games, seed 11, one thread "
      "(tests/evaluation/recordings_test.cpp)"};
  options.on_game = [&](const MatchGame& game, const MatchResult& so_far) {
    lines.push_back("game " + std::to_string(game.index) +
                    (game.first_is_player1 ? ", " : ", not ") + "first to move, result " +
                    std::to_string(game.first_result) + ", " + game.record.termination +
                    ", score so far " + std::to_string(so_far.wins) + "-" +
                    std::to_string(so_far.draws) + "-" + std::to_string(so_far.losses));
    std::string turns;
    for (const std::string& turn : game.record.turns) turns += " " + turn;
    lines.push_back(" " + turns);
    return false;
  };
  auto player = [](const std::string& spec) {
    return [spec](std::uint64_t seed) { return mcts::make_player(spec, seed); };
  };
  play_match(Variant::basic(), player("rollout:40"), player("greedy"), options);
  testing::expect_golden_file(lines, path_for("match-basic"), kRegenerate);
}

std::string fixed(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", x);
  return text;
}

TEST(Recordings, SelfPlayWithPlayoutsAndGumbelRoot) {
  mcts::SearchParams params;  // the default config's search, with fewer visits
  params.full_visits = 32;
  params.cheap_visits = 8;
  params.full_search_probability = 0.4f;
  params.leaf_rollouts = 4;
  params.rollout_weight = 1.0f;
  params.prior_temperature = 2.0f;
  params.gumbel_root = true;
  params.gumbel_noise = true;
  params.gumbel_considered = 8;
  mcts::SelfPlayOptions options;
  options.games_in_flight = 2;
  options.max_turns = 200;
  options.seed = 5;
  mcts::UniformEvaluator evaluator;
  mcts::SelfPlayBatch batch(State(Variant::basic()), params, options, evaluator);
  std::map<int, mcts::SelfPlayGame> games;
  batch.play(3, [&](mcts::SelfPlayGame&& game) { games[game.index] = std::move(game); });
  std::vector<std::string> lines = {
      "# Self-play in basic: uniform evaluator, 4 playouts per leaf, Gumbel root, 32/8 visits, "
      "3 games, 2 in flight, seed 5 (tests/evaluation/recordings_test.cpp). Per decision: the "
      "action, F(ull) or c(heap) search, the root value, the chosen action's target."};
  for (const auto& [index, game] : games) {
    lines.push_back("game " + std::to_string(index) + ": " + std::to_string(game.turns) +
                    " turns, outcome " + std::to_string(static_cast<int>(game.outcome)) +
                    (game.capped ? ", capped" : ""));
    Game replay{State(Variant::basic())};
    for (std::size_t i = 0; i < game.actions.size(); ++i) {
      const mcts::SearchResult& search = game.searches[i];
      float target = 0.0f;
      for (std::size_t a = 0; a < search.policy_target.size(); ++a) {
        if (search.actions[a] == game.actions[i]) target = search.policy_target[a];
      }
      lines.push_back("  " + game.actions[i].to_string(replay.state().board()) + " " +
                      (search.full_search ? "F " : "c ") + fixed(search.root_value) + " " +
                      fixed(target));
      replay.apply(game.actions[i]);
    }
  }
  testing::expect_golden_file(lines, path_for("selfplay-basic"), kRegenerate);
}

}  // namespace
}  // namespace zertz::evaluation
