#include "mcts/search.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <thread>
#include <tuple>

#include "core/error.h"
#include "core/parallel.h"
#include "mcts/dirichlet.h"
#include "mcts/gumbel.h"

namespace zertz::mcts {

namespace {

constexpr std::size_t kMaxActions = std::tuple_size_v<decltype(ActionList::items)>;
// Action codes are below (pass tag + 1) * 64.
constexpr int kNumActionCodes = (Action::kPassTag + 1) << 6;
// Added to the score of a child whose playouts are forced, so that it beats every other.
constexpr float kForcedBonus = 1e9f;

Proven terminal_result(const State& state, int viewer) {
  int result = state.result_for(viewer);
  return result > 0 ? Proven::kWin : result < 0 ? Proven::kLoss : Proven::kDraw;
}

}  // namespace

struct Search::Leaf {
  explicit Leaf(const State& root) : state(root) {}
  State state;
  ActionList actions;
  std::array<float, kMaxActions> priors;
  float value = 0.0f;
  std::vector<Node*> path;  // from the root
  // The leaf is a node awaiting evaluation, whose children exist (evaluate_after_visits).
  bool reprioritise = false;
};

// What one thread needs to search: its leaves in flight and its own repetition scratch.
struct Search::Worker {
  Worker(int index, const State& root) : index(index), repetition(root) {}
  int index;  // also the tree arena it allocates from
  std::vector<Leaf> leaves;
  int num_leaves = 0;
  std::vector<EvalRequest> requests;
  RepetitionTracker repetition;
  Rng playouts;  // the leaf rollouts' generator, reseeded by every begin()
};

Search::Search(const SearchParams& params, Evaluator& evaluator, const State& root)
    : params_(params),
      evaluator_(evaluator),
      tree_(params.threads),
      root_state_(root),
      root_history_(root) {
  if (params.fast_value_weight > 0 && !evaluator.has_fast_value()) {
    throw InputError(
        "search parameter fast_value_weight: the evaluator has no fast value head (a network "
        "with model.fast_value_channels > 0 has one)");
  }
  for (int i = 0; i < params.threads; ++i) workers_.push_back(std::make_unique<Worker>(i, root));
  new_root(root.to_move());
}

Search::~Search() = default;

void Search::new_root(int viewer) {
  tree_.reset(viewer);
  root_raw_priors_.clear();
  gumbel_ready_ = false;
}

void Search::set_root(const State& state, const RepetitionTracker& history) {
  root_state_ = state;
  root_history_ = history;
  new_root(state.to_move());
}

void Search::play(Action action) {
  int mover = root_state_.to_move();
  root_state_.apply(action);
  root_history_.record(mover, root_state_);
  const Node& root = tree_.root();
  // A Gumbel search's tree holds the visits of its halving schedule, not a search to go on with,
  // except below a proven child: kept, its proof decides the game (a search stops at a proven
  // root) instead of having to be found again (docs/experiments.md E29).
  if (params_.reuse_tree && root.is_expanded()) {
    for (const Node& child : root.children()) {
      if (child.action() != action) continue;
      if (params_.gumbel_root && child.proven() == Proven::kUnknown) break;
      // A root's priors must be the evaluator's before the noise is mixed into them.
      if (child.awaiting_evaluation()) break;
      tree_.promote(child);
      root_raw_priors_.clear();
      return;
    }
  }
  new_root(root_state_.to_move());
}

bool Search::draw_full_search(Rng& rng) const {
  return params_.cheap_visits == 0 || rng.uniform() < params_.full_search_probability;
}

SearchResult Search::run(int visits, bool full, float temperature, Rng& rng) {
  begin(visits, full, rng);
  // Each thread loops: gather a batch of leaves, evaluate it, back it up. A thread that finds
  // nothing to do while others hold the remaining leaves waits for them.
  auto work = [this](Worker& worker) {
    while (true) {
      gather(worker, params_.leaves_per_batch);
      if (worker.num_leaves == 0) {
        if (stopped() || claimed_visits_.load() >= target_visits_) return;
        std::this_thread::yield();
        continue;
      }
      evaluator_.evaluate(worker.requests);
      complete(worker);
    }
  };
  // The root alone first: its priors get their noise before any other thread reads them.
  Worker& main = *workers_[0];
  while (!tree_.root().is_expanded() && !stopped() && claimed_visits_.load() < target_visits_) {
    gather(main, 1);
    if (main.num_leaves > 0) {
      evaluator_.evaluate(main.requests);
      complete(main);
    }
  }
  // A failing evaluation (out of memory, say) stops every thread's gathering and reaches the
  // caller; the tree is then left half-done, and the caller abandons it.
  run_in_parallel(
      static_cast<int>(workers_.size()),
      [&](int i) { work(*workers_[static_cast<std::size_t>(i)]); },
      [this] { claimed_visits_.store(std::numeric_limits<int>::max() / 2); });
  return result(temperature, rng);
}

SearchResult Search::run_until(std::chrono::steady_clock::time_point deadline, Rng& rng,
                               int max_visits) {
  // Visits per step: about a millisecond's worth at the rate so far, at least 32, so that the
  // deadline is kept closely and yet a fast search (playouts, evaluate_after_visits) is not
  // cut into steps too small to fill an evaluator's batch.
  using Clock = std::chrono::steady_clock;
  constexpr int kMinStep = 32;
  constexpr double kStepSeconds = 0.001;
  Clock::time_point start = Clock::now();
  std::uint32_t start_visits = tree_.root().visits();
  int step = kMinStep;
  while (true) {
    std::uint32_t before = tree_.root().visits();
    int target = static_cast<int>(std::min<long long>(max_visits, before + step));
    SearchResult result = run(target, /*full=*/false, /*temperature=*/0.0f, rng);
    bool stuck = result.root_visits == before;
    Clock::time_point now = Clock::now();
    if (now >= deadline || stuck || target >= max_visits || result.proven != Proven::kUnknown) {
      return result;
    }
    double elapsed = std::chrono::duration<double>(now - start).count();
    double rate = (result.root_visits - start_visits) / std::max(elapsed, 1e-6);
    double left = std::chrono::duration<double>(deadline - now).count();
    step = std::max(kMinStep, static_cast<int>(rate * std::min(kStepSeconds, left)));
  }
}

void Search::begin(int visits, bool full, Rng& rng) {
  target_visits_ = std::max(visits, 1);  // the root's own evaluation at least
  full_ = full;
  claimed_visits_.store(static_cast<int>(tree_.root().visits()));
  root_noise_.clear();
  // Drawn only when used, so that searches without playouts keep their random sequence.
  if (params_.leaf_rollouts > 0) {
    for (auto& worker : workers_) worker->playouts = Rng(rng.next());
  }
  if (full && params_.dirichlet_epsilon > 0.0f && !params_.gumbel_root) {
    ActionList legal;
    root_state_.legal_actions(legal);
    if (legal.size > 0) {
      root_noise_.resize(legal.size);
      sample_dirichlet(params_.dirichlet_total_alpha / static_cast<float>(legal.size), root_noise_,
                       rng);
    }
  }
  if (tree_.root().is_expanded()) mix_root_noise(tree_.root().children());
  if (params_.gumbel_root) {
    // Drawn only when used, like the playouts' generator.
    gumbel_seed_ = params_.gumbel_noise ? rng.next() | 1 : 0;
    gumbel_ready_ = false;
    if (tree_.root().is_expanded()) prepare_gumbel_root(tree_.root().children());
  }
}

void Search::prepare_gumbel_root(std::span<const Node> children) {
  gumbel_noise_.assign(children.size(), 0.0f);
  if (gumbel_seed_ != 0) {
    Rng rng(gumbel_seed_);
    for (float& g : gumbel_noise_) g = sample_gumbel(rng);
  }
  int considered = std::min(params_.gumbel_considered, static_cast<int>(children.size()));
  int simulations = target_visits_ - static_cast<int>(std::max(1u, tree_.root().visits()));
  considered_visits_ = considered_visit_sequence(considered, simulations);
  gumbel_ready_ = true;
}

void Search::mix_root_noise(std::span<Node> children) {
  if (root_raw_priors_.empty()) {
    if (root_noise_.empty()) return;
    for (const Node& child : children) root_raw_priors_.push_back(child.prior());
  }
  float epsilon = params_.dirichlet_epsilon;
  for (std::size_t i = 0; i < children.size(); ++i) {
    float raw = root_raw_priors_[i];
    children[i].set_prior(root_noise_.empty() ? raw
                                              : (1.0f - epsilon) * raw + epsilon * root_noise_[i]);
  }
}

std::span<const EvalRequest> Search::gather(int max_leaves) {
  gather(*workers_[0], max_leaves);
  return workers_[0]->requests;
}

void Search::complete() {
  complete(*workers_[0]);
}

bool Search::finished() const {
  return workers_[0]->num_leaves == 0 &&
         (stopped() || tree_.root().visits() >= static_cast<std::uint32_t>(target_visits_));
}

bool Search::stopped() const {
  const Node& root = tree_.root();
  return root.proven() != Proven::kUnknown || (root.is_expanded() && root.num_children() == 1);
}

bool Search::claim_visit() {
  if (claimed_visits_.fetch_add(1) < target_visits_) return true;
  claimed_visits_.fetch_sub(1);
  return false;
}

void Search::gather(Worker& worker, int max_leaves) {
  worker.num_leaves = 0;
  worker.requests.clear();
  while (static_cast<int>(worker.leaves.size()) < max_leaves) {
    worker.leaves.emplace_back(root_state_);
  }
  while (worker.num_leaves < max_leaves && !stopped() && claim_visit()) {
    Leaf& leaf = worker.leaves[worker.num_leaves];
    Descent descent = descend(worker, leaf);
    if (descent == Descent::kCollision) {
      claimed_visits_.fetch_sub(1);
      break;
    }
    if (descent == Descent::kLeaf) {
      ++worker.num_leaves;
      std::size_t n = static_cast<std::size_t>(leaf.actions.size);
      worker.requests.push_back(
          {&leaf.state, {leaf.actions.begin(), n}, {leaf.priors.data(), n}, &leaf.value});
    }
  }
}

Search::Descent Search::descend(Worker& worker, Leaf& leaf) {
  leaf.state = root_state_;
  leaf.path.clear();
  worker.repetition.start_path(root_history_);
  Node* node = &tree_.root();
  bool repeated = false;
  while (true) {
    node->add_in_flight();
    leaf.path.push_back(node);
    if (node->is_expanded()) {
      Proven proven = node->proven();
      if (proven != Proven::kUnknown) {
        float value = exact_value(proven);
        backup(leaf.path, node->viewer() == 0 ? value : -value);
        return Descent::kDone;
      }
      if (node->awaiting_evaluation() &&
          node->visits() >= static_cast<std::uint32_t>(params_.evaluate_after_visits) &&
          node->begin_evaluation()) {
        leaf.state.legal_actions(leaf.actions);
        leaf.reprioritise = true;
        return Descent::kLeaf;
      }
      int mover = leaf.state.to_move();
      bool at_root = node == &tree_.root();
      Node& child = at_root && gumbel_ready_ ? select_gumbel_child(*node, mover)
                                             : select_child(*node, mover, at_root);
      leaf.state.apply(child.action());
      repeated = worker.repetition.record(mover, leaf.state);
      node = &child;
      continue;
    }
    if (!node->begin_expansion()) {  // another descent is expanding it
      for (Node* n : leaf.path) n->remove_in_flight();
      return Descent::kCollision;
    }
    if (repeated || leaf.state.is_terminal()) {
      Proven proven = repeated ? Proven::kDraw : terminal_result(leaf.state, node->viewer());
      node->prove(proven);
      node->finish_expansion(nullptr, 0);
      float value = exact_value(proven);
      backup(leaf.path, node->viewer() == 0 ? value : -value);
      propagate_proof(leaf.path);
      return Descent::kDone;
    }
    leaf.state.legal_actions(leaf.actions);
    if (params_.evaluate_after_visits > 0 && node != &tree_.root()) {
      expand_uniform(worker, leaf);
      return Descent::kDone;
    }
    leaf.reprioritise = false;
    return Descent::kLeaf;
  }
}

Node& Search::select_child(Node& node, int mover, bool at_root) const {
  std::span<Node> children = node.children();
  // This descent is in flight through `node`, so the count is at least 1.
  float parent_visits = static_cast<float>(node.visits() + node.in_flight());
  float exploration = params_.cpuct_at(parent_visits) * std::sqrt(parent_visits);
  float parent_value = static_cast<float>(node.mean_value());
  if (node.viewer() != mover) parent_value = -parent_value;
  float fpu_reduction = at_root ? params_.fpu_reduction_root : params_.fpu_reduction;
  float virtual_loss = params_.virtual_loss;
  // A child is forced while visits < sqrt(k * prior * parent visits).
  bool forcing = at_root && full_ && params_.forced_playouts_k > 0.0f && !params_.gumbel_root;
  float forced_scale = params_.forced_playouts_k * parent_visits;

  Node* best = nullptr;
  float best_score = -std::numeric_limits<float>::infinity();
  // Untouched children (no visit, none in flight) all score by first-play urgency, so only
  // the one with the highest prior matters. Below the root, children are mostly sorted by prior
  // and visited in that order, so the first untouched child is that one and ends the scan; the
  // root's priors change with noise, and a reprioritised node's children keep their order, so
  // there every child is looked at.
  bool scan_all = at_root || node.reprioritised();
  Node* untouched = nullptr;
  float visited_policy = 0.0f;
  for (Node& child : children) {
    std::uint32_t visits = child.visits();
    std::uint32_t in_flight = child.in_flight();
    float prior = child.prior();
    if (visits + in_flight == 0) {
      if (!untouched || prior > untouched->prior()) untouched = &child;
      if (scan_all) continue;
      break;
    }
    visited_policy += prior;
    Proven proven = child.proven();
    if (proven == Proven::kWin) return child;
    if (proven == Proven::kLoss) continue;
    float sum = proven == Proven::kDraw ? 0.0f : static_cast<float>(child.value_sum());
    float seen = static_cast<float>(visits + in_flight);
    float score = (sum - static_cast<float>(in_flight) * virtual_loss) / seen +
                  exploration * prior / (1.0f + seen);
    if (forcing && static_cast<float>(visits) * visits < forced_scale * prior) {
      score += kForcedBonus;
    }
    if (score > best_score) {
      best_score = score;
      best = &child;
    }
  }
  if (untouched) {
    float prior = untouched->prior();
    float score = parent_value - fpu_reduction * std::sqrt(visited_policy) + exploration * prior;
    if (forcing && prior > 0.0f) score += kForcedBonus;
    if (score > best_score) best = untouched;
  }
  // Every child a proven loss, and the proof of `node` still on its way from another thread.
  return best ? *best : children[0];
}

Node& Search::select_gumbel_child(Node& root, int mover) const {
  std::span<Node> children = root.children();
  std::size_t claimed = 0;
  std::uint32_t max_visits = 0;
  for (const Node& child : children) {
    claimed += child.visits() + child.in_flight();
    max_visits = std::max(max_visits, child.visits());
  }
  if (claimed >= considered_visits_.size()) return select_child(root, mover, /*at_root=*/true);
  std::uint32_t wanted = considered_visits_[claimed];
  Node* best = nullptr;
  float best_score = -std::numeric_limits<float>::infinity();
  for (std::size_t i = 0; i < children.size(); ++i) {
    Node& child = children[i];
    Proven proven = child.proven();
    if (proven == Proven::kWin) return child;
    if (proven == Proven::kLoss || child.visits() + child.in_flight() != wanted) continue;
    float score =
        gumbel_noise_[i] + improved_logit(child.prior(), gumbel_child_value(child), max_visits,
                                          params_.gumbel_c_visit, params_.gumbel_c_scale);
    if (score > best_score) {
      best_score = score;
      best = &child;
    }
  }
  return best ? *best : select_child(root, mover, /*at_root=*/true);
}

float Search::gumbel_child_value(const Node& child) const {
  if (child.proven() != Proven::kUnknown) return exact_value(child.proven());
  return child.visits() > 0 ? static_cast<float>(child.mean_value()) : root_raw_value_;
}

void Search::complete(Worker& worker) {
  for (int i = 0; i < worker.num_leaves; ++i) {
    Leaf& leaf = worker.leaves[i];
    if (leaf.reprioritise) {
      reprioritise(leaf);
    } else {
      expand(worker, leaf);
    }
    float value = leaf.value;
    if (params_.leaf_rollouts > 0) {
      value = (1.0f - params_.rollout_weight) * value +
              params_.rollout_weight * playout_value(leaf.state, worker.playouts);
    }
    if (leaf.path.size() == 1) root_raw_value_ = value;
    backup(leaf.path, leaf.state.to_move() == 0 ? value : -value);
  }
  worker.num_leaves = 0;
  worker.requests.clear();
}

float Search::playout_value(const State& state, Rng& rng) const {
  int sum = 0;
  for (int i = 0; i < params_.leaf_rollouts; ++i) {
    State playout = state;
    playout.play_random(rng);
    sum += playout.result_for(state.to_move());
  }
  return static_cast<float>(sum) / static_cast<float>(params_.leaf_rollouts);
}

void temper_priors(std::span<float> priors, float temperature) {
  float exponent = 1.0f / temperature, sum = 0.0f;
  for (float& p : priors) sum += p = std::pow(p, exponent);
  if (sum <= 0.0f) return;
  for (float& p : priors) p /= sum;
}

void Search::expand(Worker& worker, Leaf& leaf) {
  Node& node = *leaf.path.back();
  int count = leaf.actions.size;
  int viewer = leaf.state.to_move();
  Node* children = tree_.allocate(worker.index, count);
  if (params_.prior_temperature != 1.0f) {
    temper_priors({leaf.priors.data(), std::size_t(count)}, params_.prior_temperature);
  }
  const float* priors = leaf.priors.data();
  if (std::is_sorted(priors, priors + count, std::greater<float>())) {
    for (int i = 0; i < count; ++i) children[i].init(leaf.actions[i], priors[i], viewer);
  } else {
    std::array<std::uint8_t, kMaxActions> order;
    std::iota(order.begin(), order.begin() + count, 0);
    std::stable_sort(order.begin(), order.begin() + count,
                     [priors](int a, int b) { return priors[a] > priors[b]; });
    for (int i = 0; i < count; ++i) {
      children[i].init(leaf.actions[order[i]], priors[order[i]], viewer);
    }
  }
  std::span<Node> expanded(children, static_cast<std::size_t>(count));
  if (&node == &tree_.root()) {
    mix_root_noise(expanded);
    if (params_.gumbel_root) prepare_gumbel_root(expanded);
  }
  node.finish_expansion(children, count);
}

void Search::expand_uniform(Worker& worker, Leaf& leaf) {
  Node& node = *leaf.path.back();
  int count = leaf.actions.size;
  int viewer = leaf.state.to_move();
  Node* children = tree_.allocate(worker.index, count);
  // In State::legal_actions order, which reprioritise() relies on.
  float prior = 1.0f / static_cast<float>(count);
  for (int i = 0; i < count; ++i) children[i].init(leaf.actions[i], prior, viewer);
  node.finish_expansion(children, count, /*uniform=*/true);
  const float fast_weight = params_.fast_value_weight;
  if (params_.fast_value_decay_visits > 0.0f && fast_weight > 0.0f) {
    float playouts = playout_value(leaf.state, worker.playouts);
    float fast = evaluator_.fast_value(leaf.state);
    if (viewer != 0) {
      playouts = -playouts;
      fast = -fast;
    }
    backup_decaying(leaf.path, playouts, fast);
    return;
  }
  float value = 0.0f;
  if (fast_weight < 1.0f) value = (1.0f - fast_weight) * playout_value(leaf.state, worker.playouts);
  if (fast_weight > 0.0f) value += fast_weight * evaluator_.fast_value(leaf.state);
  backup(leaf.path, viewer == 0 ? value : -value);
}

void Search::reprioritise(Leaf& leaf) {
  Node& node = *leaf.path.back();
  std::span<Node> children = node.children();
  std::span<float> priors(leaf.priors.data(), children.size());
  if (params_.prior_temperature != 1.0f) temper_priors(priors, params_.prior_temperature);
  for (std::size_t i = 0; i < children.size(); ++i) {
    assert(children[i].action() == leaf.actions[static_cast<int>(i)]);
    children[i].set_prior(priors[i]);
  }
  node.finish_evaluation();
}

void Search::backup(std::span<Node* const> path, float value_for_first_player) const {
  for (Node* node : path) {
    node->complete_visit(node->viewer() == 0 ? value_for_first_player : -value_for_first_player);
  }
}

void Search::backup_decaying(std::span<Node* const> path, float playouts_for_first_player,
                             float fast_for_first_player) const {
  const float decay = params_.fast_value_decay_visits;
  for (Node* node : path) {
    float share = params_.fast_value_weight * decay / (decay + static_cast<float>(node->visits()));
    float value = share * fast_for_first_player + (1.0f - share) * playouts_for_first_player;
    node->complete_visit(node->viewer() == 0 ? value : -value);
  }
}

void Search::propagate_proof(std::span<Node* const> path) const {
  for (std::size_t i = path.size() - 1; i > 0; --i) {
    const Node& child = *path[i];
    Node& parent = *path[i - 1];
    int mover = child.viewer();  // children keep their values from the parent's mover's side
    Proven for_mover = child.proven();
    if (for_mover != Proven::kWin) {
      for_mover = Proven::kLoss;
      for (const Node& sibling : parent.children()) {
        Proven proven = sibling.proven();
        if (proven == Proven::kUnknown) return;
        if (proven == Proven::kWin) {
          for_mover = Proven::kWin;
          break;
        }
        if (proven == Proven::kDraw) for_mover = Proven::kDraw;
      }
    }
    if (!parent.prove(parent.viewer() == mover ? for_mover : opposite(for_mover))) return;
  }
}

SearchResult Search::result(float temperature, Rng& rng) const {
  SearchResult r;
  r.full_search = full_;
  const Node& root = tree_.root();
  ActionList legal;
  root_state_.legal_actions(legal);
  r.actions.assign(legal.begin(), legal.end());
  r.visits.assign(r.actions.size(), 0);
  r.policy_target.assign(r.actions.size(), 0.0f);
  r.root_visits = root.visits();
  int mover = root_state_.to_move();
  Proven proven = root.proven();
  double value = proven != Proven::kUnknown ? exact_value(proven) : root.mean_value();
  r.proven = root.viewer() == mover ? proven : opposite(proven);
  r.root_value = static_cast<float>(root.viewer() == mover ? value : -value);
  if (!root.is_expanded() || root.num_children() == 0) return r;

  std::span<const Node> children = root.children();
  std::array<std::int16_t, kNumActionCodes> index_of;
  for (int i = 0; i < legal.size; ++i) index_of[legal[i].code()] = static_cast<std::int16_t>(i);
  r.principal_variation = principal_variation(root);
  if (gumbel_ready_) {
    gumbel_result(children, index_of, r);
  } else {
    std::vector<float> target =
        policy_target(children, params_, root.visits(), full_ && params_.prune_policy_target);
    for (std::size_t i = 0; i < children.size(); ++i) {
      int at = index_of[children[i].action().code()];
      r.visits[at] = children[i].visits();
      r.policy_target[at] = target[i];
    }
    r.chosen = choose_child(children, temperature, rng)->action();
  }
  r.policy_surprise =
      policy_surprise(r.policy_target, network_root_priors(children, index_of, r.actions.size()));
  return r;
}

std::vector<float> Search::network_root_priors(std::span<const Node> children,
                                               std::span<const std::int16_t> index_of,
                                               std::size_t legal_actions) const {
  std::vector<float> priors(legal_actions, 0.0f);
  for (std::size_t i = 0; i < children.size(); ++i) {
    priors[index_of[children[i].action().code()]] =
        root_raw_priors_.empty() ? children[i].prior() : root_raw_priors_[i];
  }
  // Tempering raised each prior to 1/T and normalised: the power T undoes it.
  if (params_.prior_temperature != 1.0f) temper_priors(priors, 1.0f / params_.prior_temperature);
  return priors;
}

void Search::gumbel_result(std::span<const Node> children, std::span<const std::int16_t> index_of,
                           SearchResult& r) const {
  std::size_t n = children.size();
  std::vector<float> priors(n), values(n);
  std::vector<std::uint32_t> visits(n);
  auto lost = std::make_unique<bool[]>(n);
  std::uint32_t max_visits = 0;
  for (std::size_t i = 0; i < n; ++i) {
    priors[i] = children[i].prior();
    values[i] = gumbel_child_value(children[i]);
    visits[i] = children[i].visits();
    lost[i] = children[i].proven() == Proven::kLoss;
    max_visits = std::max(max_visits, visits[i]);
    r.visits[index_of[children[i].action().code()]] = visits[i];
  }
  const Node* best = best_child(children);
  std::span<const bool> excluded(lost.get(), n);
  if (best->proven() == Proven::kWin ||
      std::all_of(excluded.begin(), excluded.end(), [](bool l) { return l; })) {
    r.policy_target[index_of[best->action().code()]] = 1.0f;
    r.chosen = best->action();
    return;
  }
  float unvisited = mixed_value(root_raw_value_, priors, values, visits);
  std::vector<float> target = completed_q_policy(priors, values, visits, excluded, unvisited,
                                                 params_.gumbel_c_visit, params_.gumbel_c_scale);
  // Play the survivor of the halving: among the most visited, the best g + logit + sigma(q).
  const Node* chosen = nullptr;
  float chosen_score = -std::numeric_limits<float>::infinity();
  for (std::size_t i = 0; i < n; ++i) {
    r.policy_target[index_of[children[i].action().code()]] = target[i];
    if (lost[i] || visits[i] != max_visits) continue;
    float score = gumbel_noise_[i] + improved_logit(priors[i], values[i], max_visits,
                                                    params_.gumbel_c_visit, params_.gumbel_c_scale);
    if (score > chosen_score) {
      chosen_score = score;
      chosen = &children[i];
    }
  }
  r.chosen = (chosen ? chosen : best)->action();
}

}  // namespace zertz::mcts
