#include "frontends/html_viewer.h"

#include <filesystem>
#include <stdexcept>

#include "core/error.h"
#include "core/game.h"
#include "core/position.h"
#include "core/record_file.h"
#include "core/replay.h"
#include "core/turn.h"
#include "frontends/svg.h"
#include "frontends/viewer_page.h"

namespace zertz::frontends {

namespace {

std::string counts_text(const Counts& counts) {
  std::string text;
  for (int c = 0; c < kColours; ++c) {
    if (c > 0) text += ' ';
    text += kColourLetters[c] + std::to_string(counts[c]);
  }
  return text;
}

// What `mover` gained in a turn, e.g. "W1 B2", or "nothing".
std::string gained_text(const State& before, const State& after, int mover) {
  std::string text;
  for (int c = 0; c < kColours; ++c) {
    int gained = after.captured(mover)[c] - before.captured(mover)[c];
    if (gained <= 0) continue;
    if (!text.empty()) text += ' ';
    text += kColourLetters[c] + std::to_string(gained);
  }
  return text.empty() ? "nothing" : text;
}

}  // namespace

std::string stocks_text(const State& state) {
  return "captured: player 1 " + counts_text(state.captured(0)) + " · player 2 " +
         counts_text(state.captured(1));
}

GameRecord read_game_record(const std::string& path) {
  RecordFile loaded;
  try {
    loaded = load_record_file(path);
  } catch (const std::runtime_error& e) {
    throw InputError(e.what());
  }
  if (loaded.ok) return loaded.record;
  if (!loaded.sgf) throw InputError(loaded.reason);
  throw InputError(path + ": not imported: " + loaded.reason + " at node " +
                   std::to_string(loaded.step));
}

std::vector<RecordStep> replay_for_display(const GameRecord& record) {
  RecordPositions replayed = replay_positions(record);
  std::vector<RecordStep> steps = {{replayed.games.front().state(), ""}};
  for (std::size_t i = 0; i < replayed.turns.size(); ++i) {
    steps.push_back(
        {replayed.games[i + 1].state(), format_turn(replayed.games[i].state(), replayed.turns[i])});
  }
  return steps;
}

std::string players_line(const GameRecord& record) {
  return (record.player1.empty() ? "?" : record.player1) + " vs " +
         (record.player2.empty() ? "?" : record.player2) + " · " + record.variant + " · result " +
         record.result;
}

std::string final_status(const GameRecord& record) {
  if (record.result == "*") return "";
  return "result " + record.result +
         (record.termination.empty() ? "" : " (" + record.termination + ")");
}

std::string game_viewer_html(const GameRecord& record, const std::string& title) {
  std::vector<RecordStep> replayed = replay_for_display(record);
  nlohmann::json steps = nlohmann::json::array();
  int count = static_cast<int>(replayed.size()) - 1;
  for (int i = 0; i <= count; ++i) {
    const State& state = replayed[i].state;
    nlohmann::json step = {{"svg", position_svg(state, i == count ? final_status(record) : "")},
                           {"turn", "start"},
                           {"captured", ""},
                           {"stocks", stocks_text(state)}};
    if (i > 0) {
      int mover = replayed[i - 1].state.to_move();
      step["turn"] = "turn " + std::to_string(i) + " of " + std::to_string(count) + ": player " +
                     std::to_string(mover + 1) + " " + replayed[i].turn;
      step["captured"] = "captured this turn: " + gained_text(replayed[i - 1].state, state, mover);
    }
    steps.push_back(std::move(step));
  }
  ViewerPage page;
  page.title = title;
  page.subtitle = players_line(record);
  page.steps = std::move(steps);
  for (int i = 1; i <= count; ++i) page.items.push_back(replayed[i].turn);
  return viewer_page_html(page);
}

}  // namespace zertz::frontends
