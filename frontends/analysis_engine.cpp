#include "frontends/analysis_engine.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>
#include <type_traits>
#include <vector>

#include "core/error.h"
#include "core/game.h"
#include "core/position.h"
#include "core/turn.h"
#include "frontends/line_reader.h"
#include "mcts/turn_policy.h"
#include "mcts/turn_search.h"

namespace zertz::frontends {

// Keys keep their order: the id first, as a reader scans the answers.
using json = nlohmann::ordered_json;

namespace {

constexpr const char* kKeys[] = {"id",          "position",       "turns",
                                 "visits",      "max_candidates", "include_pv",
                                 "include_wdl", "include_policy"};

// The query's field `key` of type T (json's own conversions), or `fallback` when absent.
template <typename T>
T field(const json& query, const char* key, const char* expected, T fallback) {
  auto it = query.find(key);
  if (it == query.end()) return fallback;
  bool fits = false;
  if constexpr (std::is_same_v<T, bool>) {
    fits = it->is_boolean();
  } else if constexpr (std::is_integral_v<T>) {
    fits = it->is_number_integer();
  }
  if (!fits) throw InputError(std::string(key) + ": expected " + expected);
  return it->get<T>();
}

int bounded(const json& query, const char* key, int fallback, int low, int high) {
  std::string range = "an integer in [" + std::to_string(low) + ", " + std::to_string(high) + "]";
  auto it = query.find(key);
  if (it != query.end() && it->is_number_integer()) {
    long long value = it->get<long long>();
    if (value < low || value > high) throw InputError(std::string(key) + ": expected " + range);
  }
  return field<int>(query, key, range.c_str(), fallback);
}

// The game a query asks about: its position string, or its turns from the variant's start.
Game game_of(const json& query, const Variant& variant) {
  bool has_position = query.contains("position"), has_turns = query.contains("turns");
  if (has_position == has_turns) throw InputError("expected one of 'position' and 'turns'");
  if (has_position) {
    if (!query["position"].is_string()) throw InputError("position: expected a string");
    State state = parse_position_string(query["position"].get<std::string>());
    if (&state.variant() != &variant) {
      throw InputError("position: the model plays " + variant.name + ", not " +
                       state.variant().name);
    }
    return Game(state);
  }
  const json& turns = query["turns"];
  if (!turns.is_array()) throw InputError("turns: expected a list of turns in notation");
  Game game{State(variant)};
  for (std::size_t i = 0; i < turns.size(); ++i) {
    std::string where = "turns[" + std::to_string(i) + "]: ";
    if (!turns[i].is_string()) throw InputError(where + "expected a turn in notation");
    if (game.is_terminal()) throw InputError(where + "the game is already over");
    try {
      for (Action action : parse_turn(game.state(), turns[i].get<std::string>()).actions) {
        game.apply(action);
      }
    } catch (const InputError& e) {
      throw InputError(where + e.what());
    }
  }
  return game;
}

json answer_query(const json& query, mcts::Evaluator& evaluator, const mcts::SearchParams& params,
                  const Variant& variant, const AnalysisOptions& options, std::uint64_t seed) {
  for (const auto& [key, value] : query.items()) {
    if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys)) {
      throw InputError("unknown field '" + key + "'");
    }
  }
  const int visits = bounded(query, "visits", options.visits, 1, options.max_visits);
  const int max_candidates = bounded(query, "max_candidates", 10, 1, 1000);
  const bool include_pv = field<bool>(query, "include_pv", "true or false", true);
  const bool include_wdl = field<bool>(query, "include_wdl", "true or false", true);
  const bool include_policy = field<bool>(query, "include_policy", "true or false", false);
  Game game = game_of(query, variant);
  if (game.is_terminal()) throw InputError("the game is over");
  const State& start = game.state();
  if (start.phase() != Phase::kTurnStart) {
    throw InputError("position: expected the start of a turn, not the middle of one");
  }

