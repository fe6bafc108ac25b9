#include "evaluation/match.h"

#include <atomic>
#include <map>
#include <mutex>

#include "core/parallel.h"
#include "core/replay.h"
#include "core/turn.h"

namespace zertz::evaluation {

namespace {

// Plays game `index`: the pair's shared opening, then the two players with colours by parity.
MatchGame play_game(const Variant& variant, const MakePlayer& first, const MakePlayer& second,
                    const MatchOptions& options, int index) {
  Rng opening(options.seed * 7919 + static_cast<std::uint64_t>(index / 2));
  std::uint64_t seed = options.seed * 1000003 + static_cast<std::uint64_t>(index);
  std::unique_ptr<mcts::Player> a = first(seed), b = second(seed + 500009);
  MatchGame result;
  result.index = index;
  result.first_is_player1 = index % 2 == 0;
  GameRecord& record = result.record;
  record.variant = variant.name;
  record.player1 = (result.first_is_player1 ? a : b)->name();
  record.player2 = (result.first_is_player1 ? b : a)->name();

  Game game{State(variant)};
  std::vector<Action> actions;
  auto play = [&](Action action) {
    actions.push_back(action);
    game.apply(action);
  };
  for (int i = 0; i < options.opening_actions && !game.is_terminal(); ++i) {
    play(game.state().random_action(opening));
  }
  while (!game.is_terminal() && game.turns_played() < options.max_turns) {
    bool a_moves = (game.state().to_move() == 0) == result.first_is_player1;
    play((a_moves ? a : b)->choose_action(game));
  }
  // Games end at a turn's end (a repetition and the cap are judged there), so no action is
  // left out.
  record.turns = turns_in_notation(State(variant), actions);
  if (game.is_terminal()) {
    record.result = result_string(game.outcome());
    record.termination = game.ended_by_repetition() ? "repetition" : "normal";
    if (game.outcome() != Outcome::kDraw) {
      bool player1_won = game.outcome() == Outcome::kFirstWins;
      result.first_result = player1_won == result.first_is_player1 ? 1 : -1;
    }
  } else {
    record.termination = "capped";  // result "*": scored a draw, not a rules draw
  }
  return result;
}

}  // namespace

MatchResult play_match(const Variant& variant, const MakePlayer& first, const MakePlayer& second,
                       const MatchOptions& options) {
  MatchResult result;
  std::mutex mutex;
  std::atomic<int> next{0};
  std::atomic<bool> stopped{false};
  int next_reported = 0;
  std::map<int, MatchGame> waiting;  // finished games whose predecessors are still being played
  auto worker = [&](int) {
    for (int g; !stopped && (g = next++) < options.games;) {
      MatchGame game = play_game(variant, first, second, options, g);
      std::lock_guard lock(mutex);
      waiting.emplace(g, std::move(game));
      // Count games in index order: the result and an early stop depend on the seed only.
      for (auto it = waiting.begin(); !stopped && it != waiting.end() && it->first == next_reported;
           it = waiting.erase(it), ++next_reported) {
        int r = it->second.first_result;
        (r > 0 ? result.wins : r < 0 ? result.losses : result.draws)++;
        if (options.on_game && options.on_game(it->second, result)) stopped = true;
      }
    }
  };
  // A game thread's exception (a player that fails) stops the others and reaches the caller.
  run_in_parallel(std::max(1, options.threads), worker, [&] { stopped = true; });
  return result;
}

}  // namespace zertz::evaluation
