// What every fuzz target checks beyond "no crash": a refused input gets one line (a message
// that is not empty and holds no newline), and what parses survives a round trip. A broken
// invariant aborts, which libFuzzer reports as a crash and keeps the input.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>

namespace zertz::fuzz {

[[noreturn]] inline void broken(const char* invariant, std::string_view detail) {
  std::fprintf(stderr, "invariant broken: %s: %.*s\n", invariant, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

inline void require(bool holds, const char* invariant, std::string_view detail = "") {
  if (!holds) broken(invariant, detail);
}

// The message a user would see for a refused input.
inline void require_one_line(const std::exception& e) {
  std::string_view message = e.what();
  require(!message.empty(), "a refusal says why");
  require(message.find('\n') == std::string_view::npos, "a refusal is one line", message);
}

inline std::string_view as_text(const unsigned char* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace zertz::fuzz
