// The SGF side of the boardspace import, private to core (core/sgf.cpp does the step-by-step
// import): the file read into its header fields and move steps, the header fields interpreted,
// and the refusal that both halves throw. docs/boardspace-sgf.md describes the dialect.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/variant.h"

namespace zertz::sgf {

// Refusal categories (docs/boardspace-sgf.md): every reason starts with one of them.
inline constexpr std::string_view kNotARecord = "not a boardspace record";
inline constexpr std::string_view kCustomSetup = "custom set-up";
inline constexpr std::string_view kHandicap = "handicap";
inline constexpr std::string_view kEdited = "edited position";
inline constexpr std::string_view kUnsupported = "unsupported step";
inline constexpr std::string_view kDamaged = "damaged record";
inline constexpr std::string_view kResultDiffers = "result differs";

// Thrown by the reading and by the import, and turned into the refusal by import_sgf.
struct Refusal {
  std::string reason;
  int step = 0;
};

[[noreturn]] void refuse(int step, std::string_view category, const std::string& details);

// One move property P0[...], P1[...] or P-1[...] (the server), in file order.
struct Step {
  int number = 0;  // 1-based position among the file's steps (annotations are not steps)
  int line = 0;    // of the file
  int seat = 0;    // 0 = P0, 1 = P1, -1 = the server
  std::string text;
  std::vector<std::string> words;  // without boardspace's own leading step number

  // The step as written, for messages: "step 13 P0[12 RtoB 2 0 D 4]".
  std::string describe() const {
    const char* label = seat < 0 ? "P-1" : seat == 0 ? "P0" : "P1";
    return "step " + std::to_string(number) + " " + label + "[" + text + "]";
  }
};

// The header fields the import uses, each from its first occurrence, made one line.
struct Header {
  std::string game, setup, date, result;  // GM, SU, DT, RE
  std::array<std::string, 2> names;       // the ids of P0[id "name"] and P1[id "name"]
};

// What the import uses of a file.
struct SgfFile {
  Header header;
  std::vector<Step> steps;
};

// Refuses a file that is not SGF, or that ends inside its first game tree.
SgfFile read_sgf(std::string_view text);

// A decimal number of at most 9 digits, so that it fits an int.
bool is_number(std::string_view s);

// Boardspace's DT is "Tue Mar 23 22:50:26 CET 2004", "October 16, 2024" or "16 November 2024";
// the record keeps ISO dates. Anything else is kept as written.
std::string iso_date(const std::string& text);

// RE[...] names the winner in the site's language ("Game won by X", "Игру выиграл(а) X.",
// "Partie gagnée par X", ...), or says "The game is a draw". The winner is the seat whose id
// occurs in it (the longer id when both do). Guests are named "guest1488" or "гость.feya"
// while their id is "guest".
struct DeclaredResult {
  bool draw = false;
  int winner_seat = -1;  // -1: no winner named (or no RE at all)
};

DeclaredResult parse_result(const std::string& text, const std::array<std::string, 2>& names);

// The variant that GM[22] and SU[...] name; refuses other games, handicaps and custom set-ups.
const Variant& variant_of(const Header& header);

}  // namespace zertz::sgf
