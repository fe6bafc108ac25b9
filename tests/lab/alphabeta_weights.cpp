// The alpha-beta baseline's evaluation weights, tuned by measurement (docs/experiments.md,
// E36): a match of alphabeta:auto with weights A against the same search with weights B, in
// colour-swapped pairs on two threads.
//   alphabeta_weights VARIANT GAMES MS_PER_TURN SEED "A" "B"
// where A and B are comma-separated name=value changes to the defaults of
// mcts::EvaluationWeights: marble=N, tempo=N, isolation=N (per cent), closeness=a:b:c:d (1 to 4
// marbles short), or "default".
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/error.h"
#include "evaluation/match.h"
#include "mcts/alphabeta_player.h"

namespace {

using zertz::mcts::EvaluationWeights;

EvaluationWeights parse_weights(const std::string& text) {
  EvaluationWeights weights;
  if (text == "default") return weights;
  std::stringstream items(text);
  for (std::string item; std::getline(items, item, ',');) {
    auto eq = item.find('=');
    if (eq == std::string::npos) throw zertz::InputError("expected name=value, found " + item);
    std::string name = item.substr(0, eq), value = item.substr(eq + 1);
    if (name == "marble") {
      weights.marble = std::stoi(value);
    } else if (name == "tempo") {
      weights.tempo = std::stoi(value);
    } else if (name == "isolation") {
      weights.isolation_percent = std::stoi(value);
    } else if (name == "closeness") {
      std::stringstream parts(value);
      std::string part;
      for (int i = 1; i < static_cast<int>(weights.closeness.size()); ++i) {
        if (!std::getline(parts, part, ':')) throw zertz::InputError("closeness needs 4 values");
        weights.closeness[i] = std::stoi(part);
      }
    } else {
      throw zertz::InputError("unknown weight " + name);
    }
  }
  return weights;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7) {
    std::fprintf(stderr, "usage: %s VARIANT GAMES MS_PER_TURN SEED A B\n", argv[0]);
    return zertz::kExitBadInput;
  }
  try {
    const zertz::Variant* variant = zertz::Variant::find(argv[1]);
    if (!variant) throw zertz::InputError(std::string("unknown variant ") + argv[1]);
    int ms = std::atoi(argv[3]);
    auto maker = [ms](EvaluationWeights weights, const char* name) {
      return [ms, weights, name](std::uint64_t seed) -> std::unique_ptr<zertz::mcts::Player> {
        return std::make_unique<zertz::mcts::AlphaBetaPlayer>(name, zertz::mcts::kMaxAlphaBetaDepth,
                                                              ms, seed, weights);
      };
    };
    zertz::evaluation::MatchOptions options;
    options.games = std::atoi(argv[2]);
    options.threads = 2;
    options.seed = std::strtoull(argv[4], nullptr, 10);
    auto result = zertz::evaluation::play_match(*variant, maker(parse_weights(argv[5]), "A"),
                                                maker(parse_weights(argv[6]), "B"), options);
    auto elo = result.elo_interval();
    std::printf(
        "A (%s) vs B (%s), %s, %d ms: W %d D %d L %d, score %.3f, Elo %+.0f [%+.0f, %+.0f]\n",
        argv[5], argv[6], argv[1], ms, result.wins, result.draws, result.losses, result.score(),
        elo.elo, elo.low, elo.high);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return zertz::kExitBadInput;
  }
}
