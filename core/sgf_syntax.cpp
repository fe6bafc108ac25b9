// Reading boardspace SGF files (core/sgf_syntax.h): properties, header fields and steps.
#include "core/sgf_syntax.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <utility>

#include "core/text.h"

namespace zertz::sgf {

[[noreturn]] void refuse(int step, std::string_view category, const std::string& details) {
  throw Refusal{std::string(category) + ": " + details, step};
}

namespace {

struct Property {
  std::string name;
  std::string value;
  int line = 0;  // of the file, from 1
};

// The properties of the file's first game tree, in file order. Boardspace writes one linear tree,
// so nodes and nesting carry no information. One sample file repeats the whole game in a second
// tree after a "rewind"; only the first is read.
std::vector<Property> read_properties(std::string_view text) {
  std::vector<Property> out;
  std::size_t i = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // a UTF-8 byte order mark
  int depth = 0;
  int line = 1;
  std::size_t counted = i;  // text before this offset is counted in `line`
  auto skip_spaces = [&] {
    while (i < text.size() && is_space(text[i])) ++i;
  };
  for (skip_spaces(); i < text.size(); skip_spaces()) {
    char ch = text[i];
    if (ch == '(') {
      ++depth;
      ++i;
    } else if (ch == ')' && depth > 0) {
      ++i;
      if (--depth == 0) return out;
    } else if (ch == ';' && depth > 0) {
      ++i;
    } else if (std::isupper(static_cast<unsigned char>(ch)) && depth > 0) {
      std::size_t start = i;
      line += static_cast<int>(std::count(text.begin() + counted, text.begin() + i, '\n'));
      counted = i;
      while (i < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '-')) {
        ++i;
      }
      std::string name(text.substr(start, std::min<std::size_t>(i - start, 20)));
      skip_spaces();
      if (i >= text.size() || text[i] != '[') {
        refuse(0, kNotARecord, "SGF property " + name + " has no [value]");
      }
      while (i < text.size() && text[i] == '[') {
        std::string value;
        for (++i; i < text.size() && text[i] != ']'; ++i) {
          if (text[i] == '\\' && i + 1 < text.size()) ++i;
          value += text[i];
        }
        if (i >= text.size()) refuse(0, kDamaged, "the file ends inside " + name + "[...]");
        ++i;
        out.push_back({name, std::move(value), line});
        skip_spaces();
      }
    } else {
      refuse(
          0, kNotARecord,
          fmt::format("unexpected byte 0x{:02x} at offset {}", static_cast<unsigned char>(ch), i));
    }
  }
  if (depth == 0) {
    refuse(0, kNotARecord, text.empty() ? "the file is empty" : "no SGF game tree '(;...)'");
  }
  refuse(0, kDamaged, "the file ends inside the game tree");
}

std::string unquote(std::string s) {
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
  return s;
}

// A value as one line of at most 200 bytes, for records and messages: record headers are lines,
// and garbage input must not flood a message.
std::string one_line(std::string_view value) {
  std::string out(trim(value.substr(0, 200)));
  for (char& ch : out) {
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = ' ';
  }
  return out;
}

void split_properties(const std::vector<Property>& properties, Header& header,
                      std::vector<Step>& steps) {
  auto first = [](std::string& field, const std::string& value) {
    if (field.empty()) field = one_line(value);
  };
  for (const Property& p : properties) {
    if (p.name == "GM") first(header.game, p.value);
    if (p.name == "SU") first(header.setup, p.value);
    if (p.name == "DT") first(header.date, p.value);
    if (p.name == "RE") first(header.result, p.value);
    if (p.name != "P0" && p.name != "P1" && p.name != "P-1") continue;
    int seat = p.name == "P0" ? 0 : p.name == "P1" ? 1 : -1;
    std::vector<std::string_view> views = split_words(p.value);
    std::vector<std::string> words(views.begin(), views.end());
    if (!words.empty() && is_number(words[0])) words.erase(words.begin());
    if (words.empty()) continue;
    if (words[0] == "id") {
      std::string name(trim(std::string_view(p.value).substr(p.value.find("id") + 2)));
      if (seat >= 0) header.names[seat] = one_line(unquote(name));
    } else if (words[0] != "time" && words[0] != "ranking") {
      steps.push_back(
          {static_cast<int>(steps.size()) + 1, p.line, seat, one_line(p.value), std::move(words)});
    }
  }
}

}  // namespace

SgfFile read_sgf(std::string_view text) {
  SgfFile file;
  split_properties(read_properties(text), file.header, file.steps);
  return file;
}

bool is_number(std::string_view s) {
  if (s.empty() || s.size() > 9) return false;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return false;
  }
  return true;
}

std::string iso_date(const std::string& text) {
  static constexpr std::array<std::string_view, 12> kMonths = {
      "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
  int year = 0, month = 0, day = 0;
  for (std::string_view view : split_words(text)) {
    std::string word(view);
    while (!word.empty() && (word.back() == ',' || word.back() == '.')) word.pop_back();
    if (is_number(word) && word.size() == 4) {
      year = std::stoi(word);
    } else if (is_number(word) && word.size() <= 2) {
      day = std::stoi(word);
    } else if (word.size() >= 3) {
      std::string prefix = lower_case(std::string_view(word).substr(0, 3));
      for (int m = 0; m < 12; ++m) {
        if (prefix == kMonths[m]) month = m + 1;
      }
    }
  }
  if (year == 0 || month == 0 || day < 1 || day > 31) {
    return text;
  }
  return fmt::format("{:04d}-{:02d}-{:02d}", year, month, day);
}

DeclaredResult parse_result(const std::string& text, const std::array<std::string, 2>& names) {
  DeclaredResult out;
  // A name may hold the word itself ("Game won by Drinkdraws"): look for it without such names.
  std::string without_names = text;
  for (const std::string& name : names) {
    if (lower_case(name).find("draw") == std::string::npos) continue;
    for (std::size_t at; (at = without_names.find(name)) != std::string::npos;)
      without_names.erase(at, name.size());
  }
  if (lower_case(without_names).find("draw") != std::string::npos) {
    out.draw = true;
    return out;
  }
  if (names[0] == names[1]) return out;  // one person on both seats: RE cannot tell them apart
  std::size_t best = 0;
  for (int seat = 0; seat < 2; ++seat) {
    std::vector<std::string> spellings = {names[seat]};
    if (names[seat] == "guest") spellings.push_back("гость");
    for (const std::string& name : spellings) {
      if (!name.empty() && name.size() > best && text.find(name) != std::string::npos) {
        best = name.size();
        out.winner_seat = seat;
      }
    }
  }
  return out;
}

const Variant& variant_of(const Header& header) {
  if (header.game != "22") {
    refuse(0, kNotARecord,
           header.game.empty() ? "no GM[22] (ZERTZ) property"
                               : "GM[" + header.game + "] is not ZERTZ (GM[22])");
  }
  if (header.setup == "Zertz") return Variant::tournament();
  if (header.setup == "Zertz+11") return Variant::tournament48();
  if (header.setup == "Zertz+24") return Variant::tournament61();
  if (header.setup == "Zertz+H") {
    refuse(0, kHandicap, "SU[Zertz+H] starts with marbles moved into the players' stocks");
  }
  if (header.setup.rfind("Zertz", 0) == 0) {
    refuse(0, kCustomSetup, "SU[" + header.setup + "] builds its own board");
  }
  refuse(0, kNotARecord,
         header.setup.empty() ? "no SU[...] game variant"
                              : "SU[" + header.setup + "] is not a ZERTZ variant");
}

}  // namespace zertz::sgf
