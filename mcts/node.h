// Tree storage: compact 32-byte nodes whose children are one contiguous array, created when the
// node is expanded and carved from per-worker arenas (no heap allocation per node), and a tree
// that keeps a chosen subtree by copying it into fresh storage.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/action.h"

namespace zertz::mcts {

// What the MCTS-solver has proven about a node, from its viewer's side.
enum class Proven : std::uint8_t { kUnknown, kWin, kLoss, kDraw };

constexpr Proven opposite(Proven p) {
  return p == Proven::kWin ? Proven::kLoss : p == Proven::kLoss ? Proven::kWin : p;
}
constexpr float exact_value(Proven p) {
  return p == Proven::kWin ? 1.0f : p == Proven::kLoss ? -1.0f : 0.0f;
}

// The state reached by `action` from the parent. Fields are plain, so that a new children
// array is filled with ordinary stores; once the array is published (release on
// finish_expansion, acquire in is_expanded), the statistics are read and updated through
// std::atomic_ref, so several threads can search one tree.
class Node {
 public:
  void init(Action action, float prior, int viewer) {
    *this = Node();  // all zero: two wide stores rather than one per field
    action_ = action.code();
    prior_ = prior;
    viewer_ = static_cast<std::uint8_t>(viewer);
  }
  // Takes `other`'s action, prior, viewer and statistics (not its children): copying a subtree.
  void copy_from(const Node& other);

  Action action() const { return Action::from_code(action_); }
  float prior() const { return load(prior_); }
  // While no search runs (root noise), or by the descent that holds the parent's evaluation
  // (begin_evaluation): other descents may read the old or the new prior meanwhile.
  void set_prior(float prior) { atomic(prior_).store(prior, std::memory_order_relaxed); }
  // The player from whose view the value and the proof are kept: the one who chose this node's
  // action, i.e. the player to move at the parent. A placement's removal and a chain's next
  // jump are the same player's, so the value's sign flips only where the mover changes.
  int viewer() const { return viewer_; }

  std::uint32_t visits() const { return load(visits_); }
  std::uint32_t in_flight() const { return load(in_flight_); }
  double value_sum() const { return load(value_sum_); }
  // Mean value from the viewer's side; 0 before the first visit.
  double mean_value() const {
    std::uint32_t n = visits();
    return n == 0 ? 0.0 : value_sum() / n;
  }

  Proven proven() const { return atomic(proven_).load(std::memory_order_seq_cst); }
  // Records a proof; false when the node was already proven (proofs of one node agree, since
  // they derive from its children's proofs, which never change once made). Sequentially
  // consistent, so that of two threads proving siblings at once, one sees both proofs.
  bool prove(Proven result) {
    Proven expected = Proven::kUnknown;
    return atomic(proven_).compare_exchange_strong(expected, result, std::memory_order_seq_cst);
  }

  // Virtual loss: a descent in progress passes through this node.
  void add_in_flight() { atomic(in_flight_).fetch_add(1, std::memory_order_relaxed); }
  void remove_in_flight() { atomic(in_flight_).fetch_sub(1, std::memory_order_relaxed); }
  // A descent returns with `value` (from the viewer's side): one more visit, one fewer in flight.
  void complete_visit(double value) {
    atomic(value_sum_).fetch_add(value, std::memory_order_relaxed);
    atomic(visits_).fetch_add(1, std::memory_order_relaxed);
    atomic(in_flight_).fetch_sub(1, std::memory_order_relaxed);
  }

