// `zertz review GAME...`: every turn of each record searched and judged (docs/review.md). Per
// game a JSON review and an HTML report under --out, and the biggest mistakes of each side on
// the terminal; or, with --summary, one line of figures per game in OUT/summary.jsonl (a killed
// run resumes after the games already there) and a table of the engine's agreement with the
// turns played and of its winner forecasts.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include "cli/commands.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/record_file.h"
#include "evaluation/player_factory.h"
#include "frontends/game_filter.h"
#include "frontends/game_review.h"
#include "frontends/review_html.h"
#include "frontends/review_summary.h"
#include "frontends/search_driver.h"

namespace zertz::cli {

namespace fs = std::filesystem;

struct ReviewCommandOptions {
  std::vector<std::string> games;
  std::string model = "rollout:200";
  std::string out = "reviews";
  bool summary = false;
  std::string ratings_file;
  frontends::GameFilter filter;
  frontends::ReviewOptions review;
};

namespace {

using Clock = std::chrono::steady_clock;

// A model's evaluator and search for one variant, loaded once per variant.
class Reviewers {
 public:
  explicit Reviewers(std::string model) : model_(std::move(model)) {}
  evaluation::PlayerFactory& factory(const std::string& variant_name) {
    auto it = factories_.find(variant_name);
    if (it != factories_.end()) return *it->second;
    const Variant* variant = Variant::find(variant_name);
    if (variant == nullptr) throw InputError("unknown variant '" + variant_name + "'");
    evaluation::PlayerSpec spec;
    spec.name = model_;
    auto made = std::make_unique<evaluation::PlayerFactory>(spec, *variant);
    return *factories_.emplace(variant_name, std::move(made)).first->second;
  }

 private:
  std::string model_;
  std::map<std::string, std::unique_ptr<evaluation::PlayerFactory>> factories_;
};

// The summary file's games so far: their figures, summed, and their sources. A torn last line
// (a run killed while appending) is dropped and the file rewritten without it.
struct SummaryFile {
  std::string path;
  frontends::ReviewSummary total;
  std::set<std::string> sources;

  explicit SummaryFile(std::string file) : path(std::move(file)) {
    if (!fs::exists(path)) return;
    std::ifstream in(path);
    std::string line, kept;
    bool torn = false;
    for (int number = 1; std::getline(in, line); ++number) {
      nlohmann::json parsed = nlohmann::json::parse(line, nullptr, false);
      if (parsed.is_discarded() && in.peek() == EOF) {
        torn = true;
        break;
      }
      try {
        total += frontends::summary_from_line(parsed);
        sources.insert(parsed.at("source").get<std::string>());
      } catch (const std::exception& e) {
        throw InputError(path + ":" + std::to_string(number) + ": not a summary line (" + e.what() +
                         ")");
      }
      kept += line + "\n";
    }
    if (torn) write_file_atomically(path, kept);
  }
};

// Progress on stderr: at most a line a second, and one per game with an ETA.
class ReviewProgress {
 public:
  ReviewProgress(const std::vector<fs::path>& files) : files_(files) {}
  void position_done(std::size_t game, int done, int total) {
    if (done < total && Clock::now() < last_shown_ + std::chrono::seconds(1)) return;
    last_shown_ = Clock::now();
    std::cerr << "[" << game + 1 << "/" << files_.size() << "] " << files_[game].filename().string()
              << ": positions " << done << "/" << total << "\n";
  }
  void game_done(std::size_t game) {
    ++finished_;
    double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
    double eta =
        seconds / static_cast<double>(finished_) * static_cast<double>(files_.size() - finished_);
    std::cerr << "[" << game + 1 << "/" << files_.size() << "] done, " << finished_ << " games in "
              << static_cast<int>(seconds) << " s, ETA " << static_cast<int>(eta) << " s\n";
  }

