#include "frontends/search_driver.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "core/error.h"
#include "mcts/players.h"
#include "mcts/search.h"
#include "mcts/search_player.h"
#include "nn/checkpoint_info.h"
#include "nn/exported_model.h"

namespace zertz::frontends {

namespace {

using Clock = std::chrono::steady_clock;

training::PlayerSpec spec_for(const DriverOptions& options) {
  training::PlayerSpec spec;
  spec.name = options.model;
  spec.visits = options.visits;
  return spec;
}

// The visited full turns below `node` (reached by `prefix` from the root): a turn ends where
// the player to move changes or the game ends.
void collect_turns(const mcts::Node& node, const State& state, std::vector<Action>& prefix,
                   std::vector<std::pair<std::vector<Action>, const mcts::Node*>>& out) {
  for (const mcts::Node& child : node.children()) {
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

}  // namespace

const Variant& default_variant(const std::string& model) {
  bool baseline = mcts::is_baseline_spec(model);
  if (baseline) return Variant::tournament();
  if (!std::filesystem::exists(model)) {
    throw InputError(
        "player '" + model +
        "': expected random, greedy, rollout:N, a checkpoint file or an exported model directory");
  }
  std::string name = nn::trained_variant(model);
  const Variant* variant = Variant::find(name);
  if (variant == nullptr) throw nn::CheckpointError(model + ": unknown variant '" + name + "'");
  return *variant;
}

const char* proven_name(mcts::Proven proven) {
  switch (proven) {
    case mcts::Proven::kWin:
      return "win";
    case mcts::Proven::kLoss:
      return "loss";
    case mcts::Proven::kDraw:
      return "draw";
    case mcts::Proven::kUnknown:
      break;
  }
  return "-";
}

SearchDriver::SearchDriver(const DriverOptions& options, const Variant& variant)
    : options_(options), rng_(options.seed) {
  set_variant(variant);
}

SearchDriver::~SearchDriver() = default;

void SearchDriver::set_variant(const Variant& variant) {
  auto factory = std::make_unique<training::PlayerFactory>(spec_for(options_), variant);
  player_ = factory->make(options_.seed);
  factory_ = std::move(factory);
}

mcts::SearchParams SearchDriver::search_params() const {
  // As the players search: a network as it was trained, a baseline as rollout:N.
  mcts::SearchParams params =
      has_network() ? factory_->search_params() : mcts::rollout_search_params();
  params.threads = has_network() ? options_.threads : 1;
  params.validate();
  return params;
}

Choice SearchDriver::choose(const GameSession& session, const Budget& budget) {
  if (session.is_over()) throw InputError("the game is over (" + session.result() + ")");
  if (has_network()) return search_turn(session, budget);
  if (budget.visits > 0 || budget.time_ms > 0) {
    throw InputError("the baseline " + options_.model +
                     " plays at its own strength: visits and time need a network model");
  }
  Choice choice;
  choice.turn = player_->choose_turn(session.game());
  choice.text = format_turn(session.state(), choice.turn);
  return choice;
}

Choice SearchDriver::search_turn(const GameSession& session, const Budget& budget) {
  const State& start = session.state();
  mcts::Search search(search_params(), *factory_->evaluator(), start);
  search.set_root(start, session.repetition());
  int visits = budget.visits > 0 ? budget.visits : options_.visits;
  Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(budget.time_ms);
  Choice choice;
  int mover = start.to_move();
  while (!search.root_state().is_terminal() && search.root_state().to_move() == mover) {
    mcts::SearchResult result;
    if (budget.time_ms > 0) {
      // Half of what is left per decision: a placement's removal or a chain's next jump
      // still gets time, and the reused subtree carries the first decision's work over.
      result = search.run_until(Clock::now() + (deadline - Clock::now()) / 2, rng_);
    } else {
      result = search.run(visits, /*full=*/false, 0.0f, rng_);
    }
    if (choice.turn.actions.empty()) {
      choice.value = result.root_value;
      choice.visits = result.root_visits;
    }
    choice.turn.actions.push_back(result.chosen);
    search.play(result.chosen);
  }
  choice.text = format_turn(start, choice.turn);
  return choice;
}

namespace {

// The candidates' win/draw/loss for the mover, from an evaluator that reports draws (a
// network's W/D/L head): exact when the turn ends the game; otherwise the draw share is the
// evaluator's estimate for the position after the turn (all of them in one batch), and the
// search's mean value Q (= win - loss) splits the rest: win = (1 - draw + Q) / 2,
// loss = (1 - draw - Q) / 2.
void add_win_draw_loss(mcts::Evaluator& evaluator, const std::vector<State>& afters, int mover,
                       std::vector<Candidate>& candidates) {
  std::vector<std::vector<Action>> actions(afters.size());
  std::vector<std::vector<float>> priors(afters.size());
  std::vector<float> values(afters.size()), draws(afters.size());
  std::vector<mcts::EvalRequest> requests;
  for (std::size_t i = 0; i < afters.size(); ++i) {
    if (afters[i].is_terminal()) continue;
    ActionList list;
    afters[i].legal_actions(list);
    actions[i].assign(list.begin(), list.end());
    priors[i].resize(actions[i].size());
    requests.push_back({&afters[i], actions[i], priors[i], &values[i], &draws[i]});
  }
  evaluator.evaluate(requests);
  for (std::size_t i = 0; i < afters.size(); ++i) {
    if (afters[i].is_terminal()) {
      int r = afters[i].result_for(mover);
      candidates[i].wdl = {r > 0 ? 1.0 : 0.0, r == 0 ? 1.0 : 0.0, r < 0 ? 1.0 : 0.0};
      continue;
    }
    const double q = candidates[i].value, draw = draws[i];
    double win = std::max(0.0, (1 - draw + q) / 2), loss = std::max(0.0, (1 - draw - q) / 2);
    double total = win + draw + loss;
    candidates[i].wdl = {win / total, draw / total, loss / total};
  }
}

}  // namespace

Analysis SearchDriver::analyze(const GameSession& session, int visits, int max_candidates) {
  if (session.is_over()) throw InputError("the game is over (" + session.result() + ")");
  const State& start = session.state();
  mcts::Evaluator* evaluator = factory_->evaluator();
  mcts::Search search(search_params(), evaluator ? *evaluator : mcts::uniform_evaluator(), start);
  search.set_root(start, session.repetition());
  int budget = visits > 0 ? visits : options_.visits;
  mcts::SearchResult result = search.run(budget, /*full=*/false, 0.0f, rng_);
  Analysis analysis;
  analysis.root_value = result.root_value;
  analysis.root_visits = result.root_visits;

  // The search stops at once on a forced action (the only legal one): play it and search
  // on, so that the choices after it are analysed.
  std::vector<Action> prefix;
  const State& root = search.root_state();
  while (search.root().is_expanded() && search.root().num_children() == 1) {
    prefix.push_back(search.root().children()[0].action());
    search.play(prefix.back());
    if (root.is_terminal() || root.to_move() != start.to_move()) {
      // The whole turn is forced: it is the only candidate.
      std::string turn = turns_in_notation(start, prefix).front();
      analysis.candidates.push_back(
          {turn, result.root_visits, result.root_value, mcts::Proven::kUnknown, {turn}, {}});
      if (evaluator != nullptr && evaluator->reports_draws()) {
        add_win_draw_loss(*evaluator, {root}, start.to_move(), analysis.candidates);
      }
      return analysis;
    }
    search.run(budget, /*full=*/false, 0.0f, rng_);
  }
  std::vector<std::pair<std::vector<Action>, const mcts::Node*>> turns;
  collect_turns(search.root(), root, prefix, turns);
  std::stable_sort(turns.begin(), turns.end(), [](const auto& a, const auto& b) {
    if (a.second->visits() != b.second->visits()) return a.second->visits() > b.second->visits();
    return a.second->mean_value() > b.second->mean_value();
  });
  if (static_cast<int>(turns.size()) > max_candidates) turns.resize(max_candidates);
  std::vector<State> afters;
  for (const auto& [actions, node] : turns) {
    std::vector<Action> line = actions;
    for (Action action : mcts::principal_variation(*node)) line.push_back(action);
    Candidate candidate;
    candidate.pv = turns_in_notation(start, line);
    candidate.turn = candidate.pv.front();
    candidate.visits = node->visits();
    candidate.value = node->mean_value();
    candidate.proven = node->proven();
    analysis.candidates.push_back(std::move(candidate));
    afters.push_back(start);
    for (Action a : actions) afters.back().apply(a);
  }
  if (evaluator != nullptr && evaluator->reports_draws()) {
    add_win_draw_loss(*evaluator, afters, start.to_move(), analysis.candidates);
  }
  return analysis;
}

}  // namespace zertz::frontends
