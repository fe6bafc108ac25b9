// A game viewer in one self-contained HTML file (no network, no external files): every
// position of a game record as inline SVG, stepped through with buttons, the arrow keys
// (Home / End too) or a click on the move list, showing each turn in notation, the marbles it
// captured and both stocks. `?step=N` or `?step=last` (or `#step=...`) in the URL opens that
// step.
#pragma once

#include <string>
#include <vector>

#include "core/record.h"
#include "core/state.h"

namespace zertz::frontends {

// Reads a game record by its extension: `.sgf` (boardspace, imported) or our own format.
// Throws InputError (one line, naming the file) when it cannot be read or imported.
GameRecord read_game_record(const std::string& path);

// A position of a record: the start (with an empty turn), then the one after each turn.
struct RecordStep {
  State state;
  std::string turn;  // the turn that led here, in notation
};
// Replays `record` for display; throws InputError naming the turn when one is illegal.
std::vector<RecordStep> replay_for_display(const GameRecord& record);
// The final position's status line: the recorded result, e.g. "result 1-0 (resignation)";
// empty for an unfinished game.
std::string final_status(const GameRecord& record);
// "alice vs bob · tournament · result 1-0", with "?" for a player without a name.
std::string players_line(const GameRecord& record);
// "captured: player 1 W0 G1 B0 · player 2 W0 G0 B2".
std::string stocks_text(const State& state);

// The viewer page; throws InputError naming the turn when a turn of the record is illegal.
std::string game_viewer_html(const GameRecord& record, const std::string& title);

}  // namespace zertz::frontends
