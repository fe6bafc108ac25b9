#include "core/state.h"

#include <cassert>

#include "core/zobrist.h"

namespace zertz {

namespace {

int lowest(Mask m) {
  return __builtin_ctzll(m);
}
int count(Mask m) {
  return __builtin_popcountll(m);
}

// The index of the n-th (0-based) set bit of m, by halving: six popcounts.
int nth_bit(Mask m, int n) {
  int pos = 0;
  for (int width = 32; width >= 1; width /= 2) {
    Mask low = m & ((Mask{1} << width) - 1);
    int below = count(low);
    if (n >= below) {
      n -= below;
      m >>= width;
      pos += width;
    } else {
      m = low;
    }
  }
  return pos;
}

}  // namespace

State::State(const Variant& variant)
    : variant_(&variant), rings_(variant.board->all_cells()), pool_(variant.pool) {
  finish_setup();
}

int State::result_for(int player) const {
  switch (outcome_) {
    case Outcome::kFirstWins:
      return player == 0 ? 1 : -1;
    case Outcome::kSecondWins:
      return player == 1 ? 1 : -1;
    default:
      return 0;
  }
}

int State::marble_at(int cell) const {
  for (int c = 0; c < kColours; ++c) {
    if (marbles_[c] & bit(cell)) return c;
  }
  return -1;
}

std::uint64_t State::compute_hash() const {
  const ZobristKeys& k = ZobristKeys::get();
  std::uint64_t h = 0;
  for (Mask m = rings_; m; m &= m - 1) h ^= k.ring[lowest(m)];
  for (int c = 0; c < kColours; ++c) {
    for (Mask m = marbles_[c]; m; m &= m - 1) h ^= k.marble[c][lowest(m)];
    h ^= k.pool[c][pool_[c]];
    h ^= k.captured[0][c][captured_[0][c]];
    h ^= k.captured[1][c][captured_[1][c]];
  }
  if (to_move_) h ^= k.second_to_move;
  h ^= k.phase[static_cast<int>(phase_)];
  if (focus_ != kNoCell) h ^= k.focus[focus_];
  h ^= k.passes[passes_];
  return h;
}

void State::finish_setup() {
  loose_ = compute_loose();
  hash_ = compute_hash();
  outcome_ = Outcome::kOngoing;
  int last_mover = 1 - to_move_;
  if (passes_ >= 2) {
    outcome_ = Outcome::kDraw;
  } else if (phase_ == Phase::kTurnStart &&
             (rings_ == 0 || variant_->is_win(captured_[last_mover]))) {
    outcome_ = last_mover == 0 ? Outcome::kFirstWins : Outcome::kSecondWins;
  }
}

bool State::is_loose(int cell) const {
  const Board& b = board();
  for (int d = 0; d < kDirections; ++d) {
    if ((rings_ & b.adjacent_pair(cell, d)) == 0) return true;
  }
  return false;
}

Mask State::compute_loose() const {
  Mask loose = 0;
  for (Mask m = rings_; m; m &= m - 1) {
    if (is_loose(lowest(m))) loose |= bit(lowest(m));
  }
  return loose;
}

// Removing rings only loosens their neighbours; nothing else changes.
void State::loosen_around(Mask removed) {
  const Board& b = board();
  loose_ &= rings_;
  Mask around = 0;
  for (Mask m = removed; m; m &= m - 1) around |= b.neighbours(lowest(m));
  for (Mask m = around & rings_ & ~loose_; m; m &= m - 1) {
    if (is_loose(lowest(m))) loose_ |= bit(lowest(m));
  }
}

// Calls visit(cell, direction) for every jump of a marble in `from`.
template <typename Visit>
void State::for_each_jump(Mask from, Visit visit) const {
  const Board& b = board();
  Mask occ = occupied();
  Mask open = rings_ & ~occ;
  for (Mask m = from & occ; m; m &= m - 1) {
    int cell = lowest(m);
    if ((b.neighbours(cell) & occ) == 0) continue;  // nothing to jump over
    for (int d = 0; d < kDirections; ++d) {
      if ((occ & b.neighbour_bit(cell, d)) && (open & b.landing_bit(cell, d))) visit(cell, d);
    }
  }
}

bool State::can_jump_from(int cell) const {
  bool found = false;
  for_each_jump(bit(cell), [&](int, int) { found = true; });
  return found;
}

bool State::has_capture() const {
  bool found = false;
  for_each_jump(occupied(), [&](int, int) { found = true; });
  return found;
}

void State::legal_actions(ActionList& out) const {
  out.size = 0;
  if (is_terminal()) return;
  auto add_jump = [&](int cell, int d) { out.push(Action::jump(cell, d)); };
  if (phase_ == Phase::kChain) {
    for_each_jump(bit(focus_), add_jump);
    return;
  }
  if (phase_ == Phase::kRemove) {
    for (Mask m = free_rings(); m; m &= m - 1) out.push(Action::remove(lowest(m)));
    return;
  }
  for_each_jump(occupied(), add_jump);
  if (out.size > 0) return;  // capturing is compulsory
  const Counts& source = placement_source();
  Mask open = vacant();
  for (int c = 0; c < kColours; ++c) {
    if (source[c] == 0) continue;
    for (Mask m = open; m; m &= m - 1) out.push(Action::place(c, lowest(m)));
  }
  if (out.size == 0) out.push(Action::pass());
}

bool State::is_legal(Action action) const {
  ActionList list;
  legal_actions(list);
  for (Action a : list) {
    if (a == action) return true;
  }
  return false;
}

Action State::random_action(Rng& rng) const {
  if (phase_ == Phase::kRemove) {
    Mask free = free_rings();
    return Action::remove(nth_bit(free, static_cast<int>(rng.below(count(free)))));
  }
  Action jumps[kMaxCells];  // no marble has more than one jump in most positions
  int num_jumps = 0;
  for_each_jump(phase_ == Phase::kChain ? bit(focus_) : occupied(), [&](int cell, int d) {
    if (num_jumps < kMaxCells) jumps[num_jumps++] = Action::jump(cell, d);
  });
  if (num_jumps > 0) return jumps[rng.below(static_cast<std::uint32_t>(num_jumps))];
  const Counts& source = placement_source();
  int colours[kColours];
  int num_colours = 0;
  for (int c = 0; c < kColours; ++c) {
    if (source[c] > 0) colours[num_colours++] = c;
  }
  Mask open = vacant();
  int vacant_count = count(open);
  if (num_colours == 0 || vacant_count == 0) return Action::pass();
  int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(num_colours * vacant_count)));
  return Action::place(colours[pick / vacant_count], nth_bit(open, pick % vacant_count));
}

