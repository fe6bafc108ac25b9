#include "frontends/html_viewer.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/error.h"
#include "core/game.h"
#include "core/position.h"
#include "core/record_file.h"
#include "core/replay.h"
#include "core/turn.h"
#include "frontends/svg.h"

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

std::string stocks_text(const State& state) {
  return "captured: player 1 " + counts_text(state.captured(0)) + " · player 2 " +
         counts_text(state.captured(1));
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

// Keeps `</script>` and `<!--` in the data from ending the script element early.
std::string script_safe(std::string json) {
  std::string out;
  for (std::size_t i = 0; i < json.size(); ++i) {
    if (json[i] == '<' && i + 1 < json.size() && (json[i + 1] == '/' || json[i + 1] == '!')) {
      out += "\\u003c";
    } else {
      out += json[i];
    }
  }
  return out;
}

constexpr const char* kStyle =
    R"(body{font-family:sans-serif;background:#faf8f2;color:#222;margin:1.5em}
#layout{display:flex;gap:2em;align-items:flex-start;flex-wrap:wrap}
#controls button{font-size:1.1em;min-width:3em;margin-right:.3em}
#moves{max-height:32em;overflow:auto;font-family:monospace;padding-left:3em}
#moves li{cursor:pointer}#moves li.current{background:#e6d5ad;font-weight:bold}
#turn{font-size:1.2em;font-weight:bold;margin:.5em 0})";

constexpr const char* kScript = R"(
const steps = GAME.steps;
let current = 0;
const moves = document.getElementById('moves');
GAME.turns.forEach((turn, i) => {
  const item = document.createElement('li');
  item.textContent = turn;
  item.addEventListener('click', () => show(i + 1));
  moves.appendChild(item);
});
function show(i) {
  current = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[current];
  document.getElementById('board').innerHTML = step.svg;
  document.getElementById('counter').textContent = current + ' / ' + (steps.length - 1);
  document.getElementById('turn').textContent = step.turn;
  document.getElementById('captured').textContent = step.captured;
  document.getElementById('stocks').textContent = step.stocks;
  Array.from(moves.children).forEach((item, k) => item.classList.toggle('current', k + 1 === current));
}
function requested_step() {
  const query = new URLSearchParams(location.search).get('step');
  const hash = new URLSearchParams(location.hash.slice(1)).get('step');
  const value = query !== null ? query : hash;
  if (value === null) return 0;
  return value === 'last' ? steps.length - 1 : parseInt(value, 10) || 0;
}
document.getElementById('first').addEventListener('click', () => show(0));
document.getElementById('prev').addEventListener('click', () => show(current - 1));
document.getElementById('next').addEventListener('click', () => show(current + 1));
document.getElementById('last').addEventListener('click', () => show(steps.length - 1));
document.addEventListener('keydown', (event) => {
  const moves = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: steps.length - 1};
  if (event.key in moves) {
    show(moves[event.key]);
    event.preventDefault();
  }
});
show(requested_step());
)";

}  // namespace

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
  std::vector<std::string> turns;
  for (int i = 1; i <= count; ++i) turns.push_back(replayed[i].turn);
  nlohmann::json data = {{"steps", steps}, {"turns", turns}};
  std::string players = (record.player1.empty() ? "?" : record.player1) + " vs " +
                        (record.player2.empty() ? "?" : record.player2) + " · " + record.variant +
                        " · result " + record.result;
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
         xml_escape(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<h1>" +
         xml_escape(title) + "</h1>\n<p id=\"players\">" + xml_escape(players) +
         "</p>\n<div id=\"layout\">\n<div>\n<div id=\"board\"></div>\n<div id=\"controls\">"
         "<button id=\"first\" title=\"first (Home)\">|&lt;</button>"
         "<button id=\"prev\" title=\"back (left arrow)\">&lt;</button>"
         "<button id=\"next\" title=\"forward (right arrow)\">&gt;</button>"
         "<button id=\"last\" title=\"last (End)\">&gt;|</button> <span id=\"counter\"></span>"
         "</div>\n<div id=\"turn\"></div>\n<div id=\"captured\"></div>\n<div id=\"stocks\"></div>\n"
         "</div>\n<ol id=\"moves\"></ol>\n</div>\n<script>\nconst GAME = " +
         script_safe(data.dump()) + ";\n" + kScript + "</script>\n</body>\n</html>\n";
}

}  // namespace zertz::frontends
