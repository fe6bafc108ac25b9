#include "mcts/alphabeta.h"

#include <algorithm>
#include <utility>

namespace zertz::mcts {

namespace {

constexpr int kInfinity = kWinScore + 1;
constexpr std::uint16_t kNoAction = 0xFFFF;
constexpr int kHistorySize = 1 << 10;  // every action code: tag (< 11) << 6 | cell
constexpr int kTimeCheckNodes = 1024;

enum Bound : std::uint8_t { kExact = 1, kLower = 2, kUpper = 3 };

// Proven scores count turns from the root; the table keeps them from the entry's own state.
int to_table(int score, int turns) {
  if (score >= kProvenScore) return score + turns;
  if (score <= -kProvenScore) return score - turns;
  return score;
}
int from_table(int score, int turns) {
  if (score >= kProvenScore) return score - turns;
  if (score <= -kProvenScore) return score + turns;
  return score;
}

bool can_place(const State& state) {
  const Counts& source = state.placement_source();
  return source[0] + source[1] + source[2] > 0;
}

// A turn's end costs depth only when the turn was a placement, the mover's real choice.
bool is_placement(Action action) {
  return action.kind() == ActionKind::kPlace || action.kind() == ActionKind::kRemove;
}

}  // namespace

AlphaBetaSearch::AlphaBetaSearch(EvaluationWeights weights, int table_bits)
    : weights_(weights),
      table_mask_((std::uint64_t{1} << table_bits) - 1),
      history_(kHistorySize, 0) {}

bool AlphaBetaSearch::out_of_time() {
  return Clock::now() >= deadline_;
}

void AlphaBetaSearch::order(ActionList& actions, std::uint16_t first, int ply) const {
  std::array<std::pair<std::int64_t, Action>, 192> scored;
  for (int i = 0; i < actions.size; ++i) {
    Action a = actions[i];
    std::int64_t score = history_[a.code()];
    if (a.code() == first) {
      score = std::int64_t{1} << 40;
    } else if (a.code() == killers_[ply][0]) {
      score = std::int64_t{1} << 39;
    } else if (a.code() == killers_[ply][1]) {
      score = std::int64_t{1} << 38;
    }
    scored[i] = {score, a};
  }
  if (ply == 0 && rng_ != nullptr) {
    // Equal scores keep this random order, so the seed picks among equally good turns.
    for (int i = actions.size - 1; i > 0; --i) {
      std::swap(scored[i], scored[rng_->below(static_cast<std::uint32_t>(i + 1))]);
    }
  }
  std::stable_sort(scored.begin(), scored.begin() + actions.size,
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  for (int i = 0; i < actions.size; ++i) actions.items[i] = scored[i].second;
}

int AlphaBetaSearch::negamax(const State& state, int depth, int alpha, int beta, int ply,
                             int turns) {
  ++nodes_;
  if (check_time_ && nodes_ % kTimeCheckNodes == 0 && out_of_time()) aborted_ = true;
  if (aborted_) return 0;
  pv_length_[ply] = ply;
  bool turn_start = state.phase() == Phase::kTurnStart;
  if (turn_start && depth <= 0 && !state.has_capture() && can_place(state)) {
    return evaluate_position(state, weights_);
  }
  if (ply >= kMaxPly - 1) return evaluate_position(state, weights_);

  const bool pv_node = beta - alpha > 1;
  const std::uint64_t key = state.hash();
  Entry& entry = table_[key & table_mask_];
  std::uint16_t table_action = kNoAction;
  if (entry.key == key) {
    table_action = entry.action;
    if (!pv_node && entry.depth >= depth) {
      int score = from_table(entry.score, turns);
      if (entry.bound == kExact || (entry.bound == kLower && score >= beta) ||
          (entry.bound == kUpper && score <= alpha)) {
        return score;
      }
    }
  }

  ActionList actions;
  state.legal_actions(actions);
  order(actions, table_action, ply);
  const int original_alpha = alpha;
  const int mover = state.to_move();
  int best = -kInfinity;
  Action best_action = actions[0];
  for (int i = 0; i < actions.size; ++i) {
    Action action = actions[i];
    State child = state;
    child.apply(action);
    int value;
    if (child.is_terminal()) {
      int result = child.result_for(mover);
      value = result == 0 ? 0 : result * (kWinScore - (turns + 1));
      pv_length_[ply + 1] = ply + 1;
    } else {
      bool same_turn = child.to_move() == mover;
      int child_depth = same_turn ? depth : depth - (is_placement(action) ? 1 : 0);
      int child_turns = same_turn ? turns : turns + 1;
      auto search_child = [&](int lo, int hi) {
        return same_turn ? negamax(child, child_depth, lo, hi, ply + 1, child_turns)
                         : -negamax(child, child_depth, -hi, -lo, ply + 1, child_turns);
      };
      if (i == 0) {
        value = search_child(alpha, beta);
      } else {
        value = search_child(alpha, alpha + 1);
        if (value > alpha && value < beta) value = search_child(alpha, beta);
      }
    }
    if (aborted_) return 0;
    if (value > best) {
      best = value;
      best_action = action;
      if (value > alpha) {
        alpha = value;
        pv_[ply][ply] = action;
        for (int p = ply + 1; p < pv_length_[ply + 1]; ++p) pv_[ply][p] = pv_[ply + 1][p];
        pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
        if (ply == 0) {
          root_line_.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
          root_score_ = value;
        }
        if (alpha >= beta) {
          if (is_placement(action)) {  // quiet: captures are ordered by the table alone
            if (killers_[ply][0] != action.code()) {
              killers_[ply][1] = killers_[ply][0];
              killers_[ply][0] = action.code();
            }
            history_[action.code()] += (depth + 1) * (depth + 1);
          }
          break;
        }
      }
    }
  }
  entry.key = key;
  entry.score = to_table(best, turns);
  entry.depth = static_cast<std::int8_t>(std::min(depth, 127));
  entry.action = best_action.code();
  entry.bound = best >= beta ? kLower : best > original_alpha ? kExact : kUpper;
  return best;
}

AlphaBetaResult AlphaBetaSearch::search(const State& root, int max_depth,
                                        Clock::time_point deadline, Rng& rng) {
  const auto start = Clock::now();
  // Allocated at the first search: a player made only to check its name costs nothing.
  if (table_.empty()) table_.resize(table_mask_ + 1);
  deadline_ = deadline;
  nodes_ = 0;
  aborted_ = false;
  rng_ = &rng;
  for (auto& h : history_) h /= 4;  // older turns' statistics fade
  for (auto& k : killers_) k = {kNoAction, kNoAction};

  AlphaBetaResult result;
  std::vector<Action> line;
  for (int depth = 1; depth <= std::max(1, max_depth); ++depth) {
    // Depth 1 always completes (a few milliseconds at most): a player never moves blind.
    check_time_ = depth > 1;
    root_line_.clear();
    int score = negamax(root, depth, -kInfinity, kInfinity, 0, 0);
    if (aborted_) {
      // The part searched holds the previous best turn, searched first, and any turn proven
      // better than it: that choice is the better informed one.
      if (!root_line_.empty()) {
        line = root_line_;
        result.score = root_score_;
      }
      break;
    }
    line = root_line_;
    result.score = score;
    result.depth = depth;
    result.completed_at.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    if (result.proven() || Clock::now() >= deadline_) break;
  }
  rng_ = nullptr;
  const int mover = root.to_move();
  State state = root;
  for (Action action : line) {
    if (state.is_terminal() || state.to_move() != mover) break;
    result.turn.actions.push_back(action);
    state.apply(action);
  }
  result.nodes = nodes_;
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace zertz::mcts