  Rng rng(seed);
  mcts::TurnAnalysis analysis =
      mcts::analyze_turns(params, evaluator, game, visits, max_candidates, rng);
  std::vector<mcts::TurnPrior> priors = mcts::turn_priors(evaluator, start);
  auto prior_of = [&](const std::string& text) {
    Turn turn = parse_turn(start, text);
    for (const mcts::TurnPrior& p : priors) {
      if (p.turn == turn) return p.prior;
    }
    return 0.0;
  };

  json answer = {{"id", query["id"]},
                 {"to_move", start.to_move()},
                 {"root_value", analysis.root_value},
                 {"root_visits", analysis.root_visits}};
  json candidates = json::array();
  for (const mcts::TurnCandidate& c : analysis.candidates) {
    json entry = {{"turn", c.turn},
                  {"visits", c.visits},
                  {"value", c.value},
                  {"proven", mcts::proven_name(c.proven)},
                  {"prior", prior_of(c.turn)}};
    if (include_wdl && c.wdl) entry["wdl"] = *c.wdl;
    if (include_pv) entry["pv"] = c.pv;
    candidates.push_back(std::move(entry));
  }
  answer["candidates"] = std::move(candidates);
  if (include_policy) {
    json policy = json::array();
    for (const mcts::TurnPrior& p : priors) {
      policy.push_back({{"turn", format_turn(start, p.turn)}, {"prior", p.prior}});
    }
    answer["policy"] = std::move(policy);
  }
  return answer;
}

json error_answer(const json& id, const std::string& message) {
  return {{"id", id}, {"error", message}};
}

}  // namespace

AnalysisEngine::AnalysisEngine(mcts::Evaluator& evaluator, const mcts::SearchParams& params,
                               const Variant& variant, const AnalysisOptions& options)
    : evaluator_(evaluator), params_(params), variant_(variant), options_(options) {
  params_.threads = 1;  // a query searches on one thread; queries run side by side
  params_.validate();
  if (options_.workers < 1) throw InputError("analysis: workers must be at least 1");
}

std::string AnalysisEngine::answer(std::string_view line, std::uint64_t seed) const {
  json query = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (query.is_discarded()) return error_answer(nullptr, "not JSON").dump();
  if (!query.is_object()) return error_answer(nullptr, "expected a JSON object").dump();
  if (!query.contains("id")) return error_answer(nullptr, "expected an 'id' field").dump();
  try {
    return answer_query(query, evaluator_, params_, variant_, options_, seed)
        .dump(-1, ' ', false, json::error_handler_t::replace);
  } catch (const std::exception& e) {
    // Bad input (InputError) and anything else a query meets: one line, the engine goes on.
    return error_answer(query["id"], e.what()).dump(-1, ' ', false, json::error_handler_t::replace);
  }
}

void AnalysisEngine::run(std::istream& in, std::ostream& out) const {
  struct Job {
    std::string line;
    std::uint64_t index = 0;
    bool too_long = false;
  };
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<Job> queue;
  bool ended = false;
  const std::size_t read_ahead = 2 * static_cast<std::size_t>(options_.workers);
  auto work = [&] {
    for (;;) {
      Job job;
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return ended || !queue.empty(); });
        if (queue.empty()) return;
        job = std::move(queue.front());
        queue.pop_front();
      }
      changed.notify_all();
      std::string reply =
          job.too_long
              ? error_answer(nullptr, "line longer than " + std::to_string(options_.kMaxLineBytes) +
                                          " bytes")
                    .dump()
              : answer(job.line, options_.seed + job.index);
      std::lock_guard lock(mutex);
      out << reply << '\n' << std::flush;
    }
  };
  std::vector<std::jthread> workers;
  for (int i = 0; i < options_.workers; ++i) workers.emplace_back(work);
  std::string line;
  for (std::uint64_t index = 0;; ++index) {
    LineRead read = read_line(in, line, options_.kMaxLineBytes);
    if (read == LineRead::kEnd) break;
    if (read == LineRead::kLine && line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return queue.size() < read_ahead; });
    queue.push_back({line, index, read == LineRead::kTooLong});
    lock.unlock();
    changed.notify_all();
  }
  {
    std::lock_guard lock(mutex);
    ended = true;
  }
  changed.notify_all();
}

}  // namespace zertz::frontends
