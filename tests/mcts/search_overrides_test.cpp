#include "mcts/search_overrides.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "core/error.h"
#include "mcts/search.h"

namespace zertz::mcts {
namespace {

TEST(SearchOverrides, SetFloatsWholeNumbersAndSwitches) {
  SearchParams params;
  apply_search_overrides(params,
                         {"cpuct=3", "prior_temperature=1.5", "leaf_rollouts=8", "gumbel_root=1",
                          "fpu_reduction=0", "fast_value_decay_visits=16"});
  EXPECT_EQ(params.cpuct, 3.0f);
  EXPECT_EQ(params.fast_value_decay_visits, 16.0f);
  EXPECT_EQ(params.prior_temperature, 1.5f);
  EXPECT_EQ(params.leaf_rollouts, 8);
  EXPECT_TRUE(params.gumbel_root);
  EXPECT_EQ(params.fpu_reduction, 0.0f);
  EXPECT_EQ(params.fpu_reduction_root, SearchParams{}.fpu_reduction_root);
}

TEST(SearchOverrides, RefuseWhatIsNotASettingWithOneLineNamingIt) {
  SearchParams params;
  auto message = [&](const char* assignment) {
    try {
      apply_search_override(params, assignment);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("cpuct").find("expected name=value"), std::string::npos);
  EXPECT_NE(message("cpuct=fast").find("not a number"), std::string::npos);
  EXPECT_NE(message("cpuct=3x").find("not a number"), std::string::npos);
  EXPECT_NE(message("cpuct=0").find("cpuct: expected > 0"), std::string::npos);
  EXPECT_NE(message("prior_temperature=0").find("prior_temperature"), std::string::npos);
  EXPECT_NE(message("leaf_rollouts=1.5").find("whole number"), std::string::npos);
  EXPECT_NE(message("gumbel_root=2").find("0 or 1"), std::string::npos);
  std::string unknown = message("dirichlet_epsilon=0.25");
  EXPECT_NE(unknown.find("unknown name"), std::string::npos);
  EXPECT_NE(unknown.find("prior_temperature"), std::string::npos) << "lists the names";
  EXPECT_EQ(params.cpuct, SearchParams{}.cpuct) << "a refused setting changes nothing";
}

TEST(SearchOverrides, AreCheckedTogetherInAnyOrder) {
  // evaluate_after_visits needs leaf playouts: the settings are checked once all are set.
  for (std::vector<std::string> settings :
       {std::vector<std::string>{"evaluate_after_visits=32", "leaf_rollouts=1"},
        std::vector<std::string>{"leaf_rollouts=1", "evaluate_after_visits=32"}}) {
    SearchParams params;
    apply_search_overrides(params, settings);
    EXPECT_EQ(params.evaluate_after_visits, 32);
    EXPECT_EQ(params.leaf_rollouts, 1);
  }
  SearchParams params;
  try {
    apply_search_overrides(params, {"evaluate_after_visits=32", "cpuct=2"});
    ADD_FAILURE() << "accepted without playouts";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'evaluate_after_visits=32', 'cpuct=2'"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(params.cpuct, SearchParams{}.cpuct) << "nothing changes when one is refused";
}

TEST(KeepTrainedSearch, CarriesThePlayerSettingsAndNothingElse) {
  SearchParams trained;
  apply_search_overrides(
      trained,
      {"cpuct=2.5", "fpu_reduction=0.1", "fpu_reduction_root=0.2", "prior_temperature=1.7",
       "leaf_rollouts=3", "rollout_weight=0.6", "evaluate_after_visits=9", "fast_value_weight=0.4",
       "fast_value_decay_visits=5", "leaves_per_batch=4", "gumbel_root=1", "gumbel_considered=8"});
  trained.dirichlet_epsilon = 0.5f;
  SearchParams play;
  keep_trained_search(play, trained);
  EXPECT_EQ(play.cpuct, 2.5f);
  EXPECT_EQ(play.fpu_reduction, 0.1f);
  EXPECT_EQ(play.fpu_reduction_root, 0.2f);
  EXPECT_EQ(play.prior_temperature, 1.7f);
  EXPECT_EQ(play.leaf_rollouts, 3);
  EXPECT_EQ(play.rollout_weight, 0.6f);
  EXPECT_EQ(play.evaluate_after_visits, 9);
  EXPECT_EQ(play.fast_value_weight, 0.4f);
  EXPECT_EQ(play.fast_value_decay_visits, 5.0f);
  // How a match batches, roots and noises its search stays the player's.
  EXPECT_EQ(play.leaves_per_batch, SearchParams{}.leaves_per_batch);
  EXPECT_EQ(play.gumbel_root, SearchParams{}.gumbel_root);
  EXPECT_EQ(play.gumbel_considered, SearchParams{}.gumbel_considered);
  EXPECT_EQ(play.dirichlet_epsilon, SearchParams{}.dirichlet_epsilon);
  EXPECT_EQ(player_setting_names(),
            "cpuct, fpu_reduction, fpu_reduction_root, prior_temperature, leaf_rollouts, "
            "rollout_weight, evaluate_after_visits, fast_value_weight, fast_value_decay_visits");
  EXPECT_TRUE(is_player_setting("rollout_weight"));
  EXPECT_FALSE(is_player_setting("gumbel_root"));
  EXPECT_FALSE(is_player_setting("rollout"));
}

// Priors 0.64 for the first legal action, the rest sharing 0.36; every value 0.
class SharpPriorEvaluator : public Evaluator {
 public:
  void evaluate(std::span<const EvalRequest> batch) override {
    for (const EvalRequest& r : batch) {
      float rest = 0.36f / static_cast<float>(r.priors.size() - 1);
      for (std::size_t i = 0; i < r.priors.size(); ++i) r.priors[i] = i == 0 ? 0.64f : rest;
      *r.value = 0.0f;
    }
  }
};

TEST(PriorTemperature, RaisesPriorsToOneOverTAndRenormalises) {
  State state(Variant::basic());
  ActionList legal;
  state.legal_actions(legal);
  SharpPriorEvaluator evaluator;
  auto root_priors = [&](float temperature) {
    SearchParams params;
    params.prior_temperature = temperature;
    Search search(params, evaluator, state);
    Rng rng(1);
    search.run(2, /*full=*/false, /*temperature=*/0.0f, rng);
    std::map<Action, float> priors;
    for (const Node& child : search.root().children()) priors[child.action()] = child.prior();
    return priors;
  };
  std::map<Action, float> plain = root_priors(1.0f), tempered = root_priors(2.0f);
  ASSERT_EQ(tempered.size(), static_cast<std::size_t>(legal.size));
  float n = static_cast<float>(legal.size);
  float first = std::sqrt(0.64f), other = std::sqrt(0.36f / (n - 1));
  float sum = first + (n - 1) * other;
  EXPECT_NEAR(plain[legal[0]], 0.64f, 1e-6f);
  EXPECT_NEAR(tempered[legal[0]], first / sum, 1e-5f);
  EXPECT_NEAR(tempered[legal[1]], other / sum, 1e-6f);
  float total = 0.0f;
  for (auto [action, prior] : tempered) total += prior;
  EXPECT_NEAR(total, 1.0f, 1e-5f);
}

}  // namespace
}  // namespace zertz::mcts
