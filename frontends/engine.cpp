#include "frontends/engine.h"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <stdexcept>
#include <vector>

#include "core/error.h"
#include "core/position.h"
#include "core/text.h"
#include "frontends/board_text.h"
#include "frontends/line_reader.h"

namespace zertz::frontends {

namespace {

std::string format_reply(char mark, std::string_view id, std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  std::string out(1, mark);
  out += id;
  if (!text.empty()) out += " " + text;
  return out + "\n\n";
}

// A positive whole number, or an InputError naming `what`.
int parse_count(std::string_view what, std::string_view text) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 1) {
    throw InputError("expected a positive whole number for " + std::string(what) + ", found '" +
                     std::string(text) + "'");
  }
  return value;
}

// `visits N` or `time MS` (when `allow_time`), or nothing.
Budget parse_budget(std::string_view args, bool allow_time) {
  std::vector<std::string_view> words = split_words(args);
  Budget budget;
  if (words.empty()) return budget;
  std::string expected = allow_time ? "'visits N' or 'time MS'" : "'visits N'";
  if (words.size() != 2)
    throw InputError("expected nothing or " + expected + ", found '" + std::string(args) + "'");
  if (words[0] == "visits") {
    budget.visits = parse_count("visits", words[1]);
  } else if (words[0] == "time" && allow_time) {
    budget.time_ms = parse_count("time", words[1]);
  } else {
    throw InputError("expected nothing or " + expected + ", found '" + std::string(words[0]) + "'");
  }
  return budget;
}

std::string format_value(double value) {
  return fmt::format("{:+.3f}", value);
}

// A probability as 0.xyz.
std::string format_share(double share) {
  return fmt::format("{:.3f}", share);
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i ? std::string(separator) : "") + items[i];
  return out;
}

}  // namespace

Engine::Engine(const DriverOptions& options, const Variant& variant)
    : driver_(options, variant), session_(variant) {
  auto no_args = [](std::function<std::string()> handler) {
    return [handler](std::string_view args) {
      if (!args.empty()) throw InputError("takes no arguments, found '" + std::string(args) + "'");
      return handler();
    };
  };
  commands_ = {
      {"protocol_version", no_args([] { return std::to_string(kProtocolVersion); })},
      {"name", no_args([] { return std::string(kEngineName); })},
      {"version", no_args([] { return std::string(kEngineVersion); })},
      {"list_commands", no_args([this] { return list_commands(); })},
      {"newgame", [this](std::string_view args) { return newgame(args); }},
      {"position", [this](std::string_view args) { return position(args); }},
      {"play", [this](std::string_view args) { return play(args); }},
      {"legal", no_args([this] { return join(session_.legal_turn_texts(), "\n"); })},
      {"genmove", [this](std::string_view args) { return genmove(args); }},
      {"analyze", [this](std::string_view args) { return analyze(args); }},
      {"undo", no_args([this] { return undo(); })},
      {"showboard", no_args([this] {
         return to_position_string(session_.state()) + "\n" + draw_board(session_.state(), false);
       })},
      {"result", no_args([this] { return session_.result(); })},
      {"quit", no_args([this] {
         finished_ = true;
         return std::string();
       })},
  };
}

std::string Engine::answer(std::string_view line) {
  line = trim(line);
  if (line.empty() || line.front() == '#') return "";
  std::size_t digits = 0;
  while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
  std::string_view id = line.substr(0, digits);
  std::string_view rest = trim(line.substr(digits));
  if (digits > 0 && digits < line.size() && !is_space(line[digits])) {
    return format_reply('?', "", "malformed line: an id must be followed by a space");
  }
  for (char ch : line) {
    if (std::iscntrl(static_cast<unsigned char>(ch)) && ch != '\t') {
      return format_reply('?', id, "malformed line: control character in the input");
    }
  }
  if (rest.empty()) return format_reply('?', id, "malformed line: expected a command after the id");
  std::size_t space = rest.find_first_of(" \t");
  std::string_view name = rest.substr(0, space);
  std::string_view args = space == std::string_view::npos ? "" : trim(rest.substr(space));
  auto command = commands_.find(name);
  if (command == commands_.end()) {
    return format_reply('?', id, "unknown command '" + std::string(name) + "' (see list_commands)");
  }
  try {
    return format_reply('=', id, command->second(args));
  } catch (const std::exception& e) {
    return format_reply('?', id, std::string(name) + ": " + e.what());
  }
}

void Engine::run(std::istream& in, std::ostream& out) {
  std::string line;
  while (!finished_) {
    LineRead read = read_line(in, line, kMaxLineBytes);
    if (read == LineRead::kEnd) break;
    if (read == LineRead::kTooLong) {
      out << format_reply('?', "",
                          "malformed line: longer than " + std::to_string(kMaxLineBytes) + " bytes")
          << std::flush;
      continue;
    }
    out << answer(line) << std::flush;
  }
}

std::string Engine::list_commands() const {
  std::string out;
  for (const auto& [name, handler] : commands_) out += name + "\n";
  return out;
}

std::string Engine::newgame(std::string_view args) {
  std::vector<std::string_view> words = split_words(args);
  if (words.size() > 1)
    throw InputError("expected at most one variant, found '" + std::string(args) + "'");
  const Variant* variant = words.empty() ? &session_.variant() : Variant::find(words[0]);
  if (variant == nullptr) {
    throw InputError("unknown variant '" + std::string(words[0]) + "' (" + Variant::names() + ")");
  }
  if (variant != &session_.variant()) driver_.set_variant(*variant);
  session_.new_game(*variant);
  return "";
}

std::string Engine::position(std::string_view args) {
  if (args.empty()) throw InputError("expected a position string");
  State start = parse_position_string(args);
  if (start.phase() != Phase::kTurnStart) {
    throw InputError("the position is in the middle of a turn; give one at the start of a turn");
  }
  if (&start.variant() != &session_.variant()) driver_.set_variant(start.variant());
  session_.set_position(start);
  return "";
}

std::string Engine::play(std::string_view args) {
  if (args.empty()) throw InputError("expected a turn in GIPF notation (like Wd4,b2)");
  session_.play(args);
  return "";
}

std::string Engine::genmove(std::string_view args) {
  Budget budget = parse_budget(args, /*allow_time=*/true);
  Choice choice = driver_.choose(session_, budget);
  session_.play(choice.turn);
  return choice.text;
}

std::string Engine::analyze(std::string_view args) {
  Budget budget = parse_budget(args, /*allow_time=*/false);
  mcts::TurnAnalysis analysis = driver_.analyze(session_, budget.visits);
  std::string out = "visits " + std::to_string(analysis.root_visits) + " value " +
                    format_value(analysis.root_value);
  for (const mcts::TurnCandidate& c : analysis.candidates) {
    out += "\nvisits " + std::to_string(c.visits) + " value " + format_value(c.value);
    if (c.wdl) {
      out += " wdl " + format_share((*c.wdl)[0]) + "/" + format_share((*c.wdl)[1]) + "/" +
             format_share((*c.wdl)[2]);
    }
    out += " proven " + std::string(mcts::proven_name(c.proven)) + " turn " + c.turn + " pv " +
           join(c.pv, "; ");
  }
  return out;
}

std::string Engine::undo() {
  if (!session_.undo()) throw InputError("no turn to undo");
  return "";
}

}  // namespace zertz::frontends
