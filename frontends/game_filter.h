// Which games a review over many records skips (`zertz review --min-turns --skip-robots
// --min-rating`, docs/review.md): short games, games with a robot on either side, and games
// with a player rated below a bound. Game records carry no ratings (boardspace's archive
// records none), so ratings come from a file of `name,rating` lines.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/record.h"

namespace zertz::frontends {

// boardspace.net's robots (Dumbot, SmartBot, WeakBot, BestBot) and "Robot", by name without
// regard to case.
bool is_robot(const std::string& player);

// A ratings file: one `name,rating` per line (a finite number; the name may hold commas, the
// last one separates); blank lines and lines starting with '#' are skipped. Throws InputError
// "SOURCE:LINE: ..." on a malformed line or a name given twice; read_ratings also when the
// file cannot be read.
std::map<std::string, double> parse_ratings(std::string_view text, const std::string& source);
std::map<std::string, double> read_ratings(const std::string& path);

struct GameFilter {
  int min_turns = 0;
  bool skip_robots = false;
  std::optional<double> min_rating;  // with `ratings`; an unrated player counts as below it
  std::map<std::string, double> ratings;
};

// Why `record` is skipped ("3 turns, fewer than 10", "robot Dumbot", "player bob unrated"),
// or "" when it is kept.
std::string skip_reason(const GameRecord& record, const GameFilter& filter);

}  // namespace zertz::frontends
