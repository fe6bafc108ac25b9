#include "core/replay.h"

#include "core/error.h"
#include "core/game.h"
#include "core/position.h"
#include "core/turn.h"

namespace zertz {

std::string result_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::kFirstWins:
      return "1-0";
    case Outcome::kSecondWins:
      return "0-1";
    case Outcome::kDraw:
      return "1/2-1/2";
    case Outcome::kOngoing:
      break;
  }
  return "*";
}

RecordPositions replay_positions(const GameRecord& record) {
  const Variant* variant = Variant::find(record.variant);
  if (variant == nullptr) throw InputError("unknown variant '" + record.variant + "'");
  RecordPositions out;
  out.games.emplace_back(record.start.empty() ? State(*variant)
                                              : parse_position_string(record.start));
  for (std::size_t i = 0; i < record.turns.size(); ++i) {
    std::string where = "turn " + std::to_string(i + 1) + ": ";
    Game game = out.games.back();
    if (game.is_terminal()) throw InputError(where + "the game is already over");
    try {
      out.turns.push_back(parse_turn(game.state(), record.turns[i]));
    } catch (const InputError& e) {
      throw InputError(where + e.what());
    }
    for (Action action : out.turns.back().actions) game.apply(action);
    out.games.push_back(std::move(game));
  }
  return out;
}

ReplayReport replay_record(const GameRecord& record) {
  ReplayReport report;
  const Variant* variant = Variant::find(record.variant);
  if (!variant) {
    report.reason = "unknown variant '" + record.variant + "'";
    return report;
  }
  State start(*variant);
  try {
    if (!record.start.empty()) start = parse_position_string(record.start);
  } catch (const InputError& e) {
    report.reason = e.what();
    return report;
  }
  if (start.variant().name != variant->name) {
    report.reason =
        "the start position is of variant " + start.variant().name + ", not " + variant->name;
    return report;
  }
  Game game(start);
  for (std::size_t i = 0; i < record.turns.size(); ++i) {
    report.step = static_cast<int>(i + 1);
    if (game.is_terminal()) {
      report.reason = "a turn after the end of the game (" + result_string(game.outcome()) + ")";
      return report;
    }
    try {
      Turn turn = parse_turn(game.state(), record.turns[i]);
      for (Action a : turn.actions) game.apply(a);
    } catch (const InputError& e) {
      report.reason = e.what();
      return report;
    }
  }
  report.turns = static_cast<int>(record.turns.size());
  report.result = result_string(game.outcome());
  bool declared_win = record.result == "1-0" || record.result == "0-1";
  if (game.is_terminal()) {
    if (record.result != "*" && record.result != report.result) {
      report.reason = "the record says " + record.result + " but the replay ends " + report.result;
      return report;
    }
  } else if (declared_win) {
    bool conceded = record.termination == "resignation" || record.termination == "time";
    if (!conceded) {
      report.reason = "the record says " + record.result +
                      " but the game is not over and no resignation or time win is recorded";
      return report;
    }
    report.result = record.result;
  } else if (record.result == "1/2-1/2" && record.termination != "agreement") {
    report.reason = "the record says 1/2-1/2 but the game is not over";
    return report;
  }
  report.step = 0;
  report.ok = true;
  return report;
}

}  // namespace zertz
