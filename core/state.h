// A game state as a small copyable value, and the rules of docs/rules.md on atomic actions.
// Repetition needs the game's history and lives in core/game.h.
#pragma once

#include <array>
#include <cstdint>

#include "core/action.h"
#include "core/random.h"
#include "core/variant.h"

namespace zertz {

enum class Phase : std::uint8_t {
  kTurnStart,  // capture if any capture exists, else place (or pass)
  kRemove,     // the mover placed a marble and now removes a free ring
  kChain,      // the mover's marble at focus() jumped and must jump again
};

enum class Outcome : std::uint8_t { kOngoing, kFirstWins, kSecondWins, kDraw };

// Enough room for every atomic action of any position: 3 colours x 61 cells is the most.
struct ActionList {
  std::array<Action, 192> items;
  int size = 0;
  void push(Action a) { items[size++] = a; }
  const Action* begin() const { return items.data(); }
  const Action* end() const { return items.data() + size; }
  Action operator[](int i) const { return items[i]; }
};

class State {
 public:
  explicit State(const Variant& variant);

  const Variant& variant() const { return *variant_; }
  const Board& board() const { return *variant_->board; }

  int to_move() const { return to_move_; }  // 0 = player 1, 1 = player 2
  Phase phase() const { return phase_; }
  int focus() const { return focus_; }  // the chaining marble's cell in kChain, else kNoCell
  int consecutive_passes() const { return passes_; }
  Outcome outcome() const { return outcome_; }
  bool is_terminal() const { return outcome_ != Outcome::kOngoing; }
  // +1 / -1 / 0 from `player`'s view; 0 also while the game is on.
  int result_for(int player) const;

  Mask rings() const { return rings_; }
  Mask marbles(int colour) const { return marbles_[colour]; }
  Mask occupied() const { return marbles_[0] | marbles_[1] | marbles_[2]; }
  Mask vacant() const { return rings_ & ~occupied(); }
  int marble_at(int cell) const;  // colour, or -1 when the cell holds no marble
  const Counts& pool() const { return pool_; }
  const Counts& captured(int player) const { return captured_[player]; }
  // Placement takes from the pool, or from the mover's own stock once the pool is empty.
  bool pool_empty() const { return pool_[0] + pool_[1] + pool_[2] == 0; }
  const Counts& placement_source() const { return pool_empty() ? captured_[to_move_] : pool_; }

  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;  // from scratch; equals hash() (tested)

  // Vacant rings with two neighbour positions in adjacent directions both without a ring.
  Mask free_rings() const { return loose_ & vacant(); }
  bool can_jump_from(int cell) const;
  bool has_capture() const;

  void legal_actions(ActionList& out) const;
  bool is_legal(Action action) const;
  // Applies a legal action (checked only by assertions: callers validate untrusted input
  // with is_legal).
  void apply(Action action);
  // A uniformly random legal action, without building the list (fast random playouts).
  Action random_action(Rng& rng) const;
  // Plays uniformly random actions until the game ends or `max_actions` were played.
  void play_random(Rng& rng, int max_actions = 10000);

  // The same state seen through a board symmetry.
  State transformed(int symmetry) const;

  bool operator==(const State& o) const;

  // Low-level set-up, for position strings and hand-built test positions; call
  // finish_setup() after the last change.
  void set_rings(Mask rings) {
    rings_ = rings;
    loose_ = compute_loose();
  }
  void set_marbles(int colour, Mask cells) { marbles_[colour] = cells; }
  void set_pool(const Counts& pool) { pool_ = pool; }
  void set_captured(int player, const Counts& counts) { captured_[player] = counts; }
  void set_to_move(int player) { to_move_ = static_cast<std::uint8_t>(player); }
  void set_phase(Phase phase, int focus = kNoCell) {
    phase_ = phase;
    focus_ = static_cast<std::int8_t>(focus);
  }
  void set_consecutive_passes(int passes) { passes_ = static_cast<std::uint8_t>(passes); }
  // Derives the outcome (a finished game's winner is the player who just moved) and the hash.
  void finish_setup();

 private:
  void place(int colour, int cell);
  void remove_ring(int cell);
  void jump(int cell, int direction);
  void end_placement_turn();
  void end_turn(bool pass);
  void set_count(const std::uint64_t (&keys)[32], int& count, int value);
  Mask isolated_marbles() const;
  Mask compute_loose() const;
  bool is_loose(int cell) const;
  void loosen_around(Mask removed);
  template <typename Visit>
  void for_each_jump(Mask from, Visit visit) const;

  const Variant* variant_;
  Mask rings_;
  // Rings that would be free if vacant: derived from rings_ and kept up to date on removals.
  Mask loose_ = 0;
  std::array<Mask, kColours> marbles_{};
  Counts pool_;
  std::array<Counts, 2> captured_{};
  std::uint64_t hash_ = 0;
  std::uint8_t to_move_ = 0;
  Phase phase_ = Phase::kTurnStart;
  std::int8_t focus_ = kNoCell;
  std::uint8_t passes_ = 0;
  Outcome outcome_ = Outcome::kOngoing;
};

}  // namespace zertz
