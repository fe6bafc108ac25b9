// Zobrist keys: one random 64-bit key per feature of a state, XORed together into its hash.
#pragma once

#include <cstdint>

#include "core/board.h"

namespace zertz {

struct ZobristKeys {
  static constexpr int kMaxCount = 32;  // counters (pool, stocks) never exceed the largest pool
  std::uint64_t ring[kMaxCells];
  std::uint64_t marble[3][kMaxCells];
  std::uint64_t pool[3][kMaxCount];
  std::uint64_t captured[2][3][kMaxCount];
  std::uint64_t second_to_move;
  std::uint64_t phase[3];
  std::uint64_t focus[kMaxCells];
  std::uint64_t passes[3];

  static const ZobristKeys& get();
};

}  // namespace zertz
