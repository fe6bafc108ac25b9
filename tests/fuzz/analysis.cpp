// Fuzz target: query lines of the JSON analysis engine (frontends/analysis_engine.h), answered
// with random playouts and a small visit cap. Every answer is one line of JSON, an object with
// the query's id (null when the line had none) and either an error of one line or candidates;
// nothing a query holds escapes as an exception.
#include <nlohmann/json.hpp>
#include <string>

#include "frontends/analysis_engine.h"
#include "mcts/players.h"
#include "mcts/search_player.h"
#include "tests/fuzz/fuzz_check.h"

using namespace zertz;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  static const frontends::AnalysisEngine engine = [] {
    frontends::AnalysisOptions options;
    options.visits = 8;
    options.max_visits = 64;  // keeps each execution short
    return frontends::AnalysisEngine(mcts::uniform_evaluator(), mcts::rollout_search_params(),
                                     Variant::basic(), options);
  }();
  std::string_view line = fuzz::as_text(data, size);
  std::string reply = engine.answer(line, 1);
  fuzz::require(reply.find('\n') == std::string::npos, "an answer is one line", reply);
  nlohmann::json answer = nlohmann::json::parse(reply, nullptr, false);
  fuzz::require(answer.is_object() && answer.contains("id"), "an answer is an object with an id",
                reply);
  if (answer.contains("error")) {
    fuzz::require(answer["error"].is_string() && !answer["error"].get<std::string>().empty(),
                  "an error says why", reply);
  } else {
    fuzz::require(answer["candidates"].is_array(), "an answer lists candidates", reply);
    nlohmann::json query = nlohmann::json::parse(line, nullptr, false);
    fuzz::require(query.is_object() && answer["id"] == query["id"], "the id is the query's", reply);
  }
  return 0;
}
