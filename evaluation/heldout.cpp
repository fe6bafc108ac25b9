#include "evaluation/heldout.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/game.h"
#include "core/parallel.h"
#include "core/position.h"
#include "mcts/players.h"
#include "mcts/search.h"
#include "mcts/search_player.h"

namespace zertz::evaluation {

namespace {

std::vector<float> shares(const std::vector<std::uint32_t>& visits) {
  double total = 0;
  for (std::uint32_t v : visits) total += v;
  std::vector<float> policy;
  for (std::uint32_t v : visits) policy.push_back(total > 0 ? static_cast<float>(v / total) : 0.0f);
  return policy;
}

struct Decision {
  State state;
  RepetitionTracker history;
  int turn = 0;
};

int result_for_mover(const Game& game, int mover) {
  switch (game.outcome()) {
    case Outcome::kFirstWins:
      return mover == 0 ? 1 : -1;
    case Outcome::kSecondWins:
      return mover == 1 ? 1 : -1;
    default:
      return 0;  // a draw, or a game still going at max_turns
  }
}

HeldoutPosition label(const Decision& decision, int search_visits, Rng& rng) {
  mcts::Search search(mcts::rollout_search_params(), mcts::uniform_evaluator(), decision.state);
  search.set_root(decision.state, decision.history);
  mcts::SearchResult r = search.run(search_visits, /*full=*/false, /*temperature=*/0.0f, rng);
  HeldoutPosition position{decision.state, 0, 0, r.visits, shares(r.visits), r.root_value};
  return position;
}

std::vector<HeldoutPosition> play_and_label(const HeldoutMakeOptions& options, int index) {
  Rng rng(options.seed + 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(index + 1));
  auto player = mcts::make_player("rollout:" + std::to_string(options.play_visits), rng.next(), 0);
  Game game(State(*options.variant));
  std::vector<Decision> decisions;
  for (int actions = 0; !game.is_terminal() && game.turns_played() < options.max_turns; ++actions) {
    ActionList legal;
    game.state().legal_actions(legal);
    if (legal.size >= 2 && actions >= options.opening_random_actions) {
      decisions.push_back({game.state(), game.repetition(), game.turns_played()});
    }
    game.apply(actions < options.opening_random_actions ? legal[rng.below(legal.size)]
                                                        : player->choose_action(game));
  }
  // A partial Fisher-Yates draw, then back into game order.
  int picked = std::min<int>(options.positions_per_game, static_cast<int>(decisions.size()));
  for (int i = 0; i < picked; ++i) {
    std::swap(decisions[i],
              decisions[i + rng.below(static_cast<std::uint32_t>(decisions.size() - i))]);
  }
  decisions.erase(decisions.begin() + picked, decisions.end());
  std::sort(decisions.begin(), decisions.end(),
            [](const Decision& a, const Decision& b) { return a.turn < b.turn; });
  std::vector<HeldoutPosition> positions;
  for (const Decision& decision : decisions) {
    HeldoutPosition position = label(decision, options.search_visits, rng);
    position.result = result_for_mover(game, decision.state.to_move());
    position.turns_left = game.turns_played() - decision.turn;
    positions.push_back(std::move(position));
  }
  return positions;
}

double entropy_against(const std::vector<float>& target, std::span<const float> priors) {
  double h = 0;
  for (std::size_t i = 0; i < target.size(); ++i) {
    if (target[i] > 0) h -= target[i] * std::log(std::max(priors[i], 1e-12f));
  }
  return h;
}

std::size_t argmax(std::span<const float> values) {
  return static_cast<std::size_t>(std::max_element(values.begin(), values.end()) - values.begin());
}

void add_policy(PolicyScore& score, const HeldoutPosition& p, std::span<const float> priors) {
  score.cross_entropy += entropy_against(p.search_policy, priors);
  score.top1 += argmax(priors) == argmax(p.search_policy) ? 1.0 : 0.0;
}

}  // namespace

std::vector<HeldoutPosition> make_heldout(const HeldoutMakeOptions& options) {
  std::vector<std::vector<HeldoutPosition>> by_game(static_cast<std::size_t>(options.games));
  std::atomic<int> next{0};
  std::mutex progress;
  int done = 0, positions = 0;
  auto work = [&](int) {
    for (int g; (g = next.fetch_add(1)) < options.games;) {
      by_game[g] = play_and_label(options, g);
      std::lock_guard lock(progress);
      positions += static_cast<int>(by_game[g].size());
      if (options.on_progress) options.on_progress(++done, positions);
    }
  };
  run_in_parallel(std::max(1, options.threads), work, [&] { next = options.games; });
  std::vector<HeldoutPosition> set;
  for (auto& game : by_game) {
    for (HeldoutPosition& p : game) set.push_back(std::move(p));
  }
  return set;
}

void write_heldout(const std::filesystem::path& path, const std::vector<HeldoutPosition>& set) {
  std::string text;
  for (const HeldoutPosition& p : set) {
    ActionList legal;
    p.state.legal_actions(legal);
    nlohmann::json visits = nlohmann::json::object();
    for (int i = 0; i < legal.size; ++i) {
      if (p.search_visits[i] > 0) visits[legal[i].to_string(p.state.board())] = p.search_visits[i];
    }
    nlohmann::json line = {{"position", to_position_string(p.state)},
                           {"result", p.result},
                           {"turns_left", p.turns_left},
                           {"search_value", p.search_value},
                           {"search_visits", visits}};
    text += line.dump() + "\n";
  }
  write_file_atomically(path.string(), text);
}

std::vector<HeldoutPosition> read_heldout(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path.string() + ": cannot read the held-out set");
  std::vector<HeldoutPosition> set;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (text.empty()) continue;
    std::string where = path.string() + ":" + std::to_string(number) + ": ";
    try {
      nlohmann::json line = nlohmann::json::parse(text);
      HeldoutPosition p{parse_position_string(line.at("position").get<std::string>()),
                        line.at("result").get<int>(),
                        line.at("turns_left").get<int>(),
                        {},
                        {},
                        line.at("search_value").get<float>()};
      if (p.result < -1 || p.result > 1) throw InputError("result must be -1, 0 or 1");
      ActionList legal;
      p.state.legal_actions(legal);
      if (legal.size < 1) throw InputError("the position has no legal action");
      p.search_visits.assign(static_cast<std::size_t>(legal.size), 0);
      for (const auto& [action, visits] : line.at("search_visits").items()) {
        int i = 0;
        while (i < legal.size && legal[i].to_string(p.state.board()) != action) ++i;
        if (i == legal.size) throw InputError("'" + action + "' is not a legal action there");
        if (!visits.is_number_unsigned())
          throw InputError("'" + action + "': visits must be a count");
        p.search_visits[i] = visits.get<std::uint32_t>();
      }
      p.search_policy = shares(p.search_visits);
      if (p.search_policy[argmax(p.search_policy)] == 0) throw InputError("no search visits");
      set.push_back(std::move(p));
    } catch (const nlohmann::json::exception& e) {
      throw InputError(where + "not a held-out position (" + e.what() + ")");
    } catch (const InputError& e) {
      throw InputError(where + e.what());
    }
  }
  return set;
}

