// PUCT search over atomic actions (docs/rules.md, "Atomic actions"), against an Evaluator.
//
// Values are kept per node from its viewer's side (mcts/node.h), so the sign flips only where
// the player to move changes. Terminal states and draws by repetition are exact, and the
// MCTS-solver propagates them: a node is a proven win when one child wins for its mover, a
// proven loss or draw when every child is proven and the best is a loss or draw. Descents stop
// at proven nodes, never choose a proven loss, and a proven win at the root ends the search.
//
// One tree is searched by several threads with virtual loss (run), or stepwise by one thread
// that interleaves many searches into one evaluator call (begin / gather / complete: self-play).
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <span>
#include <vector>

#include "core/random.h"
#include "core/repetition.h"
#include "core/state.h"
#include "mcts/evaluator.h"
#include "mcts/node.h"
#include "mcts/search_params.h"
#include "mcts/search_result.h"

namespace zertz::mcts {

class Search {
 public:
  // Starts at `root` with no earlier history. `evaluator` must outlive the search; `params`
  // are copied (validate them first).
  Search(const SearchParams& params, Evaluator& evaluator, const State& root);
  ~Search();
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  // A fresh tree for `state`; `history` is the game's repetition history up to `state`.
  void set_root(const State& state, const RepetitionTracker& history);
  // Plays `action` (legal at the root): with reuse_tree, its subtree becomes the tree (under a
  // Gumbel root only when the child is proven).
  void play(Action action);
  const State& root_state() const { return root_state_; }
  const Node& root() const { return tree_.root(); }

  // Searches with `threads` threads (SearchParams) until the root has `visits` visits, is proven,
  // or has a single legal action, and returns the result with the action drawn at `temperature`. A
  // full search mixes Dirichlet noise into the root's priors and forces playouts (when the
  // parameters ask for them); a cheap one does neither. `rng` draws the noise and the action.
  // With several threads the evaluator is called from all of them at once.
  SearchResult run(int visits, bool full, float temperature, Rng& rng);
  // The same without a visit target: adds visits in small steps until `deadline`, the root is
  // proven or a single action is left (or `max_visits` is reached, which bounds the tree's
  // memory). Cheap search, temperature 0.
  SearchResult run_until(std::chrono::steady_clock::time_point deadline, Rng& rng,
                         int max_visits = 4'000'000);

  // The same search in steps, on one thread: begin(), then until finished() gather() the
  // leaves to evaluate, have an evaluator fill the requests, and complete().
  void begin(int visits, bool full, Rng& rng);
  // Descends to up to `max_leaves` leaves (virtual loss spreads them) and returns their
  // requests, valid until complete(). Terminal and proven leaves are backed up on the way, so
  // the answer may be empty: then finished() holds or gather() can be called again.
  std::span<const EvalRequest> gather(int max_leaves);
  // Expands the gathered leaves with their evaluations and backs the values up.
  void complete();
  bool finished() const;
  SearchResult result(float temperature, Rng& rng) const;

  // Whether a search should be full (playout cap randomization) and its visits.
  bool draw_full_search(Rng& rng) const;
  int visits_for(bool full) const { return full ? params_.full_visits : params_.cheap_visits; }

 private:
  struct Leaf;
  struct Worker;
  enum class Descent { kLeaf, kDone, kCollision };

  void gather(Worker& worker, int max_leaves);
  void complete(Worker& worker);
  Descent descend(Worker& worker, Leaf& leaf);
  Node& select_child(Node& node, int mover, bool at_root) const;
  // Gumbel root (SearchParams::gumbel_root): the k-th simulation goes to the considered action
  // with the visits the halving schedule names and the best g + logit + sigma(q); PUCT once
  // the schedule is spent.
  Node& select_gumbel_child(Node& root, int mover) const;
  // Draws the root's Gumbel noise and the halving schedule, once its children exist.
  void prepare_gumbel_root(std::span<const Node> children);
  // A root child's value from the root mover's side; unvisited: the root's own evaluation.
  float gumbel_child_value(const Node& child) const;
  // The root's priors as the network gave them (no noise, no prior temperature), by index_of.
  std::vector<float> network_root_priors(std::span<const Node> children,
                                         std::span<const std::int16_t> index_of,
                                         std::size_t legal_actions) const;
  // The completed-Q policy target and the Gumbel choice, into `r` (SearchResult's order).
  void gumbel_result(std::span<const Node> children, std::span<const std::int16_t> index_of,
                     SearchResult& r) const;
  void expand(Worker& worker, Leaf& leaf);
  // Expands a new leaf with uniform priors and backs up its playouts' value mixed with the
  // evaluator's fast value (SearchParams::evaluate_after_visits, fast_value_weight); no
  // forward pass.
  void expand_uniform(Worker& worker, Leaf& leaf);
  // Lays the evaluator's priors on the children of a leaf that was expanded with uniform ones.
  void reprioritise(Leaf& leaf);
  // The mean result of params_.leaf_rollouts random playouts from `state`, for its mover.
  float playout_value(const State& state, Rng& rng) const;
  void backup(std::span<Node* const> path, float value_for_first_player) const;
  // backup() of a new leaf valued both ways: each node takes the two mixed by its own visits
  // (SearchParams::fast_value_decay_visits).
  void backup_decaying(std::span<Node* const> path, float playouts_for_first_player,
                       float fast_for_first_player) const;
  void propagate_proof(std::span<Node* const> path) const;
  bool claim_visit();
  bool stopped() const;  // proven root, or a single action to play
  // Mixes the noise of begin() into the root's priors (or restores the evaluator's priors).
  void mix_root_noise(std::span<Node> children);
  void new_root(int viewer);

  SearchParams params_;
  Evaluator& evaluator_;
  Tree tree_;
  State root_state_;
  RepetitionTracker root_history_;
  std::vector<std::unique_ptr<Worker>> workers_;

  int target_visits_ = 0;
  std::atomic<int> claimed_visits_{0};  // completed + in flight, against target_visits_
  bool full_ = true;
  std::vector<float> root_noise_;       // drawn at begin() for a full search, else empty
  std::vector<float> root_raw_priors_;  // the evaluator's priors of the root's children
  std::uint64_t gumbel_seed_ = 0;       // 0: no Gumbel noise
  bool gumbel_ready_ = false;
  std::vector<float> gumbel_noise_;  // per root child, in the children's order
  std::vector<std::uint32_t> considered_visits_;
  float root_raw_value_ = 0.0f;  // the root's own (mixed) evaluation, from its mover's side
};

// Raises `priors` to 1/temperature and renormalises them, in place (SearchParams::
// prior_temperature); priors that are all 0 stay so.
void temper_priors(std::span<float> priors, float temperature);

}  // namespace zertz::mcts
