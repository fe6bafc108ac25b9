// Fuzz target: position strings and turn notation. The input's first line is a position
// string, the rest a turn played from it. A position that parses prints back to a string that
// parses to the same state; a turn that parses prints back to notation that parses to the same
// turn, and it plays.
#include <optional>
#include <string>

#include "core/error.h"
#include "core/position.h"
#include "core/turn.h"
#include "tests/fuzz/fuzz_check.h"

using namespace zertz;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  std::string_view input = fuzz::as_text(data, size);
  std::size_t newline = input.find('\n');
  std::string_view position = input.substr(0, newline);
  std::string_view notation =
      newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);
  std::optional<State> state;
  try {
    state = parse_position_string(position);
  } catch (const InputError& e) {
    fuzz::require_one_line(e);
    return 0;
  }
  std::string printed = to_position_string(*state);
  State reread = parse_position_string(printed);
  fuzz::require(reread == *state, "a printed position reads back as the same state", printed);
  fuzz::require(to_position_string(reread) == printed, "printing a position is stable", printed);
  Turn turn;
  try {
    turn = parse_turn(*state, notation);
  } catch (const InputError& e) {
    fuzz::require_one_line(e);
    return 0;
  }
  std::string written = format_turn(*state, turn);
  fuzz::require(parse_turn(*state, written) == turn, "printed notation reads back as the turn",
                written);
  State after = *state;
  apply_turn(after, turn);
  return 0;
}
