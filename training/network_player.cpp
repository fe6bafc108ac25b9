#include "training/network_player.h"

namespace zertz::training {

NetworkPlayer::NetworkPlayer(std::string name, mcts::Evaluator& evaluator, int visits,
                             std::uint64_t seed, int leaves_per_batch)
    : name_(std::move(name)), evaluator_(evaluator), visits_(visits), rng_(seed) {
  params_.full_visits = visits;
  params_.leaves_per_batch = leaves_per_batch;
  params_.reuse_tree = false;
  params_.validate();
}

Action NetworkPlayer::choose_action(const Game& game) {
  const State& state = game.state();
  if (!search_) search_ = std::make_unique<mcts::Search>(params_, evaluator_, state);
  search_->set_root(state, game.repetition());
  return search_->run(visits_, /*full=*/false, /*temperature=*/0.0f, rng_).chosen;
}

}  // namespace zertz::training