void State::play_random(Rng& rng, int max_actions) {
  for (int i = 0; i < max_actions && !is_terminal(); ++i) apply(random_action(rng));
}

void State::set_count(const std::uint64_t (&keys)[32], int& value, int new_value) {
  hash_ ^= keys[value] ^ keys[new_value];
  value = new_value;
}

void State::apply(Action action) {
  assert(!is_terminal());
  switch (action.kind()) {
    case ActionKind::kPlace:
      place(action.colour(), action.cell());
      break;
    case ActionKind::kRemove:
      remove_ring(action.cell());
      break;
    case ActionKind::kJump:
      jump(action.cell(), action.direction());
      break;
    case ActionKind::kPass:
      if (passes_ + 1 >= 2) outcome_ = Outcome::kDraw;
      end_turn(/*pass=*/true);
      break;
  }
}

void State::place(int colour, int cell) {
  const ZobristKeys& k = ZobristKeys::get();
  assert(phase_ == Phase::kTurnStart && (vacant() & bit(cell)));
  if (!pool_empty()) {
    set_count(k.pool[colour], pool_[colour], pool_[colour] - 1);
  } else {
    set_count(k.captured[to_move_][colour], captured_[to_move_][colour],
              captured_[to_move_][colour] - 1);
  }
  marbles_[colour] |= bit(cell);
  hash_ ^= k.marble[colour][cell];
  if (free_rings()) {
    hash_ ^= k.phase[0] ^ k.phase[static_cast<int>(Phase::kRemove)];
    phase_ = Phase::kRemove;
  } else {
    end_placement_turn();
  }
}

void State::remove_ring(int cell) {
  const ZobristKeys& k = ZobristKeys::get();
  assert(phase_ == Phase::kRemove && (free_rings() & bit(cell)));
  rings_ &= ~bit(cell);
  loosen_around(bit(cell));
  hash_ ^= k.ring[cell] ^ k.phase[static_cast<int>(Phase::kRemove)] ^ k.phase[0];
  phase_ = Phase::kTurnStart;
  end_placement_turn();
}