HeldoutScore score_heldout(const std::vector<HeldoutPosition>& set, mcts::Evaluator& evaluator) {
  HeldoutScore score;
  score.positions = static_cast<int>(set.size());
  constexpr int kTemperatureCount = std::size(HeldoutScore::kTemperatures);
  constexpr int kBins = std::size(HeldoutScore::kTurnsLeftBins) + 1;
  score.tempered.resize(kTemperatureCount);
  std::vector<double> right(kBins, 0), decided(kBins, 0);
  constexpr std::size_t kBatch = 64;
  for (std::size_t start = 0; start < set.size(); start += kBatch) {
    std::size_t end = std::min(set.size(), start + kBatch);
    std::vector<ActionList> legal(end - start);
    std::vector<std::vector<float>> priors(end - start);
    std::vector<float> values(end - start);
    std::vector<mcts::EvalRequest> requests;
    for (std::size_t i = start; i < end; ++i) {
      set[i].state.legal_actions(legal[i - start]);
      priors[i - start].resize(static_cast<std::size_t>(legal[i - start].size));
      requests.push_back({&set[i].state,
                          {legal[i - start].begin(), priors[i - start].size()},
                          priors[i - start],
                          &values[i - start]});
    }
    evaluator.evaluate(requests);
    for (std::size_t i = start; i < end; ++i) {
      const HeldoutPosition& p = set[i];
      const std::vector<float>& prior = priors[i - start];
      float value = values[i - start];
      score.value_mse += (value - p.result) * (value - p.result);
      if (p.result != 0) {
        int bin = 0;
        while (bin < kBins - 1 && p.turns_left > HeldoutScore::kTurnsLeftBins[bin]) ++bin;
        double hit = (value > 0) == (p.result > 0) ? 1.0 : 0.0;
        right[bin] += hit, decided[bin] += 1;
        score.value_sign += hit;
      }
      add_policy(score.policy, p, prior);
      std::vector<float> uniform(prior.size(), 1.0f / static_cast<float>(prior.size()));
      score.uniform.cross_entropy += entropy_against(p.search_policy, uniform);
      score.uniform.top1 += uniform[0];  // a uniform draw's chance of the search's best action
      for (int t = 0; t < kTemperatureCount; ++t) {
        std::vector<float> tempered = prior;
        mcts::temper_priors(tempered, static_cast<float>(HeldoutScore::kTemperatures[t]));
        add_policy(score.tempered[t], p, tempered);
      }
    }
  }
  double n = std::max(1, score.positions), decided_all = 0;
  for (double d : decided) decided_all += d;
  score.value_mse /= n;
  score.value_sign /= std::max(1.0, decided_all);
  for (int bin = 0; bin < kBins; ++bin) {
    score.value_sign_by_turns_left.push_back(decided[bin] > 0 ? right[bin] / decided[bin] : NAN);
  }
  for (PolicyScore* s : {&score.policy, &score.uniform}) s->cross_entropy /= n, s->top1 /= n;
  for (PolicyScore& s : score.tempered) s.cross_entropy /= n, s.top1 /= n;
  return score;
}

}  // namespace zertz::evaluation
