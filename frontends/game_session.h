// The game a front end is playing: where it started, the turns played since (with their
// notation) and the current game with its repetition history. Undo replays from the start, so
// the repetition rule stays exact.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/record.h"
#include "core/turn.h"

namespace zertz::frontends {

class GameSession {
 public:
  explicit GameSession(const Variant& variant);

  // A new game of `variant` from its initial position.
  void new_game(const Variant& variant);
  // A new game from `start`; throws InputError unless `start` is at the start of a turn.
  void set_position(const State& start);

  const Variant& variant() const { return start_.variant(); }
  const State& start() const { return start_; }
  const Game& game() const { return game_; }
  const State& state() const { return game_.state(); }
  bool is_over() const { return game_.is_terminal(); }
  int turns_played() const { return static_cast<int>(turns_.size()); }
  const std::vector<std::string>& turn_texts() const { return texts_; }

  // Parses `text` as a full turn and plays it; throws InputError (one line) when the text is
  // malformed or the turn illegal, or the game is over, leaving the session unchanged.
  void play(std::string_view text);
  // Plays a turn known to be legal (from a player or legal_turns).
  void play(const Turn& turn);
  // Takes back the last turn; false when there is none.
  bool undo();

  // Every legal full turn in notation (none when the game is over).
  std::vector<std::string> legal_turn_texts() const;
  // "1-0", "0-1", "1/2-1/2" or "*".
  std::string result() const;
  // The repetition history of the game so far, for a search that starts here.
  const RepetitionTracker& repetition() const { return game_.repetition(); }
  // The game as a record (Start set when it did not begin at the initial position).
  GameRecord record(const std::string& player1, const std::string& player2) const;

 private:
  void replay();

  State start_;
  Game game_;
  std::vector<Turn> turns_;
  std::vector<std::string> texts_;
};

}  // namespace zertz::frontends