 private:
  const std::vector<fs::path>& files_;
  std::size_t finished_ = 0;
  Clock::time_point started_ = Clock::now(), last_shown_ = started_;
};

void write_game_review(const ReviewCommandOptions& options, const fs::path& file,
                       const GameRecord& record, const frontends::GameReview& review) {
  const std::string stem = (fs::path(options.out) / file.stem()).string();
  write_file_atomically(stem + ".review.json", frontends::review_json(review, file.string()));
  write_file_atomically(
      stem + ".review.html",
      frontends::review_html(record, review, "Review of " + file.filename().string()));
  std::cout << file.string() << ": " << review.turns.size() << " turns, result " << review.result
            << ", review " << stem << ".review.json and .html\n";
  for (const std::string& line : frontends::review_summary(review)) {
    std::cout << "  " << line << "\n";
  }
}

}  // namespace

int run_review(ReviewCommandOptions options) {
  if (options.filter.min_rating && options.ratings_file.empty()) {
    throw InputError("--min-rating needs --ratings FILE (game records carry no ratings)");
  }
  if (!options.ratings_file.empty())
    options.filter.ratings = frontends::read_ratings(options.ratings_file);
  std::vector<fs::path> files = record_files(options.games);
  Reviewers reviewers(options.model);
  fs::create_directories(options.out);
  std::unique_ptr<SummaryFile> summary;
  if (options.summary) {
    summary = std::make_unique<SummaryFile>((fs::path(options.out) / "summary.jsonl").string());
    if (!summary->sources.empty()) {
      std::cerr << "resuming: " << summary->sources.size() << " games already in " << summary->path
                << "\n";
    }
  }
  // Every game is read and filtered first; those kept are then reviewed side by side.
  std::vector<fs::path> kept;
  std::vector<GameRecord> records;
  std::vector<evaluation::PlayerFactory*> factories;
  int refused = 0, skipped = 0, reviewed = 0;
  for (const fs::path& file : files) {
    if (summary && summary->sources.count(file.string())) continue;
    RecordFile loaded = load_record_file(file.string());
    if (!loaded.ok) {
      std::cout << file.string() << ": refused: " << loaded.reason << "\n";
      ++refused;
    } else if (std::string why = frontends::skip_reason(loaded.record, options.filter);
               !why.empty()) {
      if (!summary) std::cout << file.string() << ": skipped: " << why << "\n";
      ++skipped;
    } else {
      try {
        factories.push_back(&reviewers.factory(loaded.record.variant));
      } catch (const InputError& e) {  // an unknown variant, or a network of another one
        std::cout << file.string() << ": refused: " << e.what() << "\n";
        ++refused;
        continue;
      }
      kept.push_back(file);
      records.push_back(std::move(loaded.record));
    }
  }
  std::vector<frontends::ReviewJob> jobs;
  for (std::size_t i = 0; i < records.size(); ++i) {
    jobs.push_back(
        {&records[i], &factories[i]->analysis_evaluator(), factories[i]->analysis_search_params()});
  }
  ReviewProgress progress(kept);
  frontends::review_games(
      jobs, options.review,
      [&](std::size_t game, const frontends::GameReview* review, const std::string& refusal) {
        if (review == nullptr) {
          std::cout << kept[game].string() << ": refused: " << refusal << "\n";
          ++refused;
          return;
        }
        ++reviewed;
        progress.game_done(game);
        if (summary) {
          int rings = Variant::find(records[game].variant)->board->num_cells();
          frontends::ReviewSummary figures = frontends::summarize_review(*review, rings);
          append_to_file(
              summary->path,
              frontends::summary_line(figures, kept[game].string(), records[game]).dump() + "\n");
          summary->total += figures;
        } else {
          write_game_review(options, kept[game], records[game], *review);
        }
      },
      [&](std::size_t game, int done, int total) { progress.position_done(game, done, total); });
  std::cout << files.size() << " games: " << reviewed << " reviewed, " << skipped << " skipped, "
            << refused << " refused\n";
  if (summary) {
    std::string table = frontends::summary_table(summary->total);
    write_file_atomically((fs::path(options.out) / "summary.md").string(), table);
    std::cout << "\n" << table;
  }
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
  cmd->add_option("--out", options->out, "Folder for the reviews or the summary (default reviews)");
  cmd->add_option("--seed", options->review.seed, "Random seed");
  cmd->add_flag("--summary", options->summary,
                "Agreement with the turns played and winner forecasts over all the games: "
                "OUT/summary.jsonl (a line per game; resumes) and a table");
  cmd->add_option("--min-turns", options->filter.min_turns, "Skip games of fewer turns")
      ->check(CLI::Range(0, 100000));
  cmd->add_flag("--skip-robots", options->filter.skip_robots,
                "Skip games against boardspace's robots (Dumbot, SmartBot, WeakBot, BestBot)");
  cmd->add_option("--min-rating", options->filter.min_rating,
                  "Skip games with a player rated below this (or unrated); needs --ratings");
  cmd->add_option("--ratings", options->ratings_file, "A file of 'name,rating' lines");
  commands.push_back({cmd, [options] { return run_review(*options); }});
}

}  // namespace zertz::cli
