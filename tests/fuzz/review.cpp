// Fuzz target: game review's own inputs, a ratings file and a line of a summary file (the
// input is tried as both). Ratings that parse have plain names (not empty, trimmed, no comment
// mark first) and finite numbers; a summary line that parses writes back to a line that parses
// to the same figures.
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "core/error.h"
#include "core/text.h"
#include "frontends/game_filter.h"
#include "frontends/review_summary.h"
#include "tests/fuzz/fuzz_check.h"

using namespace zertz;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  std::string_view input = fuzz::as_text(data, size);
  try {
    for (const auto& [name, rating] : frontends::parse_ratings(input, "ratings")) {
      fuzz::require(!name.empty() && trim(name) == name && name.front() != '#',
                    "a rated name is plain", name);
      fuzz::require(std::isfinite(rating), "a rating is finite", name);
    }
  } catch (const InputError& e) {
    fuzz::require_one_line(e);
  }
  nlohmann::json line = nlohmann::json::parse(input, nullptr, false);
  if (line.is_discarded()) return 0;
  frontends::ReviewSummary figures;
  try {
    figures = frontends::summary_from_line(line);
  } catch (const InputError& e) {
    fuzz::require_one_line(e);
    return 0;
  }
  std::string written = frontends::summary_line(figures, "x", GameRecord()).dump();
  frontends::ReviewSummary reread = frontends::summary_from_line(nlohmann::json::parse(written));
  fuzz::require(frontends::summary_line(reread, "x", GameRecord()).dump() == written,
                "a summary line reads back as the same figures", written);
  return 0;
}
