// `zertz review GAME...`: every turn of each record searched and judged (docs/review.md); a
// JSON review per game under --out and the biggest mistakes of each side on the terminal.
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

#include "cli/commands.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/record_file.h"
#include "frontends/game_review.h"
#include "frontends/search_driver.h"
#include "training/player_factory.h"

namespace zertz::cli {

namespace fs = std::filesystem;

struct ReviewCommandOptions {
  std::vector<std::string> games;
  std::string model = "rollout:200";
  std::string out = "reviews";
  frontends::ReviewOptions review;
};

namespace {

// A model's evaluator and search for one variant, loaded once per variant.
class Reviewers {
 public:
  explicit Reviewers(std::string model) : model_(std::move(model)) {}
  training::PlayerFactory& factory(const std::string& variant_name) {
    auto it = factories_.find(variant_name);
    if (it != factories_.end()) return *it->second;
    const Variant* variant = Variant::find(variant_name);
    if (variant == nullptr) throw InputError("unknown variant '" + variant_name + "'");
    training::PlayerSpec spec;
    spec.name = model_;
    auto made = std::make_unique<training::PlayerFactory>(spec, *variant);
    return *factories_.emplace(variant_name, std::move(made)).first->second;
  }

 private:
  std::string model_;
  std::map<std::string, std::unique_ptr<training::PlayerFactory>> factories_;
};

}  // namespace

int run_review(const ReviewCommandOptions& options) {
  using Clock = std::chrono::steady_clock;
  std::vector<fs::path> files = record_files(options.games);
  Reviewers reviewers(options.model);
  fs::create_directories(options.out);
  const Clock::time_point started = Clock::now();
  Clock::time_point last_shown = started;
  int refused = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string file = files[i].string();
    RecordFile loaded = load_record_file(file);
    if (!loaded.ok) {
      std::cout << file << ": refused: " << loaded.reason << "\n";
      ++refused;
      continue;
    }
    frontends::GameReview review;
    try {
      training::PlayerFactory& factory = reviewers.factory(loaded.record.variant);
      review = frontends::review_game(
          loaded.record, factory.analysis_evaluator(), factory.analysis_search_params(),
          options.review, [&](int done, int total) {
            // At most one progress line a second, and the last.
            if (done < total && Clock::now() < last_shown + std::chrono::seconds(1)) return;
            last_shown = Clock::now();
            std::cerr << "[" << i + 1 << "/" << files.size() << "] " << files[i].filename().string()
                      << ": positions " << done << "/" << total << "\n";
          });
    } catch (const InputError& e) {
      std::cerr << "\n";
      std::cout << file << ": refused: " << e.what() << "\n";
      ++refused;
      continue;
    }
    const std::string json_path =
        (fs::path(options.out) / (files[i].stem().string() + ".review.json")).string();
    write_file_atomically(json_path, frontends::review_json(review, file));
    double seconds = std::chrono::duration<double>(Clock::now() - started).count();
    double eta = seconds / static_cast<double>(i + 1) * static_cast<double>(files.size() - i - 1);
    std::cerr << "[" << i + 1 << "/" << files.size() << "] done, " << static_cast<int>(seconds)
              << " s in all, ETA " << static_cast<int>(eta) << " s\n";
    std::cout << file << ": " << review.turns.size() << " turns, result " << review.result
              << ", review " << json_path << "\n";
    for (const std::string& line : frontends::review_summary(review)) {
      std::cout << "  " << line << "\n";
    }
  }
  std::cout << files.size() << " games: " << files.size() - refused << " reviewed, " << refused
            << " refused\n";
  return refused == 0 ? 0 : kExitBadInput;
}

void add_review_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<ReviewCommandOptions>();
  auto* cmd = parent.add_subcommand(
      "review", "Search every turn of game records and label the mistakes (docs/review.md)");
  cmd->add_option("games", options->games, "Records (.sgf or ours) or folders of them")->required();
  cmd->add_option("--model", options->model,
                  "rollout:N, a checkpoint or an exported model directory (default rollout:200)");
  cmd->add_option("--visits", options->review.visits, "Visits per decision of each position")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--workers", options->review.workers, "Positions searched at once")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--out", options->out, "Folder for the JSON reviews (default reviews)");
  cmd->add_option("--seed", options->review.seed, "Random seed");
  commands.push_back({cmd, [options] { return run_review(*options); }});
}

}  // namespace zertz::cli
