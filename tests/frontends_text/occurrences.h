// How often a piece of text occurs in a page or picture, for the front ends' text tests.
#pragma once

#include <string>

namespace zertz::frontends {

inline int occurrences(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace zertz::frontends
