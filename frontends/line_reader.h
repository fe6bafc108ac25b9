// Reading input line by line with bounded memory, for the engines that read stdin.
#pragma once

#include <istream>
#include <string>

namespace zertz::frontends {

enum class LineRead { kLine, kTooLong, kEnd };

// Reads the next line (without its '\n') into `line`. A line longer than `max_bytes` is read
// to its end but not kept (kTooLong), so that memory stays bounded whatever arrives. kEnd: the
// input ended before any byte of a line.
inline LineRead read_line(std::istream& in, std::string& line, std::size_t max_bytes) {
  line.clear();
  if (in.peek() == std::char_traits<char>::eof()) return LineRead::kEnd;
  bool too_long = false;
  for (int ch; (ch = in.get()) != std::char_traits<char>::eof() && ch != '\n';) {
    if (line.size() < max_bytes) {
      line.push_back(static_cast<char>(ch));
    } else {
      too_long = true;
    }
  }
  return too_long ? LineRead::kTooLong : LineRead::kLine;
}

}  // namespace zertz::frontends
