#include "frontends/game_review.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "core/error.h"
#include "core/game.h"
#include "core/replay.h"
#include "core/turn.h"
#include "mcts/turn_policy.h"
#include "mcts/turn_search.h"

namespace zertz::frontends {

namespace {

// Enough to rank any played turn among the turns a search reached.
constexpr int kAllCandidates = 1 << 20;

struct PositionResult {
  mcts::TurnAnalysis analysis;
  std::vector<mcts::TurnPrior> priors;  // only before a played turn
  std::array<double, 3> raw_wdl{};      // the evaluator's own, for the player to move
};

// The evaluator's win/draw/loss of a state for its mover, without a search.
std::array<double, 3> raw_evaluation(mcts::Evaluator& evaluator, const State& state) {
  ActionList legal;
  state.legal_actions(legal);
  std::vector<float> priors(static_cast<std::size_t>(legal.size));
  float value = 0, draw = 0;
  mcts::EvalRequest request{&state, std::span<const Action>(legal.begin(), legal.end()), priors,
                            &value, &draw};
  evaluator.evaluate(std::span<const mcts::EvalRequest>(&request, 1));
  return mcts::split_value(value, evaluator.reports_draws() ? draw : 0.0);
}

// The mover's win/draw/loss at a searched position: the root's value, with the draw share
// of the best turn when the evaluator reports draws.
std::array<double, 3> root_wdl(const mcts::TurnAnalysis& analysis) {
  double draw = 0;
  if (!analysis.candidates.empty() && analysis.candidates.front().wdl) {
    draw = (*analysis.candidates.front().wdl)[1];
  }
  return mcts::split_value(analysis.root_value, draw);
}

double expected_score(const std::array<double, 3>& wdl) {
  return wdl[0] + wdl[1] / 2;
}

double rounded(double x) {
  return std::round(x * 1e4) / 1e4;
}

// A game's review from its positions' searches.
GameReview assemble_review(const GameRecord& record, const RecordPositions& replayed,
                           const std::vector<PositionResult>& results) {
  const std::vector<Game>& games = replayed.games;
  const int turns = static_cast<int>(replayed.turns.size());
  GameReview review;
  review.variant = record.variant;
  review.result = record.result;
  for (int k = 0; k < turns; ++k) {
    const State& before = games[k].state();
    const State& after = games[k + 1].state();
    const mcts::TurnAnalysis& analysis = results[k].analysis;
    TurnReview turn;
    turn.number = k + 1;
    turn.mover = before.to_move();
    const Turn& played = replayed.turns[k];
    turn.played = format_turn(before, played);
    turn.wdl_before = root_wdl(analysis);
    if (games[k + 1].is_terminal()) {
      turn.wdl_after = mcts::result_wdl(
          games[k + 1].outcome() == Outcome::kDraw ? 0 : after.result_for(turn.mover));
    } else {
      std::array<double, 3> next_wdl = root_wdl(results[k + 1].analysis);
      turn.wdl_after = after.to_move() == turn.mover
                           ? next_wdl
                           : std::array<double, 3>{next_wdl[2], next_wdl[1], next_wdl[0]};
    }
    turn.score_before = expected_score(turn.wdl_before);
    turn.score_after = expected_score(turn.wdl_after);
    turn.drop = std::max(0.0, turn.score_before - turn.score_after);
    turn.label = label_for_drop(turn.drop);
    turn.candidates = static_cast<int>(analysis.candidates.size());
    if (!analysis.candidates.empty()) {
      turn.best = analysis.candidates.front().turn;
      turn.pv = analysis.candidates.front().pv;
    }
    for (std::size_t i = 0; i < analysis.candidates.size(); ++i) {
      if (analysis.candidates[i].turn == turn.played) {
        turn.rank = static_cast<int>(i) + 1;
        break;
      }
    }
    for (const mcts::TurnPrior& p : results[k].priors) {
      if (p.turn == played) turn.prior = p.prior;
    }
    if (!results[k].priors.empty())
      turn.raw_best = format_turn(before, results[k].priors.front().turn);
    turn.raw_wdl = results[k].raw_wdl;
    turn.legal_turns = static_cast<int>(results[k].priors.size());
    turn.rings = std::popcount(before.rings());
    review.turns.push_back(std::move(turn));
  }
  return review;
}

// A game of review_games between its first position's claim and its report.
struct GameInProgress {
  RecordPositions replayed;
  std::vector<PositionResult> results;
  int claimed = 0, searched = 0;  // positions handed to workers, and finished
  std::string refusal;
  // Done, and no worker holds one of its positions any more.
  bool complete() const {
    return searched == claimed &&
           (!refusal.empty() || searched == static_cast<int>(results.size()));
  }
};

void search_position(const ReviewJob& job, const mcts::SearchParams& search,
                     const ReviewOptions& options, GameInProgress& game, int k) {
  const Game& position = game.replayed.games[k];
  if (position.is_terminal()) return;  // the last turn ended the game
  Rng rng(options.seed + static_cast<std::uint64_t>(k) + 1);
  PositionResult& result = game.results[k];
  result.analysis =
      mcts::analyze_turns(search, *job.evaluator, position, options.visits, kAllCandidates, rng);
  if (k < static_cast<int>(game.replayed.turns.size())) {
    result.priors = mcts::turn_priors(*job.evaluator, position.state());
    result.raw_wdl = raw_evaluation(*job.evaluator, position.state());
  }
}

}  // namespace

const char* label_for_drop(double drop) {
  if (drop >= kBlunderDrop) return "blunder";
  if (drop >= kMistakeDrop) return "mistake";
  if (drop >= kInaccuracyDrop) return "inaccuracy";
  return "";
}

void review_games(std::span<const ReviewJob> jobs, const ReviewOptions& options,
                  const ReviewDone& done, const ReviewProgress& progress) {
  std::vector<mcts::SearchParams> searches;
  for (const ReviewJob& job : jobs) {
    searches.push_back(job.params);
    searches.back().threads = 1;  // positions run side by side instead
    searches.back().validate();
  }
  std::mutex mutex;  // guards everything below
  std::map<std::size_t, std::unique_ptr<GameInProgress>> open;
  std::size_t next_game = 0, next_report = 0;
  int next_position = 0;
  std::exception_ptr failure;  // not bad input: it stops the review

  // Reports the complete games at the head of the queue, in order. A failure of `done` (a full
  // disk) stops the review rather than the worker thread.
  auto report_ready = [&] {
    for (auto it = open.find(next_report); it != open.end() && it->second->complete() && !failure;
         it = open.find(++next_report)) {
      GameInProgress& game = *it->second;
      try {
        if (game.refusal.empty()) {
          GameReview review =
              assemble_review(*jobs[next_report].record, game.replayed, game.results);
          done(next_report, &review, "");
        } else {
          done(next_report, nullptr, game.refusal);
        }
      } catch (...) {
        failure = std::current_exception();
      }
      open.erase(it);
    }
  };
  // The next position to search, in the games' order: a game is replayed when first reached.
  auto claim = [&]() -> std::optional<std::pair<std::size_t, int>> {
    for (; next_game < jobs.size() && !failure; ++next_game, next_position = 0) {
      std::unique_ptr<GameInProgress>& game = open[next_game];
      if (!game) {
        game = std::make_unique<GameInProgress>();
        try {
          game->replayed = replay_positions(*jobs[next_game].record);
          game->results.resize(game->replayed.games.size());
        } catch (const InputError& e) {
          game->refusal = e.what();
        }
      }
      if (game->refusal.empty() && next_position < static_cast<int>(game->results.size())) {
        ++game->claimed;
        return std::pair{next_game, next_position++};
      }
      report_ready();
    }
    return std::nullopt;
  };
  auto work = [&] {
    std::unique_lock lock(mutex);
    while (auto claimed = claim()) {
      auto [index, k] = *claimed;
      GameInProgress& game = *open[index];
      lock.unlock();
      std::string refusal;
      try {
        search_position(jobs[index], searches[index], options, game, k);
      } catch (const InputError& e) {
        refusal = e.what();
      } catch (...) {
        lock.lock();
        if (!failure) failure = std::current_exception();
        break;
      }
      lock.lock();
      if (!refusal.empty() && game.refusal.empty()) game.refusal = refusal;
      ++game.searched;
      if (progress) progress(index, game.searched, static_cast<int>(game.results.size()));
      report_ready();
    }
  };
  {
    std::vector<std::jthread> workers;
    for (int i = 0; i < std::max(1, options.workers); ++i) workers.emplace_back(work);
  }
  if (failure) std::rethrow_exception(failure);
}

GameReview review_game(const GameRecord& record, mcts::Evaluator& evaluator,
                       const mcts::SearchParams& params, const ReviewOptions& options,
                       const std::function<void(int done, int total)>& progress) {
  ReviewJob job{&record, &evaluator, params};
  GameReview review;
  std::string refused;
  review_games(
      std::span<const ReviewJob>(&job, 1), options,
      [&](std::size_t, const GameReview* done, const std::string& refusal) {
        if (done != nullptr) review = *done;
        refused = refusal;
      },
      [&](std::size_t, int done, int total) {
        if (progress) progress(done, total);
      });
  if (!refused.empty()) throw InputError(refused);
  return review;
}

std::string review_json(const GameReview& review, const std::string& source) {
  using json = nlohmann::ordered_json;
  auto wdl = [](const std::array<double, 3>& x) {
    return json::array({rounded(x[0]), rounded(x[1]), rounded(x[2])});
  };
  json turns = json::array();
  for (const TurnReview& t : review.turns) {
    turns.push_back({{"number", t.number},
                     {"mover", t.mover},
                     {"played", t.played},
                     {"wdl_before", wdl(t.wdl_before)},
                     {"wdl_after", wdl(t.wdl_after)},
                     {"score_before", rounded(t.score_before)},
                     {"score_after", rounded(t.score_after)},
                     {"drop", rounded(t.drop)},
                     {"label", t.label},
                     {"best", t.best},
                     {"pv", t.pv},
                     {"rank", t.rank ? json(*t.rank) : json(nullptr)},
                     {"prior", rounded(t.prior)},
                     {"candidates", t.candidates},
                     {"legal_turns", t.legal_turns},
                     {"raw_best", t.raw_best},
                     {"raw_wdl", wdl(t.raw_wdl)},
                     {"rings", t.rings}});
  }
  json out = {{"source", source},
              {"variant", review.variant},
              {"result", review.result},
              {"turns", std::move(turns)}};
  return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::vector<std::string> review_summary(const GameReview& review, int per_side) {
  std::vector<std::string> lines;
  for (int side = 0; side < 2; ++side) {
    std::vector<const TurnReview*> worst;
    for (const TurnReview& t : review.turns) {
      if (t.mover == side && !t.label.empty()) worst.push_back(&t);
    }
    std::stable_sort(worst.begin(), worst.end(),
                     [](const TurnReview* a, const TurnReview* b) { return a->drop > b->drop; });
    std::string who = side == 0 ? "first player" : "second player";
    if (worst.empty()) lines.push_back(who + ": no inaccuracies");
    for (int i = 0; i < std::min<int>(per_side, static_cast<int>(worst.size())); ++i) {
      const TurnReview& t = *worst[i];
      lines.push_back(fmt::format("{}: turn {} {}: {} (expected score {:.2f} -> {:.2f}), best {}",
                                  who, t.number, t.played, t.label, t.score_before, t.score_after,
                                  t.best));
    }
  }
  return lines;
}

}  // namespace zertz::frontends
