#include "evaluation/arena.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/utc_time.h"
#include "evaluation/player_factory.h"
#include "mcts/players.h"
#include "mcts/search_overrides.h"
#include "nn/exported_model.h"

namespace zertz::evaluation {

namespace fs = std::filesystem;

namespace {

// A fresh folder for the match's records, named by time and players.
fs::path make_records_dir(const fs::path& out_dir, const std::string& a, const std::string& b) {
  std::string name = utc_now("%Y%m%dT%H%M%SZ") + "-" + a + "-vs-" + b;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.' && c != '@') c = '_';
  }
  fs::path dir = out_dir / "games" / name;
  for (int n = 2; fs::exists(dir); ++n) dir = out_dir / "games" / (name + "-" + std::to_string(n));
  fs::create_directories(dir);
  return dir;
}

// Names the player spec that is neither a baseline nor an existing file.
void check_spec(const std::string& spec) {
  if (!mcts::is_baseline_spec(spec) && !fs::is_regular_file(spec) && !fs::is_directory(spec)) {
    throw InputError("player '" + spec +
                     "': expected random, greedy, rollout:N, rollout:auto, alphabeta:D, "
                     "alphabeta:auto, a checkpoint file or an exported model directory");
  }
}

std::string variant_of(const std::string& a, const std::string& b, const std::string& variant) {
  if (!variant.empty()) return variant;
  for (const std::string& spec : {a, b}) {
    if (!mcts::is_baseline_spec(spec)) return nn::trained_variant(spec);
  }
  return "tournament";
}

// LibTorch threads for each network's forward passes: the cores shared among the networks.
// Two evaluators with two threads each on two cores compete, and libgomp stops spinning once
// its pools hold more threads than there are cores (docs/experiments.md, "Figures").
int intra_op_threads_per_network(const std::string& a, const std::string& b) {
  const int networks = int(!mcts::is_baseline_spec(a)) + int(!mcts::is_baseline_spec(b));
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return std::max(1, cores / std::max(1, networks));
}

}  // namespace

std::string player_label(const std::string& spec, int visits, int time_per_turn_ms,
                         const std::vector<std::string>& search_overrides) {
  // fmt rather than operator+ on temporaries, about which GCC 12 warns falsely (-Wrestrict).
  std::string clock = fmt::format("@{}ms", time_per_turn_ms);
  if (spec.ends_with(":auto")) return spec + clock;  // rollout:auto, alphabeta:auto
  if (mcts::is_baseline_spec(spec)) return spec;
  std::string label =
      fs::path(spec).stem().string() + (time_per_turn_ms > 0 ? clock : fmt::format("@{}", visits));
  // Another search is another player for the ladder.
  for (const std::string& assignment : search_overrides) label += "," + assignment;
  return label;
}

ArenaReport run_arena(const std::string& a, const std::string& b, const ArenaOptions& options) {
  ArenaReport report;
  check_spec(a);
  check_spec(b);
  // Refused now, even when only baselines play; checked against parameters with leaf
  // playouts, as a trained network's are by default (the player checks its own again).
  mcts::SearchParams checked = mcts::rollout_search_params();
  mcts::apply_search_overrides(checked, options.search_overrides);
  report.a = player_label(a, options.visits, options.time_per_turn_ms, options.search_overrides);
  report.b = player_label(b, options.visits, options.time_per_turn_ms, options.search_overrides);
  report.variant = variant_of(a, b, options.variant);
  const Variant* variant = Variant::find(report.variant);
  if (!variant) throw InputError("unknown variant '" + report.variant + "'");
  const int intra_op_threads = intra_op_threads_per_network(a, b);
  PlayerSpec spec_a{a,
                    options.visits,
                    intra_op_threads,
                    options.device,
                    options.time_per_turn_ms,
                    options.leaf_rollouts,
                    options.rollout_weight,
                    options.search_overrides};
  spec_a.backend = options.backend;
  PlayerSpec spec_b = spec_a;
  spec_b.name = b;
  PlayerFactory first(spec_a, *variant), second(spec_b, *variant);
  report.records_dir = make_records_dir(options.out_dir, report.a, report.b);

  MatchOptions match;
  match.games = options.games;
  match.threads = options.threads;
  match.opening_actions = options.opening_actions;
  match.seed = options.seed;
  std::string date = utc_now("%Y-%m-%d");
  match.on_game = [&](const MatchGame& game, const MatchResult& so_far) {
    GameRecord record = game.record;
    record.date = date;
    const std::string name = fmt::format("game-{:04d}.zertz", game.index + 1);
    write_file_atomically((report.records_dir / name).string(), format_record(record));
    if (options.on_progress) options.on_progress(so_far);
    if (!options.sprt) return false;
    report.llr = sprt_llr(so_far.wdl(), *options.sprt);
    report.decision = sprt_decision(*report.llr, *options.sprt);
    return report.decision != SprtDecision::kContinue;
  };
  report.result = play_match(
      *variant, [&](std::uint64_t seed) { return first.make(seed); },
      [&](std::uint64_t seed) { return second.make(seed); }, match);
  report.elo = elo_interval(report.result.wdl());

  nlohmann::json line = {{"time", utc_now("%Y-%m-%dT%H:%M:%SZ")},
                         {"a", report.a},
                         {"b", report.b},
                         {"a_spec", a},
                         {"b_spec", b},
                         {"variant", report.variant},
                         {"visits", options.visits},
                         {"time_per_turn_ms", options.time_per_turn_ms},
                         {"search", options.search_overrides},
                         {"seed", options.seed},
                         {"opening_actions", options.opening_actions},
                         {"wins", report.result.wins},
                         {"draws", report.result.draws},
                         {"losses", report.result.losses},
                         {"score", report.result.score()},
                         {"elo", report.elo.elo},  // finite: a sweep is a bound
                         {"elo_low", report.elo.low},
                         {"elo_high", report.elo.high},
                         {"elo_bound", report.elo.bound},
                         {"records", report.records_dir.string()}};
  if (options.sprt) {
    line["sprt"] = {{"elo0", options.sprt->elo0},   {"elo1", options.sprt->elo1},
                    {"alpha", options.sprt->alpha}, {"beta", options.sprt->beta},
                    {"llr", *report.llr},           {"decision", to_string(report.decision)}};
  }
  fs::path jsonl = options.out_dir / "arena.jsonl";
  append_to_file(jsonl.string(), line.dump() + "\n");
  return report;
}

std::vector<PairResult> read_arena_results(const fs::path& dir) {
  std::vector<PairResult> results;
  if (!fs::is_directory(dir)) return results;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".jsonl") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    std::ifstream in(file);
    std::string text;
    for (int line = 1; std::getline(in, text); ++line) {
      if (text.empty()) continue;
      try {
        nlohmann::json j = nlohmann::json::parse(text);
        results.push_back({j.at("a").get<std::string>(), j.at("b").get<std::string>(),
                           Wdl{j.at("wins").get<double>(), j.at("draws").get<double>(),
                               j.at("losses").get<double>()}});
      } catch (const nlohmann::json::exception& e) {
        throw InputError(file.string() + ":" + std::to_string(line) + ": not a match result (" +
                         e.what() + ")");
      }
    }
  }
  return results;
}

}  // namespace zertz::evaluation
