#include "core/record.h"

#include <sstream>

#include "core/error.h"
#include "core/text.h"
#include "core/variant.h"

namespace zertz {

namespace {

constexpr std::string_view kFormatLine = "zertz-record 1";

}  // namespace

GameRecord parse_record(std::string_view text, const std::string& source) {
  GameRecord record;
  std::istringstream in{std::string(text)};
  std::string raw;
  int line = 0;
  bool in_header = true;
  bool saw_format = false;
  auto fail = [&](const std::string& message) -> void {
    throw InputError(source + ":" + std::to_string(line) + ": " + message);
  };
  while (std::getline(in, raw)) {
    ++line;
    std::string content(trim(raw));
    if (!content.empty() && content[0] == '#') continue;
    if (in_header) {
      if (content.empty()) {
        in_header = false;
        continue;
      }
      std::size_t colon = content.find(':');
      if (colon == std::string::npos)
        fail("expected a header line 'Key: value', found '" + content + "'");
      std::string key(trim(std::string_view(content).substr(0, colon)));
      std::string value(trim(std::string_view(content).substr(colon + 1)));
      if (key == "Format") {
        if (value != kFormatLine) fail("expected Format: zertz-record 1, found '" + value + "'");
        saw_format = true;
      } else if (key == "Variant") {
        if (!Variant::find(value))
          fail("unknown variant '" + value + "' (" + Variant::names() + ")");
        record.variant = value;
      } else if (key == "Player1") {
        record.player1 = value;
      } else if (key == "Player2") {
        record.player2 = value;
      } else if (key == "Date") {
        record.date = value;
      } else if (key == "Result") {
        if (value != "1-0" && value != "0-1" && value != "1/2-1/2" && value != "*") {
          fail("expected Result 1-0, 0-1, 1/2-1/2 or *, found '" + value + "'");
        }
        record.result = value;
      } else if (key == "Termination") {
        record.termination = value;
      } else if (key == "Start") {
        record.start = value;
      } else {
        fail("unknown header key '" + key +
             "' (Format, Variant, Player1, Player2, Date, Result, Termination, Start)");
      }
      continue;
    }
    if (content.empty()) continue;
    record.turns.push_back(content);
    record.turn_lines.push_back(line);
  }
  if (!saw_format) {
    line = 1;
    fail("not a zertz-zero game record: no 'Format: zertz-record 1' header line");
  }
  return record;
}

std::string format_record(const GameRecord& record) {
  std::string out = "# zertz-zero game record\n";
  out += "Format: " + std::string(kFormatLine) + "\n";
  out += "Variant: " + record.variant + "\n";
  if (!record.player1.empty()) out += "Player1: " + record.player1 + "\n";
  if (!record.player2.empty()) out += "Player2: " + record.player2 + "\n";
  if (!record.date.empty()) out += "Date: " + record.date + "\n";
  out += "Result: " + record.result + "\n";
  if (!record.termination.empty()) out += "Termination: " + record.termination + "\n";
  if (!record.start.empty()) out += "Start: " + record.start + "\n";
  out += "\n";
  for (const std::string& turn : record.turns) out += turn + "\n";
  return out;
}

}  // namespace zertz
