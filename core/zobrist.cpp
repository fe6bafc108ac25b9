#include "core/zobrist.h"

#include "core/random.h"

namespace zertz {

const ZobristKeys& ZobristKeys::get() {
  static const ZobristKeys keys = [] {
    ZobristKeys k{};
    Rng rng(0x5a3e27a11ce0ULL);  // fixed: hashes are stable across runs and builds
    for (auto& key : k.ring) key = rng.next();
    for (auto& colour : k.marble)
      for (auto& key : colour) key = rng.next();
    for (auto& colour : k.pool)
      for (auto& key : colour) key = rng.next();
    for (auto& player : k.captured)
      for (auto& colour : player)
        for (auto& key : colour) key = rng.next();
    k.second_to_move = rng.next();
    for (auto& key : k.phase) key = rng.next();
    for (auto& key : k.focus) key = rng.next();
    for (auto& key : k.passes) key = rng.next();
    return k;
  }();
  return keys;
}

}  // namespace zertz
