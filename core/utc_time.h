// The current UTC time as text, for record dates and file names.
#pragma once

#include <string>

namespace zertz {

// The current time in UTC, formatted by strftime `format` (at most 63 characters of output),
// e.g. "%Y-%m-%d" for a record's Date.
std::string utc_now(const char* format);

}  // namespace zertz
