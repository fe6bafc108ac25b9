// Replays a game record turn by turn, checking every step and the recorded result.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/record.h"
#include "core/state.h"
#include "core/turn.h"

namespace zertz {

struct ReplayReport {
  bool ok = false;
  std::string reason;  // why it was refused (empty when ok)
  int step = 0;        // the turn (1-based) where it was refused; 0 for the header
  std::string result;  // the result derived by the replay: 1-0, 0-1, 1/2-1/2 or *
  int turns = 0;       // turns replayed
};

// Never throws for bad content: a malformed turn or start position is a refusal.
ReplayReport replay_record(const GameRecord& record);

// A record's games: games[i] is the game before turns[i] (parsed), games.back() the game after
// the last turn. Throws InputError "turn N: ..." for an illegal turn or one after the end.
struct RecordPositions {
  std::vector<Game> games;
  std::vector<Turn> turns;
};
RecordPositions replay_positions(const GameRecord& record);

// "1-0", "0-1", "1/2-1/2" or "*" for a game's outcome.
std::string result_string(Outcome outcome);

}  // namespace zertz
