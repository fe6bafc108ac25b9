// Quoting outside text in a message that must stay one line.
#pragma once

#include <string>
#include <string_view>

namespace zertz {

// `text` with each control character written as \xNN (the fuzzers found newlines inside a
// turn, and inside yaml-cpp's messages, making a refusal two lines).
inline std::string printable(std::string_view text) {
  constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (char ch : text) {
    auto byte = static_cast<unsigned char>(ch);
    if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

}  // namespace zertz