// Marbles on ring groups that hold no vacant ring: flood from the vacant rings into marbles.
Mask State::isolated_marbles() const {
  const Board& b = board();
  Mask occ = occupied();
  Mask open = rings_ & ~occ;
  Mask reached = 0;
  Mask frontier = 0;
  for (Mask m = occ; m; m &= m - 1) {
    int c = lowest(m);
    if (b.neighbours(c) & open) frontier |= bit(c);
  }
  while (frontier) {
    int c = lowest(frontier);
    frontier &= frontier - 1;
    reached |= bit(c);
    frontier |= b.neighbours(c) & occ & ~reached;
  }
  return occ & ~reached;
}

void State::end_placement_turn() {
  const ZobristKeys& k = ZobristKeys::get();
  Mask isolated = isolated_marbles();
  if (isolated) {
    rings_ &= ~isolated;
    loosen_around(isolated);
    for (Mask m = isolated; m; m &= m - 1) hash_ ^= k.ring[lowest(m)];
    for (int c = 0; c < kColours; ++c) {
      Mask taken = marbles_[c] & isolated;
      if (!taken) continue;
      marbles_[c] &= ~taken;
      for (Mask m = taken; m; m &= m - 1) hash_ ^= k.marble[c][lowest(m)];
      set_count(k.captured[to_move_][c], captured_[to_move_][c],
                captured_[to_move_][c] + count(taken));
    }
  }
  if (rings_ == 0 || variant_->is_win(captured_[to_move_])) {
    outcome_ = to_move_ == 0 ? Outcome::kFirstWins : Outcome::kSecondWins;
  }
  end_turn(/*pass=*/false);
}

void State::jump(int cell, int direction) {
  const ZobristKeys& k = ZobristKeys::get();
  const Board& b = board();
  int over = b.neighbour(cell, direction);
  int land = b.landing(cell, direction);
  int mover = marble_at(cell);
  int taken = marble_at(over);
  assert(mover >= 0 && taken >= 0 && (vacant() & bit(land)));
  marbles_[mover] ^= bit(cell) | bit(land);
  hash_ ^= k.marble[mover][cell] ^ k.marble[mover][land];
  marbles_[taken] &= ~bit(over);
  hash_ ^= k.marble[taken][over];
  set_count(k.captured[to_move_][taken], captured_[to_move_][taken],
            captured_[to_move_][taken] + 1);
  if (focus_ != kNoCell) hash_ ^= k.focus[focus_];
  hash_ ^= k.phase[static_cast<int>(phase_)];
  if (can_jump_from(land)) {
    phase_ = Phase::kChain;
    focus_ = static_cast<std::int8_t>(land);
    hash_ ^= k.phase[static_cast<int>(Phase::kChain)] ^ k.focus[land];
    return;
  }
  phase_ = Phase::kTurnStart;
  focus_ = kNoCell;
  hash_ ^= k.phase[0];
  if (variant_->is_win(captured_[to_move_])) {
    outcome_ = to_move_ == 0 ? Outcome::kFirstWins : Outcome::kSecondWins;
  }
  end_turn(/*pass=*/false);
}

void State::end_turn(bool pass) {
  const ZobristKeys& k = ZobristKeys::get();
  int passes = pass ? passes_ + 1 : 0;
  hash_ ^= k.passes[passes_] ^ k.passes[passes];
  passes_ = static_cast<std::uint8_t>(passes);
  to_move_ ^= 1;
  hash_ ^= k.second_to_move;
}

State State::transformed(int symmetry) const {
  const Board& b = board();
  State out = *this;
  out.rings_ = b.map_mask(symmetry, rings_);
  out.loose_ = b.map_mask(symmetry, loose_);
  for (int c = 0; c < kColours; ++c) out.marbles_[c] = b.map_mask(symmetry, marbles_[c]);
  if (focus_ != kNoCell) out.focus_ = static_cast<std::int8_t>(b.map_cell(symmetry, focus_));
  out.hash_ = out.compute_hash();
  return out;
}

bool State::operator==(const State& o) const {
  return variant_ == o.variant_ && rings_ == o.rings_ && marbles_ == o.marbles_ &&
         pool_ == o.pool_ && captured_ == o.captured_ && to_move_ == o.to_move_ &&
         phase_ == o.phase_ && focus_ == o.focus_ && passes_ == o.passes_ && outcome_ == o.outcome_;
}

}  // namespace zertz
