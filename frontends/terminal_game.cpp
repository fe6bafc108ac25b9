#include "frontends/terminal_game.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <regex>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/record.h"
#include "frontends/board_text.h"

namespace zertz::frontends {

namespace {

// Notation reduced to what identifies a turn's steps: lower case, no spaces or commas, so
// that `Wd4` then `b2` matches `Wd4,b2` and `x d1Gd3` then `Wd5` matches `x d1Gd3Wd5`.
std::string step_key(std::string_view text) {
  std::string key;
  for (char ch : text) {
    if (ch != ' ' && ch != ',')
      key += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  }
  return key;
}

// A turn's key without the isolation captures that notation appends after a placement.
std::string turn_key(const std::string& notation) {
  std::size_t isolation = notation.find(" x ");
  bool placement = notation.empty() || notation[0] != 'x';
  return step_key(placement ? notation.substr(0, isolation) : notation);
}

// One atomic step: a placement or a chain's next jump (colour and cell), a removal (cell),
// or the first jump of a capture (`x d1Gd3`).
bool is_step(const std::string& key) {
  static const std::regex kStep("(x[a-z][0-9]+)?[wgb]?[a-z][0-9]+");
  return std::regex_match(key, kStep);
}

std::string format_value(float value) {
  return fmt::format("{:+.2f}", value);
}

constexpr const char* kHelp =
    "type a turn (Wd4,b2  x e3Wg3  -) or one step at a time (Wd4, then b2), or:\n"
    "  hint       the computer's suggestion\n"
    "  undo       take back your last turn (and the reply to it)\n"
    "  legal      list the legal turns\n"
    "  board      draw the board again\n"
    "  save FILE  write the game record\n"
    "  quit\n";

}  // namespace

TerminalGame::TerminalGame(SearchDriver& driver, GameSession& session,
                           const TerminalGameOptions& options, std::istream& in, std::ostream& out)
    : driver_(driver), session_(session), options_(options), in_(in), out_(out) {}

void TerminalGame::run() {
  out_ << "you are player " << options_.human + 1 << " against " << driver_.model() << " ("
       << session_.variant().name << "); 'help' lists the commands\n";
  bool drawn = false;
  while (true) {
    if (!session_.is_over() && session_.state().to_move() != options_.human) {
      computer_turn();
      drawn = false;
      continue;
    }
    if (!drawn) show_board();
    drawn = true;
    out_ << prompt() << std::flush;
    std::string line;
    if (!std::getline(in_, line)) {
      out_ << "\n";
      return;
    }
    int turns = session_.turns_played();
    if (!handle(line)) return;
    if (session_.turns_played() != turns) drawn = false;
  }
}

std::string TerminalGame::prompt() const {
  if (session_.is_over()) return "game over> ";
  if (!pending_text_.empty()) return "your turn, after " + pending_text_ + "> ";
  return "your turn> ";
}

void TerminalGame::show_board() {
  out_ << "\n" << draw_board(session_.state(), options_.colour);
  if (session_.is_over()) {
    out_ << "result " << session_.result()
         << (session_.game().ended_by_repetition() ? " (draw by repetition)" : "") << " after "
         << session_.turns_played() << " turns; save FILE, undo or quit\n";
  }
}

void TerminalGame::computer_turn() {
  Choice choice = driver_.choose(session_, Budget{});
  session_.play(choice.turn);
  out_ << driver_.model() << " plays " << choice.text;
  if (choice.value) {
    out_ << "  (value " << format_value(*choice.value) << " for it, " << choice.visits
         << " visits)";
  }
  out_ << "\n";
}

bool TerminalGame::handle(const std::string& raw) {
  std::string line = raw;
  line.erase(0, line.find_first_not_of(" \t\r"));
  line.erase(line.find_last_not_of(" \t\r") + 1);
  if (line.empty()) return true;
  if (line == "quit" || line == "exit") return false;
  if (line == "help") {
    out_ << kHelp;
  } else if (line == "board") {
    show_board();
  } else if (line == "undo") {
    undo();
  } else if (line == "hint") {
    hint();
  } else if (line == "legal") {
    std::vector<std::string> turns = session_.legal_turn_texts();
    out_ << turns.size() << " legal turns:";
    for (const std::string& turn : turns) out_ << "  " << turn;
    out_ << "\n";
  } else if (line.rfind("save", 0) == 0 && (line.size() == 4 || line[4] == ' ')) {
    std::string path = line.size() > 5 ? line.substr(5) : "";
    if (path.empty()) {
      out_ << "save: expected a file name\n";
    } else {
      bool human_first = options_.human == 0;
      std::string computer = driver_.model();
      write_file_atomically(path, format_record(session_.record(human_first ? "human" : computer,
                                                                human_first ? computer : "human")));
      out_ << "saved to " << path << "\n";
    }
  } else if (session_.is_over()) {
    out_ << "the game is over (" << session_.result() << "): save FILE, undo or quit\n";
  } else {
    take_turn_input(line);
  }
  return true;
}

void TerminalGame::take_turn_input(const std::string& text) {
  if (pending_key_.empty()) {
    try {
      session_.play(text);
      out_ << "you play " << session_.turn_texts().back() << "\n";
      return;
    } catch (const InputError& e) {
      // Not a whole turn; perhaps the first step of one, checked below.
      if (!is_step(step_key(text))) {
        out_ << e.what() << "\n";
        return;
      }
    }
  } else if (!is_step(step_key(text))) {
    out_ << "'" << text << "' is not a step (like b2 or Wd5); you are in the middle of "
         << pending_text_ << "\n";
    return;
  }
  std::string key = pending_key_ + step_key(text);
  std::vector<std::string> legal = session_.legal_turn_texts();
  for (const std::string& turn : legal) {
    if (turn_key(turn) == key) {
      pending_text_.clear();
      pending_key_.clear();
      session_.play(turn);
      out_ << "you play " << turn << "\n";
      return;
    }
  }
  bool continues = std::any_of(legal.begin(), legal.end(), [&](const std::string& turn) {
    return turn_key(turn).starts_with(key);
  });
  if (continues) {
    pending_text_ += (pending_text_.empty() ? "" : " ") + text;
    pending_key_ = key;
  } else if (pending_text_.empty()) {
    out_ << "'" << text << "' does not start a legal turn ('legal' lists them)\n";
  } else {
    out_ << "'" << text << "' does not continue " << pending_text_
         << " legally ('legal' lists the turns, 'undo' drops the steps)\n";
  }
}

void TerminalGame::undo() {
  if (!pending_key_.empty()) {
    pending_key_.clear();
    pending_text_.clear();
    out_ << "steps dropped\n";
    return;
  }
  // Back to the person's previous turn: theirs and the computer's reply both go.
  bool undone = false;
  while (session_.turns_played() > 0) {
    session_.undo();
    undone = true;
    if (session_.state().to_move() == options_.human) break;
  }
  out_ << (undone ? "taken back\n" : "nothing to take back\n");
  if (undone) show_board();
}

void TerminalGame::hint() {
  if (session_.is_over()) {
    out_ << "the game is over\n";
    return;
  }
  mcts::TurnAnalysis analysis = driver_.analyze(session_, 0, 1);
  if (analysis.candidates.empty()) {
    out_ << "no hint: the search found no turn\n";
    return;
  }
  const mcts::TurnCandidate& best = analysis.candidates.front();
  out_ << "hint: " << best.turn << "  (value " << format_value(static_cast<float>(best.value))
       << " for you, " << analysis.root_visits << " visits)\n";
}

}  // namespace zertz::frontends
