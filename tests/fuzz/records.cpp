// Fuzz target: game records, ours and boardspace SGF (an input whose first character after
// blanks is '(' is SGF). A record that parses prints back to one that parses to the same
// record, and replays without throwing; an SGF import never throws, and what it imports
// replays.
#include "core/error.h"
#include "core/record.h"
#include "core/replay.h"
#include "core/sgf.h"
#include "tests/fuzz/fuzz_check.h"

using namespace zertz;

namespace {

bool same_record(const GameRecord& a, const GameRecord& b) {
  return a.variant == b.variant && a.player1 == b.player1 && a.player2 == b.player2 &&
         a.date == b.date && a.result == b.result && a.termination == b.termination &&
         a.start == b.start && a.turns == b.turns;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  std::string_view input = fuzz::as_text(data, size);
  std::size_t first = input.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && input[first] == '(') {
    SgfImport imported = import_sgf(input);
    if (!imported.ok) {
      fuzz::require(!imported.reason.empty() && imported.reason.find('\n') == std::string::npos,
                    "an SGF refusal is one line", imported.reason);
      return 0;
    }
    ReplayReport replay = replay_record(imported.record);
    fuzz::require(replay.ok, "an imported game replays", replay.reason);
    return 0;
  }
  GameRecord record;
  try {
    record = parse_record(input, "fuzz");
  } catch (const InputError& e) {
    fuzz::require_one_line(e);
    return 0;
  }
  std::string printed = format_record(record);
  GameRecord reread = parse_record(printed, "printed");
  fuzz::require(same_record(reread, record), "a printed record reads back the same", printed);
  ReplayReport replay = replay_record(record);
  fuzz::require(replay.ok || replay.reason.find('\n') == std::string::npos,
                "a replay refusal is one line", replay.reason);
  return 0;
}
