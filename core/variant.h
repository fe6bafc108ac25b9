// The four rule variants of docs/rules.md: board, initial pool and winning sets.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"

namespace zertz {

enum Colour : int { kWhite = 0, kGrey = 1, kBlack = 2 };
constexpr int kColours = 3;
constexpr std::array<char, kColours> kColourLetters = {'W', 'G', 'B'};

using Counts = std::array<int, kColours>;

struct Variant {
  std::string name;
  const Board* board;
  Counts pool;    // marbles of each colour in the pool at the start
  Counts single;  // capturing this many of any one colour wins
  int each = 0;   // capturing this many of every colour wins

  bool is_win(const Counts& captured) const {
    bool all = true;
    for (int c = 0; c < kColours; ++c) {
      if (captured[c] >= single[c]) return true;
      all = all && captured[c] >= each;
    }
    return all;
  }

  static const Variant& basic();
  static const Variant& tournament();
  static const Variant& tournament48();
  static const Variant& tournament61();
  static const std::vector<const Variant*>& all();
  static const Variant* find(std::string_view name);  // nullptr when unknown
  static std::string names();                         // "basic, tournament, ..."
};

}  // namespace zertz
