#include "mcts/turn_search.h"

#include <algorithm>
#include <utility>

#include "mcts/search.h"

namespace zertz::mcts {

namespace {

using TurnEnd = std::pair<std::vector<Action>, const Node*>;

// A search stops at once when its root has a single action.
bool root_is_forced(const Search& search) {
  return search.root().is_expanded() && search.root().num_children() == 1;
}

struct Valued {
  float value = 0;  // from the viewer's side
  std::uint32_t visits = 0;
  Proven proven = Proven::kUnknown;
};

// The value of the search's root position for `viewer`: searched with `visits`, played on
// through forced actions (a search stops at once on one) to the first choice, or exact at
// the end of the game.
Valued value_past_forced(Search& search, int viewer, int visits, Rng& rng) {
  const State& root = search.root_state();
  while (!root.is_terminal()) {
    SearchResult result = search.run(visits, /*full=*/false, 0.0f, rng);
    if (!root_is_forced(search)) {
      float value = root.to_move() == viewer ? result.root_value : -result.root_value;
      return {value, result.root_visits, Proven::kUnknown};
    }
    search.play(search.root().children()[0].action());
  }
  int outcome = root.result_for(viewer);
  return {static_cast<float>(outcome), 0,
          outcome > 0   ? Proven::kWin
          : outcome < 0 ? Proven::kLoss
                        : Proven::kDraw};
}

// The visited full turns below `node` (reached by `prefix` from the root): a turn ends where
// the player to move changes or the game ends.
void collect_turns(const Node& node, const State& state, std::vector<Action>& prefix,
                   std::vector<TurnEnd>& out) {
  for (const Node& child : node.children()) {
    if (child.visits() == 0) continue;
    State next = state;
    next.apply(child.action());
    prefix.push_back(child.action());
    if (next.is_terminal() || next.to_move() != state.to_move()) {
      out.emplace_back(prefix, &child);
    } else if (child.is_expanded()) {
      collect_turns(child, next, prefix, out);
    }
    prefix.pop_back();
  }
}

// The candidates' win/draw/loss for `mover` (TurnCandidate::wdl), the positions after their
// turns evaluated in one batch: win = (1 - draw + Q) / 2, loss = (1 - draw - Q) / 2.
void add_win_draw_loss(Evaluator& evaluator, const std::vector<State>& afters, int mover,
                       std::vector<TurnCandidate>& candidates) {
  std::vector<std::vector<Action>> actions(afters.size());
  std::vector<std::vector<float>> priors(afters.size());
  std::vector<float> values(afters.size()), draws(afters.size());
  std::vector<EvalRequest> requests;
  for (std::size_t i = 0; i < afters.size(); ++i) {
    if (afters[i].is_terminal()) continue;
    ActionList list;
    afters[i].legal_actions(list);
    actions[i].assign(list.begin(), list.end());
    priors[i].resize(actions[i].size());
    requests.push_back({&afters[i], actions[i], priors[i], &values[i], &draws[i]});
  }
  if (!requests.empty()) evaluator.evaluate(requests);
  for (std::size_t i = 0; i < afters.size(); ++i) {
    candidates[i].wdl = afters[i].is_terminal() ? result_wdl(afters[i].result_for(mover))
                                                : split_value(candidates[i].value, draws[i]);
  }
}

}  // namespace

TurnChoice search_turn(const SearchParams& params, Evaluator& evaluator, const Game& game,
                       const SearchBudget& budget, Rng& rng) {
  const State& start = game.state();
  Search search(params, evaluator, start);
  search.set_root(start, game.repetition());
  TurnClock clock(budget.time_per_turn_ms);
  clock.start_turn();
  TurnChoice choice;
  const int mover = start.to_move();
  while (!search.root_state().is_terminal() && search.root_state().to_move() == mover) {
    SearchResult result = budget.time_per_turn_ms > 0
                              ? search.run_until(clock.deadline(search.root_state()), rng)
                              : search.run(budget.visits, /*full=*/false, 0.0f, rng);
    if (choice.turn.actions.empty()) {
      choice.root_value = result.root_value;
      choice.root_visits = result.root_visits;
    }
    choice.turn.actions.push_back(result.chosen);
    search.play(result.chosen);
  }
  return choice;
}

TurnAnalysis analyze_turns(const SearchParams& params, Evaluator& evaluator, const Game& game,
                           int visits, int max_candidates, Rng& rng) {
  const State& start = game.state();
  Search search(params, evaluator, start);
  search.set_root(start, game.repetition());
  SearchResult result = search.run(visits, /*full=*/false, 0.0f, rng);
  TurnAnalysis analysis;
  analysis.root_value = result.root_value;
  analysis.root_visits = result.root_visits;

  // The search stops at once on a forced action (the only legal one): play it and search on.
  std::vector<Action> prefix;
  const State& root = search.root_state();
  while (root_is_forced(search)) {
    prefix.push_back(search.root().children()[0].action());
    search.play(prefix.back());
    if (root.is_terminal() || root.to_move() != start.to_move()) {
      // The whole turn is forced: it is the only candidate, valued by the position it leaves.
      std::string turn = turns_in_notation(start, prefix).front();
      Valued after = value_past_forced(search, start.to_move(), visits, rng);
      analysis.root_value = after.value;
      analysis.root_visits = std::max(after.visits, 1u);
      analysis.candidates.push_back(
          {turn, analysis.root_visits, after.value, after.proven, {turn}, {}});
      if (evaluator.reports_draws()) {
        add_win_draw_loss(evaluator, {root}, start.to_move(), analysis.candidates);
      }
      return analysis;
    }
    result = search.run(visits, /*full=*/false, 0.0f, rng);
    analysis.root_value = result.root_value;
    analysis.root_visits = result.root_visits;
  }
  std::vector<TurnEnd> turns;
  collect_turns(search.root(), root, prefix, turns);
  std::stable_sort(turns.begin(), turns.end(), [](const TurnEnd& a, const TurnEnd& b) {
    if (a.second->visits() != b.second->visits()) return a.second->visits() > b.second->visits();
    return a.second->mean_value() > b.second->mean_value();
  });
  if (static_cast<int>(turns.size()) > max_candidates) turns.resize(max_candidates);
  std::vector<State> afters;
  for (const auto& [actions, node] : turns) {
    std::vector<Action> line = actions;
    for (Action action : principal_variation(*node)) line.push_back(action);
    TurnCandidate candidate;
    candidate.pv = turns_in_notation(start, line);
    candidate.turn = candidate.pv.front();
    candidate.visits = node->visits();
    candidate.value = node->mean_value();
    candidate.proven = node->proven();
    analysis.candidates.push_back(std::move(candidate));
    afters.push_back(start);
    for (Action a : actions) afters.back().apply(a);
  }
  if (evaluator.reports_draws()) {
    add_win_draw_loss(evaluator, afters, start.to_move(), analysis.candidates);
  }
  return analysis;
}

std::array<double, 3> split_value(double value, double draw) {
  double win = std::max(0.0, (1 - draw + value) / 2), loss = std::max(0.0, (1 - draw - value) / 2);
  double total = win + draw + loss;
  return {win / total, draw / total, loss / total};
}

std::array<double, 3> result_wdl(int result) {
  return {result > 0 ? 1.0 : 0.0, result == 0 ? 1.0 : 0.0, result < 0 ? 1.0 : 0.0};
}

const char* proven_name(Proven proven) {
  switch (proven) {
    case Proven::kWin:
      return "win";
    case Proven::kLoss:
      return "loss";
    case Proven::kDraw:
      return "draw";
    case Proven::kUnknown:
      break;
  }
  return "-";
}

}  // namespace zertz::mcts
