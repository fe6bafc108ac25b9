#include "core/repetition.h"

#include <algorithm>
#include <cassert>

namespace zertz {

RepetitionTracker::RepetitionTracker(const State& state)
    : rings_(state.rings()), pool_(state.pool()) {
  if (state.phase() == Phase::kTurnStart) hashes_.push_back(state.hash());
}

void RepetitionTracker::start_path(const RepetitionTracker& root) {
  assert(root.earlier_.empty());  // a game's tracker, not another path's
  earlier_ = root.hashes_;
  hashes_.clear();
  rings_ = root.rings_;
  pool_ = root.pool_;
}

bool RepetitionTracker::record(int mover, const State& state) {
  if (state.to_move() == mover) return false;  // the turn goes on
  if (state.rings() != rings_ || state.pool() != pool_) {
    earlier_ = {};
    hashes_.clear();
    rings_ = state.rings();
    pool_ = state.pool();
  }
  std::uint64_t hash = state.hash();
  hashes_.push_back(hash);
  if (state.is_terminal()) return false;
  auto seen = std::count(earlier_.begin(), earlier_.end(), hash) +
              std::count(hashes_.begin(), hashes_.end(), hash);
  return seen >= 3;
}

}  // namespace zertz
