// `zertz heldout make`: plays and labels a held-out set; `zertz heldout eval`: scores a
// network's raw value and policy on it (evaluation/heldout.h).
#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "core/error.h"
#include "evaluation/heldout.h"
#include "evaluation/player_factory.h"

namespace zertz::cli {

struct HeldoutMakeCliOptions {
  std::string variant = "basic";
  int games = 100;
  int play_visits = 400;
  int search_visits = 5000;
  int positions_per_game = 5;
  int threads = 2;
  std::uint64_t seed = 20261202;
  std::string out;
};

struct HeldoutEvalOptions {
  std::string network;  // a checkpoint or an exported model
  std::string set;      // the held-out set (JSONL)
  bool json = false;    // one JSON line of figures instead of the text report
};

int run_heldout_make(const HeldoutMakeCliOptions& options) {
  if (options.out.empty()) throw InputError("heldout make: give --out FILE.jsonl");
  const Variant* variant = Variant::find(options.variant);
  if (!variant) throw InputError("heldout make: unknown variant '" + options.variant + "'");
  evaluation::HeldoutMakeOptions make;
  make.variant = variant;
  make.games = options.games;
  make.play_visits = options.play_visits;
  make.search_visits = options.search_visits;
  make.positions_per_game = options.positions_per_game;
  make.threads = options.threads;
  make.seed = options.seed;
  auto start = std::chrono::steady_clock::now(), last = start;
  make.on_progress = [&](int games, int positions) {
    auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::seconds(10) && games < options.games) return;
    last = now;
    double seconds = std::chrono::duration<double>(now - start).count();
    std::fprintf(stderr, "  %d/%d games, %d positions, %.0f s, about %.0f s left\n", games,
                 options.games, positions, seconds, seconds / games * (options.games - games));
  };
  std::vector<evaluation::HeldoutPosition> set = evaluation::make_heldout(make);
  evaluation::write_heldout(options.out, set);
  std::printf("heldout: %zu positions from %d %s games written to %s\n", set.size(), options.games,
              variant->name.c_str(), options.out.c_str());
  return 0;
}

int run_heldout_eval(const HeldoutEvalOptions& options) {
  std::vector<evaluation::HeldoutPosition> set = evaluation::read_heldout(options.set);
  if (set.empty()) throw InputError(options.set + ": the held-out set is empty");
  evaluation::PlayerSpec spec;
  spec.name = options.network;
  evaluation::PlayerFactory factory(spec, set.front().state.variant());
  if (!factory.evaluator()) {
    throw InputError("heldout eval: '" + options.network + "' is not a network");
  }
  evaluation::HeldoutScore s = evaluation::score_heldout(set, *factory.evaluator());
  const auto& temperatures = evaluation::HeldoutScore::kTemperatures;
  const char* bins[] = {"1_2", "3_6", "7_14", "15_plus"};
  if (options.json) {
    nlohmann::json line = {
        {"positions", s.positions}, {"value_mse", s.value_mse}, {"value_sign", s.value_sign}};
    for (std::size_t b = 0; b < s.value_sign_by_turns_left.size(); ++b) {
      double v = s.value_sign_by_turns_left[b];
      line[std::string("value_sign_") + bins[b]] =
          std::isnan(v) ? nlohmann::json() : nlohmann::json(v);
    }
    line["policy_xent"] = s.policy.cross_entropy;
    line["policy_top1"] = s.policy.top1;
    line["uniform_xent"] = s.uniform.cross_entropy;
    line["uniform_top1"] = s.uniform.top1;
    for (std::size_t t = 0; t < s.tempered.size(); ++t) {
      line[fmt::format("policy_xent_t{:g}", temperatures[t])] = s.tempered[t].cross_entropy;
    }
    std::printf("%s\n", line.dump().c_str());
    return 0;
  }
  std::printf("heldout: %s on %s, %d positions\n", options.network.c_str(), options.set.c_str(),
              s.positions);
  std::printf("value: mse %.3f against results; names the winner in %.1f%% of decided games",
              s.value_mse, 100 * s.value_sign);
  std::printf(" (turns left 1-2 / 3-6 / 7-14 / 15+:");
  for (double v : s.value_sign_by_turns_left) std::printf(" %.1f%%", 100 * v);
  std::printf(")\n");
  std::printf(
      "policy: cross-entropy %.3f nats against the deep search (uniform %.3f); "
      "top action %.1f%% (uniform %.1f%%)\n",
      s.policy.cross_entropy, s.uniform.cross_entropy, 100 * s.policy.top1, 100 * s.uniform.top1);
  std::printf("policy at prior temperature");
  for (std::size_t t = 0; t < s.tempered.size(); ++t) {
    std::printf(" %g: %.3f", temperatures[t], s.tempered[t].cross_entropy);
  }
  std::printf("\n");
  return 0;
}

void add_heldout_make_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<HeldoutMakeCliOptions>();
  auto* cmd =
      parent.add_subcommand("make", "Play rollout games and label positions by a deep search");
  cmd->add_option("--out", options->out, "The set's file (JSONL)")->required();
  cmd->add_option("--variant", options->variant, "Rule variant")
      ->check(CLI::IsMember(variant_names()));
  cmd->add_option("--games", options->games, "Games to draw positions from")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--play-visits", options->play_visits, "Playouts per decision of the players")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--search-visits", options->search_visits,
                  "Playouts per decision of the labelling search")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--positions-per-game", options->positions_per_game,
                  "Decisions drawn from each game")
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--threads", options->threads, "Games played at once")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--seed", options->seed, "Random seed");
  commands.push_back({cmd, [options] { return run_heldout_make(*options); }});
}

void add_heldout_eval_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<HeldoutEvalOptions>();
  auto* cmd = parent.add_subcommand("eval", "A network's raw value and policy on a held-out set");
  cmd->add_option("network", options->network, "A checkpoint or an exported model")->required();
  cmd->add_option("--set", options->set, "The held-out set (JSONL)")->required();
  cmd->add_flag("--json", options->json, "One JSON line of figures");
  commands.push_back({cmd, [options] { return run_heldout_eval(*options); }});
}

}  // namespace zertz::cli
