#include "frontends/game_filter.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <sstream>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/printable.h"
#include "core/text.h"

namespace zertz::frontends {

bool is_robot(const std::string& player) {
  static const std::array<std::string, 5> kRobots = {"dumbot", "smartbot", "weakbot", "bestbot",
                                                     "robot"};
  return std::find(kRobots.begin(), kRobots.end(), lower_case(player)) != kRobots.end();
}

std::map<std::string, double> parse_ratings(std::string_view text, const std::string& source) {
  std::map<std::string, double> ratings;
  std::istringstream lines{std::string(text)};
  std::string raw;
  for (int number = 1; std::getline(lines, raw); ++number) {
    std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#') continue;
    auto refuse = [&](const std::string& why) {
      throw InputError(source + ":" + std::to_string(number) + ": " + why);
    };
    auto malformed = [&] { refuse("expected 'name,rating', found '" + printable(line) + "'"); };
    std::size_t comma = line.rfind(',');
    if (comma == std::string_view::npos) malformed();
    std::string name(trim(line.substr(0, comma)));
    std::string_view number_text = trim(line.substr(comma + 1));
    double rating = 0;
    auto [end, error] =
        std::from_chars(number_text.data(), number_text.data() + number_text.size(), rating);
    if (name.empty() || error != std::errc() || end != number_text.data() + number_text.size() ||
        !std::isfinite(rating)) {
      malformed();
    }
    if (!ratings.emplace(name, rating).second)
      refuse("player '" + printable(name) + "' is rated twice");
  }
  return ratings;
}

std::map<std::string, double> read_ratings(const std::string& path) {
  try {
    return parse_ratings(read_file(path), path);
  } catch (const InputError&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw InputError(e.what());
  }
}

std::string skip_reason(const GameRecord& record, const GameFilter& filter) {
  int turns = static_cast<int>(record.turns.size());
  if (turns < filter.min_turns) {
    return fmt::format("{} turns, fewer than {}", turns, filter.min_turns);
  }
  for (const std::string& player : {record.player1, record.player2}) {
    if (filter.skip_robots && is_robot(player)) return "robot " + player;
    if (!filter.min_rating) continue;
    auto rated = filter.ratings.find(player);
    if (rated == filter.ratings.end())
      return "player " + (player.empty() ? "?" : player) + " unrated";
    if (rated->second < *filter.min_rating) {
      return fmt::format("player {} rated {:g}, below {:g}", player, rated->second,
                         *filter.min_rating);
    }
  }
  return "";
}

}  // namespace zertz::frontends
