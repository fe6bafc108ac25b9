#include "frontends/game_session.h"

#include "core/error.h"
#include "core/position.h"
#include "core/replay.h"
#include "core/utc_time.h"

namespace zertz::frontends {

GameSession::GameSession(const Variant& variant) : start_(variant), game_(start_) {}

void GameSession::new_game(const Variant& variant) {
  set_position(State(variant));
}

void GameSession::set_position(const State& start) {
  if (start.phase() != Phase::kTurnStart) {
    throw InputError("the position is in the middle of a turn; give one at the start of a turn");
  }
  start_ = start;
  game_ = Game(start_);
  turns_.clear();
  texts_.clear();
}

void GameSession::play(std::string_view text) {
  if (is_over()) throw InputError("the game is over (" + result() + ")");
  play(parse_turn(state(), text));
}

void GameSession::play(const Turn& turn) {
  texts_.push_back(format_turn(state(), turn));
  turns_.push_back(turn);
  for (Action action : turn.actions) game_.apply(action);
}

bool GameSession::undo() {
  if (turns_.empty()) return false;
  turns_.pop_back();
  texts_.pop_back();
  replay();
  return true;
}

void GameSession::replay() {
  game_ = Game(start_);
  for (const Turn& turn : turns_) {
    for (Action action : turn.actions) game_.apply(action);
  }
}

std::vector<std::string> GameSession::legal_turn_texts() const {
  std::vector<std::string> texts;
  if (is_over()) return texts;
  for (const Turn& turn : legal_turns(state())) texts.push_back(format_turn(state(), turn));
  return texts;
}

std::string GameSession::result() const {
  return result_string(game_.outcome());
}

GameRecord GameSession::record(const std::string& player1, const std::string& player2) const {
  GameRecord record;
  record.variant = variant().name;
  record.player1 = player1;
  record.player2 = player2;
  record.date = utc_now("%Y-%m-%d");
  record.result = result();
  if (!is_over()) {
    record.termination = "unfinished";
  } else {
    record.termination = game_.ended_by_repetition() ? "repetition" : "normal";
  }
  if (!(start_ == State(variant()))) record.start = to_position_string(start_);
  record.turns = texts_;
  return record;
}

}  // namespace zertz::frontends
