#include "training/selfplay.h"

#include <limits>

namespace zertz::training {

TrainingGame to_training_game(const Variant& variant, const mcts::SelfPlayGame& game) {
  TrainingGame out;
  out.variant = variant.name;
  out.outcome = game.outcome;
  out.capped = game.capped;
  out.repetition = game.repetition;
  out.decisions.reserve(game.actions.size());
  for (std::size_t i = 0; i < game.actions.size(); ++i) {
    const mcts::SearchResult& search = game.searches[i];
    Decision d;
    d.action = game.actions[i];
    d.full_search = search.full_search;
    d.root_value = search.root_value;
    if (search.full_search) d.policy_surprise = search.policy_surprise;
    if (search.full_search) {
      for (std::size_t a = 0; a < search.actions.size(); ++a) {
        d.policy.emplace_back(search.actions[a], search.policy_target[a]);
      }
    }
    out.decisions.push_back(std::move(d));
  }
  return out;
}

SelfPlayRunner::SelfPlayRunner(const Variant& variant, const SelfPlaySettings& settings,
                               mcts::Evaluator& evaluator,
                               std::function<void(TrainingGame&&)> on_game)
    : variant_(variant),
      settings_(settings),
      evaluator_(evaluator),
      on_game_(std::move(on_game)),
      stats_(static_cast<std::size_t>(settings.threads)) {}

SelfPlayRunner::~SelfPlayRunner() {
  stop();
}

void SelfPlayRunner::start() {
  for (int t = 0; t < settings_.threads; ++t) threads_.emplace_back([this, t] { run(t); });
}

void SelfPlayRunner::stop() {
  stop_ = true;
  for (auto& t : threads_) t.join();
  threads_.clear();
}

void SelfPlayRunner::run(int thread) {
  mcts::SelfPlayOptions options = settings_.games;
  options.seed = settings_.games.seed + static_cast<std::uint64_t>(thread) * 0x51ed27;
  try {
    mcts::SelfPlayBatch batch(State(variant_), settings_.search, options, evaluator_);
    // Plays until stopped; each finished game becomes a record at once.
    batch.play(
        std::numeric_limits<int>::max() / 2,
        [&](mcts::SelfPlayGame&& game) {
          on_game_(to_training_game(variant_, game));
          ++games_;
          std::lock_guard lock(stats_mutex_);
          stats_[static_cast<std::size_t>(thread)] = batch.stats();
        },
        [&] { return stop_.load(); });
  } catch (...) {
    std::lock_guard lock(failure_mutex_);
    if (!failure_) failure_ = std::current_exception();
    stop_ = true;
  }
}

void SelfPlayRunner::rethrow_failure() const {
  std::lock_guard lock(failure_mutex_);
  if (failure_) std::rethrow_exception(failure_);
}

double SelfPlayRunner::evaluator_share() const {
  std::lock_guard lock(stats_mutex_);
  double total = 0, evaluator = 0;
  for (const auto& s : stats_) {
    total += s.seconds;
    evaluator += s.evaluator_seconds;
  }
  return total > 0 ? evaluator / total : 0;
}

double SelfPlayRunner::average_batch() const {
  std::lock_guard lock(stats_mutex_);
  double calls = 0, leaves = 0;
  for (const auto& s : stats_) {
    calls += static_cast<double>(s.evaluator_calls);
    leaves += static_cast<double>(s.leaves_evaluated);
  }
  return calls > 0 ? leaves / calls : 0;
}

}  // namespace zertz::training