  // Whether the children exist (whatever their priors).
  bool is_expanded() const { return expansion() >= kExpanded; }
  // Whether the evaluator's priors replaced uniform ones: the children are then not sorted by
  // prior, and the evaluation took a visit of its own (SearchParams::evaluate_after_visits).
  bool reprioritised() const { return expansion() == kReprioritised; }
  // Expanded with uniform priors, and the evaluator not yet asked (SearchParams::
  // evaluate_after_visits).
  bool awaiting_evaluation() const { return expansion() == kUniform; }
  // Claims an unexpanded node for expansion; false when another descent holds it.
  bool begin_expansion() {
    std::uint8_t expected = kUnexpanded;
    return atomic(expansion_)
        .compare_exchange_strong(expected, kExpanding, std::memory_order_acquire);
  }
  // Publishes the children (none for a terminal state) of a node claimed by begin_expansion,
  // sorted by prior; `uniform`: their priors are all equal and await the evaluator.
  void finish_expansion(Node* children, int count, bool uniform = false) {
    children_ = children;
    num_children_ = static_cast<std::uint8_t>(count);
    atomic(expansion_).store(uniform ? kUniform : kExpanded, std::memory_order_release);
  }
  // Claims a node awaiting evaluation for the evaluator; false when another descent holds it.
  // Its children stay in use meanwhile.
  bool begin_evaluation() {
    std::uint8_t expected = kUniform;
    return atomic(expansion_)
        .compare_exchange_strong(expected, kEvaluating, std::memory_order_acquire);
  }
  // After the claimant has laid the evaluator's priors on the children (set_prior), which are
  // then no longer sorted by prior.
  void finish_evaluation() { atomic(expansion_).store(kReprioritised, std::memory_order_release); }
  // A copy of `other`'s expansion (Tree::promote) over `children`, copies of other's.
  void finish_copy(const Node& other, Node* children) {
    std::uint8_t state = other.expansion();
    children_ = children;
    num_children_ = other.num_children_;
    // An evaluation cut short (an evaluator that threw) leaves uniform priors behind.
    atomic(expansion_)
        .store(state == kEvaluating ? std::uint8_t{kUniform} : state, std::memory_order_release);
  }
  // Valid once is_expanded() returned true.
  std::span<Node> children() const { return {children_, num_children_}; }
  int num_children() const { return num_children_; }

 private:
  // Unexpanded, then expanded with the evaluator's priors (kExpanded), or with uniform ones
  // until the evaluator is asked (kUniform -> kEvaluating -> kReprioritised).
  enum Expansion : std::uint8_t {
    kUnexpanded,
    kExpanding,
    kExpanded,
    kUniform,
    kEvaluating,
    kReprioritised
  };
  std::uint8_t expansion() const { return atomic(expansion_).load(std::memory_order_acquire); }

  template <typename T>
  static std::atomic_ref<T> atomic(const T& field) {
    return std::atomic_ref<T>(const_cast<T&>(field));
  }
  template <typename T>
  static T load(const T& field) {
    return atomic(field).load(std::memory_order_relaxed);
  }

  double value_sum_ = 0.0;
  Node* children_ = nullptr;
  std::uint32_t visits_ = 0;
  float prior_ = 0.0f;
  std::uint16_t in_flight_ = 0;
  std::uint16_t action_ = 0;
  std::uint8_t num_children_ = 0;
  std::uint8_t expansion_ = kUnexpanded;
  Proven proven_ = Proven::kUnknown;
  std::uint8_t viewer_ = 0;
};
static_assert(sizeof(Node) == 32, "nodes stay compact: a children array is scanned per step");

// A bump allocator over fixed-size chunks. Nodes live until clear(), which keeps the chunks
// for reuse, so a tree that has reached its working size allocates nothing more.
class NodeArena {
 public:
  // `count` contiguous nodes (at most kChunkNodes), in an unspecified state: call init().
  Node* allocate(int count);
  void clear();

 private:
  static constexpr int kChunkNodes = 8192;
  std::vector<std::unique_ptr<Node[]>> chunks_;
  std::size_t chunk_ = 0;  // the chunk being filled (none yet when it equals chunks_.size())
  int used_ = 0;           // nodes taken from it
};

// The nodes of one search tree: an arena per worker thread, so that expansions never contend.
class Tree {
 public:
  explicit Tree(int workers = 1);

  Node& root() const { return *root_; }
  // Drops every node; the new root is unexpanded and keeps its value from `viewer`'s side.
  void reset(int viewer);
  // Makes `child` (a child of the root) the root: its subtree moves to fresh storage and the
  // rest of the tree is freed. No search may run.
  void promote(const Node& child);
  Node* allocate(int worker, int count) { return arenas_[worker].allocate(count); }
  // The number of arenas; only while no search runs.
  void set_workers(int workers);
  int workers() const { return static_cast<int>(arenas_.size()); }

 private:
  void copy_subtree(const Node& from, Node& to, NodeArena& arena);

  std::vector<NodeArena> arenas_;
  std::vector<NodeArena> spare_;  // where promote() copies to; then the two swap
  Node* root_ = nullptr;
};

}  // namespace zertz::mcts
