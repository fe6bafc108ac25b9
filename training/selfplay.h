// Self-play workers for training: threads that each play many games at once (mcts
// SelfPlayBatch) against one shared evaluator, turning every finished game into a record.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "mcts/evaluator.h"
#include "mcts/selfplay_batch.h"
#include "training/game_shard.h"

namespace zertz::training {

struct SelfPlaySettings {
  mcts::SearchParams search;
  mcts::SelfPlayOptions games;  // games_in_flight, max_turns, seed (of the first thread)
  int threads = 1;
};

// The record of a finished self-play game: the policy target of full searches only (cheap ones
// only chose a move).
TrainingGame to_training_game(const Variant& variant, const mcts::SelfPlayGame& game);

class SelfPlayRunner {
 public:
  // `on_game` is called from the worker threads. `evaluator` must outlive the runner.
  SelfPlayRunner(const Variant& variant, const SelfPlaySettings& settings,
                 mcts::Evaluator& evaluator, std::function<void(TrainingGame&&)> on_game);
  ~SelfPlayRunner();  // stops and joins

  void start();
  // Asks the threads to stop after their current round; games in progress are dropped.
  void stop();
  std::int64_t games() const { return games_; }
  // Rethrows the first exception of a worker (the evaluator out of memory, say): a failing
  // worker stops them all, and the training loop, which calls this as it goes, reports it.
  void rethrow_failure() const;
  // The workers' time inside the evaluator over all their time (the search's own share is the
  // rest), and their average evaluation batch.
  double evaluator_share() const;
  double average_batch() const;

 private:
  void run(int thread);

  const Variant& variant_;
  SelfPlaySettings settings_;
  mcts::Evaluator& evaluator_;
  std::function<void(TrainingGame&&)> on_game_;
  std::atomic<bool> stop_{false};
  mutable std::mutex failure_mutex_;
  std::exception_ptr failure_;
  std::atomic<std::int64_t> games_{0};
  std::vector<std::thread> threads_;
  std::vector<mcts::SelfPlayStats> stats_;  // per thread, written when a thread finishes a call
  mutable std::mutex stats_mutex_;
};

}  // namespace zertz::training
