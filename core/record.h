// Game records (docs/formats.md): a header of `Key: value` lines, a blank line, then one turn
// per line in GIPF notation. Lines starting with '#' are comments.
//
//   # zertz-zero game record
//   Format: zertz-record 1
//   Variant: tournament
//   Player1: alice
//   Player2: bob
//   Date: 2026-11-29
//   Result: 1-0
//   Termination: normal
//
//   Wd4,b2
//   x e3Wg3
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace zertz {

struct GameRecord {
  std::string variant = "tournament";
  std::string player1, player2, date;
  // "1-0" (player 1 won), "0-1", "1/2-1/2" or "*" (unknown or unfinished).
  std::string result = "*";
  // How it ended: normal, resignation, time, repetition, double-pass, capped, unfinished.
  std::string termination;
  std::string start;  // a position string; empty for the variant's initial position
  std::vector<std::string> turns;
  std::vector<int> turn_lines;  // the file line of each turn, for messages (0 when unknown)
};

// Parses a record; throws InputError "SOURCE:LINE: what was expected, what was found".
GameRecord parse_record(std::string_view text, const std::string& source);
std::string format_record(const GameRecord& record);

}  // namespace zertz
