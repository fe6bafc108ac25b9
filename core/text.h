// Small text helpers shared by the readers of outside input (records, SGF, engine lines).
#pragma once

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace zertz {

// White space as std::isspace sees it, for any char (a negative one included).
inline bool is_space(char ch) {
  return std::isspace(static_cast<unsigned char>(ch)) != 0;
}

// `text` without the white space at either end; a view into `text`.
inline std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// ASCII lower case, for words compared without regard to case (boardspace's steps, months,
// robots' names).
inline std::string lower_case(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// The words of `text`, separated by runs of white space; views into `text`.
inline std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

}  // namespace zertz
