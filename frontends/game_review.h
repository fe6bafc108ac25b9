// Game review (`zertz review`, docs/review.md): every turn of a record searched, with the
// mover's win/draw/loss before and after it, the engine's best turn and its principal
// variation, where the played turn ranks among the candidates and its raw prior, and a label
// (inaccuracy, mistake, blunder) by the drop of the mover's expected score, in lichess's
// manner. The positions of a game are searched side by side and share the evaluator's batches.
// Torch-free: a network enters as an evaluator.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/record.h"
#include "mcts/evaluator.h"
#include "mcts/search_params.h"

namespace zertz::frontends {

struct ReviewOptions {
  int visits = 400;        // per decision of each position's search
  int workers = 2;         // positions searched at once
  std::uint64_t seed = 1;  // the position before turn k (1-based) searches with seed + k
};

// Drops of the mover's expected score (win + draw / 2, in [0, 1]) that earn each label: a
// drop is the expected score before the turn less the one after it. lichess labels drops of its
// winning chances (in [-1, 1]) of 0.1, 0.2 and 0.3, which are these on [0, 1].
constexpr double kInaccuracyDrop = 0.05;
constexpr double kMistakeDrop = 0.10;
constexpr double kBlunderDrop = 0.15;

// "blunder", "mistake", "inaccuracy" or "" for a drop of the expected score.
const char* label_for_drop(double drop);

struct TurnReview {
  int number = 0;  // 1-based
  int mover = 0;   // 0: the first player
  std::string played;
  // The mover's win/draw/loss: before the turn (its position's search), after the played turn
  // (the next position's search, or exact when the turn ends the game).
  std::array<double, 3> wdl_before{}, wdl_after{};
  double score_before = 0, score_after = 0;  // win + draw / 2 of those
  double drop = 0;                           // max(0, score_before - score_after)
  std::string label;
  std::string best;             // the engine's most visited turn
  std::vector<std::string> pv;  // its principal variation
  std::optional<int> rank;      // of the played turn among the candidates (1: the best)
  double prior = 0;             // the played turn's raw prior (mcts/turn_policy.h)
  int candidates = 0;           // turns the search reached
  int legal_turns = 0;          // 1 when the turn was forced (a single capture, say)
  std::string raw_best;         // the raw policy's most likely turn (no search)
  // The evaluator's own win/draw/loss for the mover before the turn (no search): a network's
  // value head; an even 0.5 / 0 / 0.5 for random playouts, which have no value of their own.
  std::array<double, 3> raw_wdl{};
  int rings = 0;  // rings on the board before the turn (the game's phase)
};

struct GameReview {
  std::string variant;
  std::string result;  // the record's
  std::vector<TurnReview> turns;
};

// A game of a review over many: its record, and the evaluator and search that judge it.
struct ReviewJob {
  const GameRecord* record = nullptr;
  mcts::Evaluator* evaluator = nullptr;
  mcts::SearchParams params;
};
// Called once per game, in the games' order: its review, or (review null) why it was refused,
// e.g. "turn 2: ..." for an illegal turn.
using ReviewDone =
    std::function<void(std::size_t game, const GameReview* review, const std::string& refusal)>;
// Called as a game's positions finish (the positions done and their number).
using ReviewProgress = std::function<void(std::size_t game, int done, int total)>;

// Reviews the games side by side: `options.workers` threads search positions in the games'
// order, so the last positions of one game overlap the first of the next, and searches of
// different games share a network's batches. A game's positions use the seeds they would use
// alone, so a review does not depend on the workers or on the other games. Calls are made
// under one lock: `done` and `progress` need no locking of their own. An exception other than
// InputError stops the review and is rethrown.
void review_games(std::span<const ReviewJob> jobs, const ReviewOptions& options,
                  const ReviewDone& done, const ReviewProgress& progress = {});

// One game (review_games of one job): InputError naming the turn when a turn is illegal;
// `progress` (may be empty) gets the positions done and their number as searches finish.
GameReview review_game(const GameRecord& record, mcts::Evaluator& evaluator,
                       const mcts::SearchParams& params, const ReviewOptions& options,
                       const std::function<void(int done, int total)>& progress = {});

// The review as JSON (the schema of docs/review.md), one object, pretty-printed.
std::string review_json(const GameReview& review, const std::string& source);

// The biggest drops of each side, at most `per_side` each, as text lines.
std::vector<std::string> review_summary(const GameReview& review, int per_side = 3);

}  // namespace zertz::frontends
