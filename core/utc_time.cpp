#include "core/utc_time.h"

#include <chrono>
#include <ctime>

namespace zertz {

std::string utc_now(const char* format) {
  std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[64];
  std::size_t length = std::strftime(text, sizeof text, format, &tm);
  return std::string(text, length);
}

}  // namespace zertz
