// Replays a game record turn by turn, checking every step and the recorded result.
#pragma once

#include <string>

#include "core/record.h"
#include "core/state.h"

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

// "1-0", "0-1", "1/2-1/2" or "*" for a game's outcome.
std::string result_string(Outcome outcome);

}  // namespace zertz
