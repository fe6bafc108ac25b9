// `zertz play`: a person against the computer in a terminal (or through a pipe). The person
// types full turns in notation, or one atomic step at a time (`Wd4`, then `b2`), or a command:
// hint, undo, legal, board, save FILE, help, quit. A mistyped or illegal turn gets one line
// saying why and a new prompt.
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "frontends/game_session.h"
#include "frontends/search_driver.h"

namespace zertz::frontends {

struct TerminalGameOptions {
  int human = 0;        // the person's player: 0 moves first
  bool colour = false;  // ANSI colours on the board
};

class TerminalGame {
 public:
  TerminalGame(SearchDriver& driver, GameSession& session, const TerminalGameOptions& options,
               std::istream& in, std::ostream& out);
  // Plays until `quit` or the end of the input; after the game ends, commands (save, undo)
  // are still taken.
  void run();

 private:
  void computer_turn();
  // Handles one line of the person's; false on quit.
  bool handle(const std::string& line);
  void take_turn_input(const std::string& text);
  void undo();
  void hint();
  void show_board();
  std::string prompt() const;

  SearchDriver& driver_;
  GameSession& session_;
  TerminalGameOptions options_;
  std::istream& in_;
  std::ostream& out_;
  // Steps typed so far of an unfinished turn: as typed (for the prompt) and as a matching key.
  std::string pending_text_, pending_key_;
};

}  // namespace zertz::frontends
