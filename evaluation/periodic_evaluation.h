// The training loop's periodic check: the newest network against the baselines and the
// previous evaluated checkpoint, recorded in metrics.jsonl and arena/.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "evaluation/match.h"
#include "mcts/search_player.h"
#include "nn/batched_evaluator.h"

namespace zertz::evaluation {

struct EvaluationSetup {
  int games = 20;
  int visits = 100;
  int threads = 4;  // games at once (their evaluations share batches)
  int intra_op_threads = 1;
  std::string device = "cpu";
  std::string backend = "auto";
  std::uint64_t seed = 1;
  // The network's search (leaves per batch, leaf playouts); the visits come from `visits`.
  mcts::SearchParams search = mcts::network_search_params();
};

struct OpponentResult {
  std::string opponent;
  MatchResult result;  // from the network's side
};

// Plays `net` against each opponent (random, greedy, rollout:N, or "previous" meaning
// `previous_checkpoint`, skipped when there is none).
std::vector<OpponentResult> evaluate_network(nn::ZertzNetImpl& net, const Variant& variant,
                                             const std::vector<std::string>& opponents,
                                             const std::optional<std::string>& previous_checkpoint,
                                             const EvaluationSetup& setup);

}  // namespace zertz::evaluation
