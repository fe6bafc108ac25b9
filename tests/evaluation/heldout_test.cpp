#include "evaluation/heldout.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "core/error.h"
#include "core/position.h"

namespace zertz::evaluation {
namespace {

namespace fs = std::filesystem;

HeldoutMakeOptions small_options(int threads) {
  HeldoutMakeOptions options;
  options.games = 3;
  options.play_visits = 16;
  options.search_visits = 200;
  options.positions_per_game = 4;
  options.threads = threads;
  return options;
}

const std::vector<HeldoutPosition>& small_set() {
  static const std::vector<HeldoutPosition> set = make_heldout(small_options(1));
  return set;
}

TEST(Heldout, MakesLabelledPositionsTheSameOnAnyNumberOfThreads) {
  const std::vector<HeldoutPosition>& set = small_set();
  ASSERT_EQ(set.size(), 12u);
  for (const HeldoutPosition& p : set) {
    ActionList legal;
    p.state.legal_actions(legal);
    ASSERT_GE(legal.size, 2);
    ASSERT_EQ(p.search_policy.size(), static_cast<std::size_t>(legal.size));
    double sum = 0;
    for (float share : p.search_policy) sum += share;
    EXPECT_NEAR(sum, 1.0, 1e-5);
    EXPECT_TRUE(p.result >= -1 && p.result <= 1);
    EXPECT_GE(p.turns_left, 0);
    EXPECT_TRUE(p.search_value >= -1 && p.search_value <= 1);
  }
  std::vector<HeldoutPosition> threaded = make_heldout(small_options(3));
  ASSERT_EQ(threaded.size(), set.size());
  for (std::size_t i = 0; i < set.size(); ++i) {
    EXPECT_EQ(to_position_string(threaded[i].state), to_position_string(set[i].state)) << i;
    EXPECT_EQ(threaded[i].search_policy, set[i].search_policy) << i;
  }
}

TEST(Heldout, WritesAndReadsBackTheSameSet) {
  fs::path path = fs::temp_directory_path() / "zertz-heldout-test.jsonl";
  write_heldout(path, small_set());
  std::vector<HeldoutPosition> back = read_heldout(path);
  ASSERT_EQ(back.size(), small_set().size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    const HeldoutPosition& a = small_set()[i];
    EXPECT_EQ(to_position_string(back[i].state), to_position_string(a.state));
    EXPECT_EQ(back[i].result, a.result);
    EXPECT_EQ(back[i].turns_left, a.turns_left);
    for (std::size_t k = 0; k < a.search_policy.size(); ++k) {
      EXPECT_EQ(back[i].search_visits[k], a.search_visits[k]);
      EXPECT_NEAR(back[i].search_policy[k], a.search_policy[k], 1e-6f);
    }
  }
  fs::remove(path);
}

std::string refusal(const std::string& line) {
  fs::path path = fs::temp_directory_path() / "zertz-heldout-bad.jsonl";
  {
    std::ofstream out(path);
    out << "\n" << line << "\n";
  }
  try {
    read_heldout(path);
  } catch (const InputError& e) {
    fs::remove(path);
    return e.what();
  }
  fs::remove(path);
  return "accepted";
}

TEST(Heldout, RefusesAMalformedLineNamingFileAndLine) {
  HeldoutPosition p = small_set()[0];
  std::string position = to_position_string(p.state);
  ActionList legal;
  p.state.legal_actions(legal);
  std::string first = legal[0].to_string(p.state.board());
  auto line = [&](const std::string& result, const std::string& policy) {
    return "{\"position\":\"" + position + "\",\"result\":" + result +
           ",\"turns_left\":3,\"search_value\":0.1,\"search_visits\":" + policy + "}";
  };
  EXPECT_EQ(refusal(line("1", "{\"" + first + "\":7}")), "accepted");
  EXPECT_NE(refusal("{not json").find("zertz-heldout-bad.jsonl:2: not a held-out position"),
            std::string::npos);
  EXPECT_NE(refusal(line("2", "{\"" + first + "\":7}")).find(":2: result must be"),
            std::string::npos);
  EXPECT_NE(refusal(line("1", "{\"Zz9\":7}")).find("'Zz9' is not a legal action"),
            std::string::npos);
  EXPECT_NE(refusal(line("1", "{\"" + first + "\":-3}")).find("visits must be a count"),
            std::string::npos);
  EXPECT_NE(refusal(line("1", "{}")).find("no search visits"), std::string::npos);
  EXPECT_NE(refusal("{\"position\":\"nonsense\",\"result\":1,\"turns_left\":1,\"search_value\":0,"
                    "\"search_visits\":{}}")
                .find(":2: "),
            std::string::npos);
}

// Knows every answer: the deep search's policy as priors, the game's result as value.
class OracleEvaluator : public mcts::Evaluator {
 public:
  explicit OracleEvaluator(const std::vector<HeldoutPosition>& set) {
    for (const HeldoutPosition& p : set) answers_[to_position_string(p.state)] = &p;
  }
  void evaluate(std::span<const mcts::EvalRequest> batch) override {
    for (const mcts::EvalRequest& r : batch) {
      const HeldoutPosition& p = *answers_.at(to_position_string(*r.state));
      std::copy(p.search_policy.begin(), p.search_policy.end(), r.priors.begin());
      *r.value = static_cast<float>(p.result);
    }
  }

 private:
  std::map<std::string, const HeldoutPosition*> answers_;
};

TEST(Heldout, ScoresAnOracleAboveUniformPriors) {
  const std::vector<HeldoutPosition>& set = small_set();
  OracleEvaluator oracle(set);
  HeldoutScore best = score_heldout(set, oracle);
  EXPECT_EQ(best.positions, static_cast<int>(set.size()));
  EXPECT_EQ(best.value_mse, 0.0);
  EXPECT_EQ(best.policy.top1, 1.0);
  EXPECT_LT(best.policy.cross_entropy, best.uniform.cross_entropy);
  ASSERT_EQ(best.tempered.size(), std::size(HeldoutScore::kTemperatures));
  // Flattening the exact answer only loses.
  EXPECT_GT(best.tempered[0].cross_entropy, best.policy.cross_entropy);

  mcts::UniformEvaluator uniform;
  HeldoutScore flat = score_heldout(set, uniform);
  EXPECT_NEAR(flat.policy.cross_entropy, flat.uniform.cross_entropy, 1e-6);
  double decided = 0;
  for (const HeldoutPosition& p : set) decided += p.result != 0;
  EXPECT_NEAR(flat.value_mse, decided / static_cast<double>(set.size()), 1e-9);
}

}  // namespace
}  // namespace zertz::evaluation
