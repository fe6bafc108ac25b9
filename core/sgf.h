// Import of boardspace.net SGF records (GM[22]); the dialect is described in docs/formats.md.
#pragma once

#include <string>
#include <string_view>

#include "core/record.h"

namespace zertz {

struct SgfImport {
  bool ok = false;
  GameRecord record;   // the game in our record format (when ok)
  std::string reason;  // why the importer refused it (when not ok)
  int step = 0;        // the SGF node (1-based) where it was refused; 0 for the header
};

// Never throws: anything it cannot import is refused with a specific reason.
SgfImport import_sgf(std::string_view text);

}  // namespace zertz
