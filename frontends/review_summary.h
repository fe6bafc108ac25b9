// Agreement of an engine with the turns people played, and how well it foresees the winner
// (`zertz review --summary`, docs/review.md): AlphaGo's move-prediction measure over many
// reviewed games. Top-1 and top-3 agreement of the searched choice, and top-1 of the raw
// policy, by phase of the game (the share of the board's rings removed), over the positions
// that offered a choice (a forced turn agrees with anyone); the accuracy and
// log-loss of the evaluator's own value and of the searched value as forecasts of each
// position's final winner.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <string>

#include "frontends/game_review.h"

namespace zertz::frontends {

// Phases by rings removed: the opening until a sixth of the board is gone, the middle until a
// third is, then the end (37 rings: 0-6 removed, 7-12, 13 or more).
enum class GamePhase { kOpening, kMiddle, kEnd };
constexpr int kPhases = 3;
GamePhase phase_of(int rings_left, int board_rings);
const char* phase_name(GamePhase phase);

struct Agreement {
  int positions = 0;
  int top1 = 0;      // the searched best turn was the one played
  int top3 = 0;      // the played turn was among the three most visited
  int raw_top1 = 0;  // the raw policy's most likely turn was the one played
  Agreement& operator+=(const Agreement& other);
};

// A value read as the mover's chance of winning (its expected score), against the winner of
// a decided game: correct when it leans the right way (half a point when it does not lean),
// and the log-loss -ln(chance given to the actual winner), the chance kept in [1e-6, 1 - 1e-6].
struct Forecast {
  int positions = 0;
  double correct = 0;
  double log_loss = 0;
  Forecast& operator+=(const Forecast& other);
};

struct ReviewSummary {
  int games = 0;
  std::array<Agreement, kPhases> phases{};
  Forecast raw_value, searched_value;  // decided games only
  ReviewSummary& operator+=(const ReviewSummary& other);
  Agreement all_phases() const;
};

// One reviewed game's figures; `board_rings` is its variant's board size.
ReviewSummary summarize_review(const GameReview& review, int board_rings);

// A game's line of the summary file (one JSON object: its source, players and figures) and
// back; from_json throws InputError naming the field when the line is not such an object.
nlohmann::json summary_line(const ReviewSummary& figures, const std::string& source,
                            const GameRecord& record);
ReviewSummary summary_from_line(const nlohmann::json& line);

// The table printed at the end: agreement by phase, then the forecasts.
std::string summary_table(const ReviewSummary& summary);

}  // namespace zertz::frontends
