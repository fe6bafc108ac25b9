#include "mcts/selfplay_batch.h"

#include <chrono>
#include <utility>

#include "core/error.h"

namespace zertz::mcts {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

// One game in progress and its search.
struct SelfPlayBatch::Slot {
  Slot(const State& start, const SearchParams& params, Evaluator& evaluator)
      : game(start), search(params, evaluator, start) {}
  Game game;
  Search search;
  Rng rng;
  SelfPlayGame record;
  bool active = false;
  bool searching = false;  // begin() was called for the current decision
};

SelfPlayBatch::SelfPlayBatch(const State& start, const SearchParams& params,
                             const SelfPlayOptions& options, Evaluator& evaluator)
    : start_(start), params_(params), options_(options), evaluator_(evaluator) {
  if (options.games_in_flight < 1 || options.leaves_per_game < 1 ||
      options.leaves_per_game >= 65536 || options.max_turns < 0) {
    throw InputError(
        "self-play options: expected games_in_flight >= 1, leaves_per_game in [1, "
        "65535] and max_turns >= 0");
  }
  params_.threads = 1;  // each game's search runs on this thread, interleaved with the others
}

SelfPlayBatch::~SelfPlayBatch() = default;

void SelfPlayBatch::start_game(Slot& slot) {
  slot.game = Game(start_);
  slot.search.set_root(start_, slot.game.repetition());
  std::uint64_t index = static_cast<std::uint64_t>(games_started_);
  slot.rng = Rng(Rng(options_.seed).next() + index * 0x9e3779b97f4a7c15ULL);
  slot.record = SelfPlayGame();
  slot.record.index = games_started_++;
  slot.active = true;
  slot.searching = false;
}

void SelfPlayBatch::play(int num_games, const std::function<void(SelfPlayGame&&)>& on_game,
                         const std::function<bool()>& stop) {
  Clock::time_point start = Clock::now();
  const double seconds_before = stats_.seconds;  // kept current every round, for live figures
  games_wanted_ = games_started_ + num_games;
  for (int i = 0; i < options_.games_in_flight && games_started_ < games_wanted_; ++i) {
    if (i == static_cast<int>(slots_.size())) {
      slots_.push_back(std::make_unique<Slot>(start_, params_, evaluator_));
    }
    start_game(*slots_[i]);
  }
  std::vector<Slot*> waiting;
  while (true) {
    if (stop && stop()) {  // between rounds: no search waits for an evaluation
      for (auto& slot : slots_) slot->active = false;
      break;
    }
    batch_.clear();
    waiting.clear();
    for (auto& slot : slots_) {
      if (slot->active && advance(*slot, on_game)) waiting.push_back(slot.get());
    }
    if (waiting.empty()) break;  // every game is over
    Clock::time_point evaluation = Clock::now();
    evaluator_.evaluate(batch_);
    stats_.evaluator_seconds += seconds_since(evaluation);
    ++stats_.evaluator_calls;
    stats_.leaves_evaluated += batch_.size();
    for (Slot* slot : waiting) slot->search.complete();
    stats_.seconds = seconds_before + seconds_since(start);
  }
  stats_.seconds = seconds_before + seconds_since(start);
}

bool SelfPlayBatch::advance(Slot& slot, const std::function<void(SelfPlayGame&&)>& on_game) {
  while (true) {
    if (!slot.searching) {
      bool full = slot.search.draw_full_search(slot.rng);
      slot.search.begin(slot.search.visits_for(full), full, slot.rng);
      slot.searching = true;
    }
    if (!slot.search.finished()) {
      // An empty answer means only terminal or proven leaves were met: they count as visits,
      // so gathering again always makes progress.
      std::span<const EvalRequest> requests = slot.search.gather(options_.leaves_per_game);
      if (requests.empty()) continue;
      batch_.insert(batch_.end(), requests.begin(), requests.end());
      return true;
    }
    SearchResult result =
        slot.search.result(params_.temperature(slot.game.turns_played()), slot.rng);
    slot.searching = false;
    Action action = result.chosen;
    slot.record.actions.push_back(action);
    slot.record.searches.push_back(std::move(result));
    ++stats_.decisions;
    slot.game.apply(action);
    slot.search.play(action);
    bool capped = !slot.game.is_terminal() && options_.max_turns > 0 &&
                  slot.game.turns_played() >= options_.max_turns;
    if (!slot.game.is_terminal() && !capped) continue;
    slot.record.outcome = slot.game.outcome();
    slot.record.capped = capped;
    slot.record.repetition = slot.game.ended_by_repetition();
    slot.record.turns = slot.game.turns_played();
    on_game(std::move(slot.record));
    if (games_started_ == games_wanted_) {
      slot.active = false;
      return false;
    }
    start_game(slot);
  }
}

}  // namespace zertz::mcts
