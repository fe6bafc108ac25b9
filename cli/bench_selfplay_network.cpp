// The network part of `zertz bench mcts`: batched self-play against a real network on this
// machine's cores, and the share of wall time spent outside the network's forward passes (the
// search's own cost, which should stay small) with the average batch.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "cli/commands.h"
#include "config/search_settings.h"
#include "mcts/selfplay_batch.h"
#include "nn/batched_evaluator.h"
#include "nn/model.h"

namespace zertz::cli {

void print_network_selfplay(const BenchMctsOptions& options) {
  const Variant& variant = *Variant::find(options.variant);
  torch::manual_seed(1);
  nn::ZertzNet net(nn::ModelConfig::named(options.network));
  nn::EvaluatorOptions evaluator_options;
  evaluator_options.max_batch = 64;
  evaluator_options.intra_op_threads =
      static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  evaluator_options.device = "auto";
  nn::BatchedEvaluator evaluator(*net, variant, evaluator_options);
  // The default config's self-play search (the schema's defaults are configs/default.yaml's).
  mcts::SearchParams params = config::selfplay_search(config::Config());
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> simulations{0}, games{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < options.selfplay_threads; ++t) {
    threads.emplace_back([&, t] {
      mcts::SelfPlayOptions games_options;
      games_options.games_in_flight = 64 / options.selfplay_threads;
      games_options.seed = 1 + static_cast<std::uint64_t>(t);
      mcts::SelfPlayBatch batch(State(variant), params, games_options, evaluator);
      batch.play(
          1 << 30,
          [&](mcts::SelfPlayGame&& game) {
            for (const mcts::SearchResult& r : game.searches) simulations += r.root_visits;
            ++games;
          },
          [&] { return stop.load(); });
    });
  }
  std::this_thread::sleep_for(
      std::chrono::duration<double>(options.network_seconds / 5));  // fill the pipeline
  evaluator.reset_stats();
  std::uint64_t simulations_before = simulations, games_before = games;
  std::this_thread::sleep_for(std::chrono::duration<double>(options.network_seconds));
  nn::EvaluatorStats stats = evaluator.stats();
  std::uint64_t finished_simulations = simulations - simulations_before,
                finished_games = games - games_before;
  stop = true;
  for (auto& t : threads) t.join();
  std::printf(
      "self-play with the %s network (%s, %s), %d self-play threads x %d games, %d intra-op "
      "threads, "
      "%.0f s:\n",
      options.network.c_str(), evaluator.device().c_str(), evaluator.backend().c_str(),
      options.selfplay_threads, 64 / options.selfplay_threads, evaluator_options.intra_op_threads,
      stats.seconds);
  std::printf(
      "  %.0f evaluations/s, average batch %.1f, cache hits %.0f%%, %.0f simulations/s in finished "
      "games, %.0f games/h\n",
      stats.evaluations_per_second(), stats.average_batch(), 100 * stats.cache_hit_rate(),
      static_cast<double>(finished_simulations) / stats.seconds,
      3600.0 * static_cast<double>(finished_games) / stats.seconds);
  std::printf("  forward passes take %.1f%% of wall time; outside them: %.1f%%\n",
              100 * stats.forward_seconds / stats.seconds,
              100 * (1 - stats.forward_seconds / stats.seconds));
}

}  // namespace zertz::cli
