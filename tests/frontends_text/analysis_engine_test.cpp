// The JSON analysis engine (frontends/analysis_engine.h): answers, refusals, the raw policy,
// win/draw/loss, and many queries answered at once.
#include "frontends/analysis_engine.h"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/position.h"
#include "core/turn.h"
#include "mcts/players.h"
#include "mcts/search_player.h"
#include "mcts/turn_policy.h"
#include "tests/golden_file.h"
#include "tests/mcts/fake_network.h"

namespace zertz::frontends {
namespace {

using nlohmann::json;

class DrawingNetwork : public mcts::testing::FakeNetwork {
 public:
  bool reports_draws() const override { return true; }
};

AnalysisEngine rollout_engine(int workers = 1) {
  AnalysisOptions options;
  options.visits = 100;
  options.workers = workers;
  return AnalysisEngine(mcts::uniform_evaluator(), mcts::rollout_search_params(), Variant::basic(),
                        options);
}

json ask(const AnalysisEngine& engine, const std::string& query) {
  std::string line = engine.answer(query, 1);
  EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  return json::parse(line);
}

TEST(AnalysisEngine, AnswersWithCandidatesTheirPriorsAndVariations) {
  AnalysisEngine engine = rollout_engine();
  json answer = ask(engine, R"({"id":"q1","turns":["Wd4,a1"],"visits":300,"max_candidates":4})");
  EXPECT_EQ(answer["id"], "q1");
  EXPECT_FALSE(answer.contains("error")) << answer.dump();
  Game game{State(Variant::basic())};
  for (Action a : parse_turn(game.state(), "Wd4,a1").actions) game.apply(a);
  EXPECT_EQ(answer["to_move"], game.state().to_move());
  EXPECT_GE(answer["root_visits"].get<int>(), 300);
  ASSERT_EQ(answer["candidates"].size(), 4u);
  std::vector<mcts::TurnPrior> priors = mcts::turn_priors(mcts::uniform_evaluator(), game.state());
  for (const json& c : answer["candidates"]) {
    Turn turn = parse_turn(game.state(), c["turn"].get<std::string>());
    double expected = 0;
    for (const mcts::TurnPrior& p : priors) {
      if (p.turn == turn) expected = p.prior;
    }
    EXPECT_GT(expected, 0.0);
    EXPECT_DOUBLE_EQ(c["prior"].get<double>(), expected);
    EXPECT_EQ(c["pv"][0], c["turn"]);
    EXPECT_LE(std::abs(c["value"].get<double>()), 1.0);
    EXPECT_FALSE(c.contains("wdl"));  // random playouts report no draws
  }
  EXPECT_FALSE(answer.contains("policy"));
  EXPECT_EQ(ask(engine, R"({"id":7,"turns":[],"include_pv":false})")["candidates"][0].count("pv"),
            0u);
}

TEST(AnalysisEngine, ThePolicyHasOneNumberPerLegalTurn) {
  AnalysisEngine engine = rollout_engine();
  json answer = ask(engine, R"({"id":1,"turns":[],"visits":10,"include_policy":true})");
  State start(Variant::basic());
  ASSERT_EQ(answer["policy"].size(), legal_turns(start).size());
  double total = 0;
  for (const json& p : answer["policy"]) {
    parse_turn(start, p["turn"].get<std::string>());  // throws when not a legal turn
    total += p["prior"].get<double>();
  }
  EXPECT_NEAR(total, 1.0, 1e-6);
}

TEST(AnalysisEngine, WinDrawLossComesFromANetworkThatReportsDraws) {
  DrawingNetwork network;
  AnalysisEngine engine(network, mcts::SearchParams{}, Variant::basic(), AnalysisOptions{});
  json answer = ask(engine, R"({"id":"w","turns":["Wd4,a1"],"visits":50})");
  ASSERT_FALSE(answer["candidates"].empty()) << answer.dump();
  for (const json& c : answer["candidates"]) {
    ASSERT_TRUE(c.contains("wdl")) << c.dump();
    double sum = c["wdl"][0].get<double>() + c["wdl"][1].get<double>() + c["wdl"][2].get<double>();
    EXPECT_NEAR(sum, 1.0, 1e-9);
  }
  json without = ask(engine, R"({"id":"w","turns":[],"visits":20,"include_wdl":false})");
  EXPECT_FALSE(without["candidates"][0].contains("wdl"));
}

TEST(AnalysisEngine, ABadQueryGetsItsIdAndOneLine) {
  AnalysisEngine engine = rollout_engine();
  State placed(Variant::basic());
  ActionList legal;
  placed.legal_actions(legal);
  placed.apply(legal[0]);  // a placement: the removal is still to come
  const std::map<std::string, std::string> cases = {
      {R"(not json)", "not JSON"},
      {R"([1, 2])", "expected a JSON object"},
      {R"({"turns":[]})", "expected an 'id' field"},
      {R"({"id":1})", "expected one of 'position' and 'turns'"},
      {R"({"id":1,"turns":[],"position":"x"})", "expected one of 'position' and 'turns'"},
      {R"({"id":1,"turns":[],"colour":"W"})", "unknown field 'colour'"},
      {R"({"id":1,"turns":[],"visits":"many"})", "visits: expected an integer in [1, 1000000]"},
      {R"({"id":1,"turns":[],"visits":0})", "visits: expected an integer in [1, 1000000]"},
      {R"({"id":1,"turns":[],"include_pv":1})", "include_pv: expected true or false"},
      {R"({"id":1,"turns":"Wd4,a1"})", "turns: expected a list of turns in notation"},
      {R"({"id":1,"turns":["Wd4,a1","Wd4,a2"]})", "turns[1]: "},
      {R"({"id":1,"position":7})", "position: expected a string"},
      {R"({"id":1,"position":")" + to_position_string(State(Variant::tournament())) + R"("})",
       "position: the model plays basic, not tournament"},
      {R"({"id":1,"position":")" + to_position_string(placed) + R"("})",
       "position: expected the start of a turn, not the middle of one"},
  };
  for (const auto& [query, message] : cases) {
    json answer = ask(engine, query);
    ASSERT_TRUE(answer.contains("error")) << query;
    EXPECT_EQ(answer["error"].get<std::string>().rfind(message, 0), 0u)
        << query << " -> " << answer["error"];
    bool has_id =
        json::parse(query, nullptr, false).is_object() && json::parse(query).contains("id");
    EXPECT_EQ(answer["id"], has_id ? json(1) : json(nullptr)) << query;
  }
}

TEST(AnalysisEngine, ManyQueriesAtOnceAnswerEachOnceAsOneWorkerWould) {
  std::ostringstream queries;
  std::vector<std::string> lines;
  for (int i = 0; i < 24; ++i) {
    std::string line = i % 5 == 4 ? "{\"id\":" + std::to_string(i) + ",\"turns\":[\"Zz\"]}"
                                  : "{\"id\":" + std::to_string(i) +
                                        ",\"turns\":[],\"visits\":" + std::to_string(20 + i) + "}";
    lines.push_back(line);
    queries << line << "\n\n";  // blank lines are skipped
  }
  queries << std::string(AnalysisOptions::kMaxLineBytes + 1, 'x') << "\n";
  std::istringstream in(queries.str());
  std::ostringstream out;
  rollout_engine(/*workers=*/3).run(in, out);

  AnalysisEngine single = rollout_engine();
  std::map<int, std::string> answers;
  int too_long = 0;
  std::istringstream replies(out.str());
  for (std::string reply; std::getline(replies, reply);) {
    json answer = json::parse(reply);
    if (answer["id"].is_null()) {
      EXPECT_EQ(answer["error"], "line longer than 1048576 bytes");
      ++too_long;
      continue;
    }
    EXPECT_TRUE(answers.emplace(answer["id"].get<int>(), reply).second) << reply;
  }
  EXPECT_EQ(too_long, 1);
  ASSERT_EQ(answers.size(), lines.size());
  // Query k searches with seed + k, whatever thread takes it (blank lines count in k).
  for (int i = 0; i < 24; ++i) EXPECT_EQ(answers[i], single.answer(lines[i], 1 + 2 * i)) << i;
}

TEST(AnalysisEngine, ATranscriptStaysAsRecorded) {
  // Queries of every kind against random playouts, seed 1: a change of behaviour shows up as a
  // diff of tests/data/analysis-transcript.txt.
  AnalysisEngine engine = rollout_engine();
  const std::vector<std::string> queries = {
      R"({"id":"opening","turns":[],"visits":200,"max_candidates":3})",
      R"({"id":"after two","turns":["Wd4,a1","Bc3,a2"],"visits":100,"max_candidates":2})",
      R"({"id":"policy","turns":["Wd4,a1","Bc3,a2"],"visits":5,"max_candidates":1,"include_policy":true,"include_pv":false})",
      R"({"id":"bad turn","turns":["Wd4,a1","Wd4,b1"]})",
      R"({"id":"partial",)",
  };
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    lines.push_back("> " + queries[i]);
    lines.push_back("< " + engine.answer(queries[i], 1 + i));
  }
  testing::expect_golden_file(lines, std::string(TESTDATA_DIR) + "/analysis-transcript.txt",
                              "ZERTZ_REGENERATE_ANALYSIS");
}

}  // namespace
}  // namespace zertz::frontends
