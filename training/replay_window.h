// The trainer's data: a sliding window over the newest self-play positions, growing with the
// data as KataGo's does, with features rebuilt from the game records under a random board
// symmetry. Memory stays bounded: games that fall out of the window are dropped.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>

#include "core/random.h"
#include "nn/outcome_parts.h"
#include "training/game_shard.h"

namespace zertz::training {

struct WindowParams {
  std::int64_t min_samples = 5000;  // the window holds every sample until there are this many
  double exponent = 0.75;           // then grows as a power of the samples seen (KataGo's alpha)
  double scale = 0.4;               // ... with this slope (KataGo's beta)
  // Share of the value target taken from the search's root value instead of the game's result
  // (lc0's q_ratio): less noisy than one game's result, though biased by the network itself.
  double search_value_weight = 0.0;
  // The window never holds more than this many samples, so memory levels off in a long run
  // (about 0.5 KiB a sample: docs/training.md, "Memory"); 0: no cap.
  std::int64_t max_samples = 0;
  // Share of each game's sample weight spread over its decisions in proportion to their policy
  // surprise, the rest evenly (KataGo's policy surprise weighting): positions where the search
  // overruled the network are drawn more often. 0: every decision drawn alike.
  double policy_surprise_weight = 0.0;
  // Keep what each game says about its outcome's parts (nn/outcome_parts.h), so that sample()
  // can give their targets (a net with model.outcome_parts).
  bool outcome_parts = false;
};

// The window's size after `total` samples: all of them up to min_samples, then
// min * (1 + scale * ((total / min)^exponent - 1) / exponent), at most max_samples.
std::int64_t window_size(const WindowParams& params, std::int64_t total);

// How many times the window holds each of `decisions` (full-search decisions of `game`): weights
// (1 - share) + share * surprise / the game's mean surprise, which average 1, each held
// floor(weight) times and once more with probability frac(weight). All 1 when share is 0 or
// the game records no surprise.
std::vector<int> sample_copies(const TrainingGame& game, const std::vector<int>& decisions,
                               double share, Rng& rng);

class ReplayWindow {
 public:
  ReplayWindow(const WindowParams& params, const Variant& variant);

  // Adds a game's full-search decisions as samples (some more than once, some not at all, by
  // policy_surprise_weight); drops the oldest games beyond the window.
  void add(TrainingGame game);
  // On resume: `total` samples were added before (the window's size follows from it); the
  // newest games from disk come in afterwards through add().
  void set_total_samples(std::int64_t total);
  std::int64_t total_samples() const;   // ever added (full-search decisions)
  std::int64_t window_samples() const;  // held now, a decision once per copy
  std::int64_t games_held() const;
  const Variant& variant() const { return variant_; }

  // Fills `batch` samples drawn uniformly from the window: inputs [batch, planes, G, G],
  // policy targets [batch, 10 * G * G] and win/draw/loss value targets [batch, 3] (the game's
  // result mixed with the search's root value by search_value_weight), each position seen
  // through a random board symmetry, and, when `parts` is given (the window keeps them), the
  // outcome parts' targets [batch, kNumOutcomeParts]. Returns false while the window is empty.
  bool sample(int batch, Rng& rng, float* inputs, float* policy, float* value,
              float* parts = nullptr) const;

 private:
  struct Game {
    TrainingGame record;
    nn::GameParts parts;  // empty unless params_.outcome_parts
  };
  struct Held {
    // Shared with a batch being encoded, so that sample() holds the lock only while it draws.
    std::shared_ptr<const Game> game;
    std::size_t samples = 0;  // its entries in samples_
  };
  struct SampleRef {
    std::int64_t game_serial;
    int decision;
  };
  void trim();

  WindowParams params_;
  const Variant& variant_;
  mutable std::mutex mutex_;
  std::deque<Held> games_;
  std::deque<SampleRef> samples_;
  std::int64_t first_serial_ = 0;  // serial of games_.front()
  std::int64_t total_ = 0;
  Rng copies_rng_{0x5eed};  // sample_copies' draws, in the order games arrive
};

}  // namespace zertz::training
