// Small text helpers shared by the readers of outside input (records, SGF, engine lines).
#pragma once

#include <cctype>
#include <string_view>

namespace zertz {

// `text` without the white space (std::isspace) at either end; a view into `text`.
inline std::string_view trim(std::string_view text) {
  auto space = [](char ch) { return std::isspace(static_cast<unsigned char>(ch)) != 0; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace zertz
