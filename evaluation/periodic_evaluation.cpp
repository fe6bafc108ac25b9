#include "evaluation/periodic_evaluation.h"

#include "evaluation/player_factory.h"
#include "mcts/search_player.h"

namespace zertz::evaluation {

std::vector<OpponentResult> evaluate_network(nn::ZertzNetImpl& net, const Variant& variant,
                                             const std::vector<std::string>& opponents,
                                             const std::optional<std::string>& previous_checkpoint,
                                             const EvaluationSetup& setup) {
  nn::EvaluatorOptions options;
  options.max_batch = 32;
  options.random_symmetry = true;
  options.symmetry_by_position = true;  // as in the arena: the games do not depend on timing
  options.intra_op_threads = setup.intra_op_threads;
  options.device = setup.device;
  options.backend = setup.backend;
  options.seed = setup.seed;
  nn::BatchedEvaluator evaluator(net, variant, options);
  MatchOptions match;
  match.games = setup.games;
  match.threads = setup.threads;
  match.seed = setup.seed;
  auto network = [&](std::uint64_t seed) -> std::unique_ptr<mcts::Player> {
    mcts::SearchBudget budget{setup.visits, 0};
    return std::make_unique<mcts::SearchPlayer>("network", evaluator, setup.search, budget, seed);
  };
  std::vector<OpponentResult> results;
  for (const std::string& opponent : opponents) {
    PlayerSpec spec;
    spec.name = opponent;
    spec.visits = setup.visits;
    spec.intra_op_threads = setup.intra_op_threads;
    spec.device = setup.device;
    spec.backend = setup.backend;
    if (opponent == "previous") {
      if (!previous_checkpoint) continue;
      spec.name = *previous_checkpoint;
    }
    PlayerFactory factory(spec, variant);
    auto other = [&](std::uint64_t seed) { return factory.make(seed); };
    results.push_back({opponent, play_match(variant, network, other, match)});
  }
  return results;
}

}  // namespace zertz::evaluation
