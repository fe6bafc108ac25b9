#include "training/replay_window.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "nn/features.h"

namespace zertz::training {

std::int64_t window_size(const WindowParams& params, std::int64_t total) {
  std::int64_t cap = params.max_samples > 0 ? params.max_samples : total;
  if (total <= params.min_samples) return std::min(total, cap);
  double c = static_cast<double>(params.min_samples);
  double ratio = static_cast<double>(total) / c;
  double size =
      c * (1.0 + params.scale * (std::pow(ratio, params.exponent) - 1.0) / params.exponent);
  return std::min({total, cap, static_cast<std::int64_t>(size)});
}

std::vector<int> sample_copies(const TrainingGame& game, const std::vector<int>& decisions,
                               double share, Rng& rng) {
  std::vector<int> copies(decisions.size(), 1);
  double mean = 0.0;
  for (int d : decisions) mean += game.decisions[static_cast<std::size_t>(d)].policy_surprise;
  if (share <= 0.0 || mean <= 0.0) return copies;
  mean /= static_cast<double>(decisions.size());
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    double surprise = game.decisions[static_cast<std::size_t>(decisions[i])].policy_surprise;
    double weight = (1.0 - share) + share * surprise / mean;
    double whole = std::floor(weight);
    copies[i] = static_cast<int>(whole) + (rng.uniform() < weight - whole ? 1 : 0);
  }
  return copies;
}

ReplayWindow::ReplayWindow(const WindowParams& params, const Variant& variant)
    : params_(params), variant_(variant) {}

void ReplayWindow::add(TrainingGame game) {
  auto kept = std::make_shared<Game>();
  if (params_.outcome_parts) {
    std::vector<Action> actions;
    for (const Decision& d : game.decisions) actions.push_back(d.action);
    kept->parts = nn::game_parts(variant_, actions);
  }
  kept->record = std::move(game);
  const TrainingGame& record = kept->record;
  Held held{std::move(kept)};
  std::vector<int> decisions;
  for (std::size_t i = 0; i < record.decisions.size(); ++i) {
    if (record.decisions[i].full_search) decisions.push_back(static_cast<int>(i));
  }
  std::lock_guard lock(mutex_);
  std::vector<int> copies =
      sample_copies(record, decisions, params_.policy_surprise_weight, copies_rng_);
  std::int64_t serial = first_serial_ + static_cast<std::int64_t>(games_.size());
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    for (int c = 0; c < copies[i]; ++c) samples_.push_back({serial, decisions[i]});
    held.samples += static_cast<std::size_t>(copies[i]);
  }
  total_ += static_cast<std::int64_t>(decisions.size());
  games_.push_back(std::move(held));
  trim();
}

void ReplayWindow::set_total_samples(std::int64_t total) {
  std::lock_guard lock(mutex_);
  total_ = total;
}

void ReplayWindow::trim() {
  std::int64_t keep = window_size(params_, total_);
  while (!games_.empty() && static_cast<std::int64_t>(samples_.size()) -
                                    static_cast<std::int64_t>(games_.front().samples) >=
                                keep) {
    samples_.erase(samples_.begin(),
                   samples_.begin() + static_cast<std::ptrdiff_t>(games_.front().samples));
    games_.pop_front();
    ++first_serial_;
  }
}

std::int64_t ReplayWindow::total_samples() const {
  std::lock_guard lock(mutex_);
  return total_;
}

std::int64_t ReplayWindow::window_samples() const {
  std::lock_guard lock(mutex_);
  return static_cast<std::int64_t>(samples_.size());
}

std::int64_t ReplayWindow::games_held() const {
  std::lock_guard lock(mutex_);
  return static_cast<std::int64_t>(games_.size());
}

bool ReplayWindow::sample(int batch, Rng& rng, float* inputs, float* policy, float* value,
                          float* parts) const {
  if (parts && !params_.outcome_parts) {
    throw std::logic_error("outcome parts asked of a window that does not keep them");
  }
  const nn::Encoding& e = nn::Encoding::of(*variant_.board);
  const Board& board = *variant_.board;
  // Draw under the lock, replay and encode outside it: self-play's add() never waits for a batch.
  std::vector<std::pair<std::shared_ptr<const Game>, int>> drawn;
  std::vector<int> symmetries;
  {
    std::lock_guard lock(mutex_);
    if (samples_.empty()) return false;
    for (int b = 0; b < batch; ++b) {
      const SampleRef& ref = samples_[rng.below(static_cast<std::uint32_t>(samples_.size()))];
      drawn.emplace_back(games_[static_cast<std::size_t>(ref.game_serial - first_serial_)].game,
                         ref.decision);
      symmetries.push_back(
          static_cast<int>(rng.below(static_cast<std::uint32_t>(board.num_symmetries()))));
    }
  }
  std::fill(policy, policy + static_cast<std::ptrdiff_t>(batch) * e.policy_size(), 0.0f);
  std::fill(value, value + static_cast<std::ptrdiff_t>(batch) * 3, 0.0f);
  for (int b = 0; b < batch; ++b) {
    const TrainingGame& game = drawn[b].first->record;
    const int decision = drawn[b].second;
    State state(variant_);
    for (int i = 0; i < decision; ++i) state.apply(game.decisions[i].action);
    int g = symmetries[b];
    e.encode(state.transformed(g), inputs + static_cast<std::ptrdiff_t>(b) * e.input_size());
    float* target = policy + static_cast<std::ptrdiff_t>(b) * e.policy_size();
    for (const auto& [action, p] : game.decisions[decision].policy) {
      if (action.kind() != ActionKind::kPass)
        target[e.policy_index(action.transformed(board, g))] = p;
    }
    int outcome = 1;  // draw; also for a capped game
    if (game.outcome == Outcome::kFirstWins || game.outcome == Outcome::kSecondWins) {
      int winner = game.outcome == Outcome::kFirstWins ? 0 : 1;
      outcome = winner == state.to_move() ? 0 : 2;
    }
    // The root value q = P(win) - P(loss) as a target with no draw share: win (1 + q) / 2.
    const float mix = static_cast<float>(params_.search_value_weight);
    const float q = std::clamp(game.decisions[decision].root_value, -1.0f, 1.0f);
    float* wdl = value + static_cast<std::ptrdiff_t>(b) * 3;
    wdl[outcome] += 1.0f - mix;
    wdl[0] += mix * (1.0f + q) / 2.0f;
    wdl[2] += mix * (1.0f - q) / 2.0f;
    if (parts) {
      nn::outcome_part_targets(variant_, drawn[b].first->parts, decision, state.to_move(),
                               parts + static_cast<std::ptrdiff_t>(b) * nn::kNumOutcomeParts);
    }
  }
  return true;
}

}  // namespace zertz::training
