// The engine protocol of `zertz engine` (docs/engine-protocol.md): one command per line in,
// in the style of GTP. An answer starts with `=` (success) or `?` (error, one line naming
// what was wrong), the optional numeric id of the command right after it, then a space and
// the answer's text, and ends with a blank line. An error leaves the engine's state as it was.
#pragma once

#include <functional>
#include <istream>
#include <map>
#include <ostream>
#include <string>
#include <string_view>

#include "frontends/game_session.h"
#include "frontends/search_driver.h"

namespace zertz::frontends {

constexpr const char* kEngineName = "zertz-zero";
constexpr const char* kEngineVersion = "0.1";
constexpr int kProtocolVersion = 1;

class Engine {
 public:
  // Throws as SearchDriver does when the model cannot be loaded.
  Engine(const DriverOptions& options, const Variant& variant);

  // The whole answer to one line, blank line included; empty for a blank or `#` comment line.
  std::string answer(std::string_view line);
  // Whether `quit` was answered.
  bool finished() const { return finished_; }
  // Answers lines from `in` until `quit` or the end of the input, flushing after each answer.
  // A line longer than kMaxLineBytes is read to its end but not kept, and refused, so that
  // memory stays bounded whatever arrives.
  void run(std::istream& in, std::ostream& out);
  static constexpr std::size_t kMaxLineBytes = 65536;

 private:
  using Handler = std::function<std::string(std::string_view args)>;

  std::string newgame(std::string_view args);
  std::string position(std::string_view args);
  std::string play(std::string_view args);
  std::string genmove(std::string_view args);
  std::string analyze(std::string_view args);
  std::string undo();
  std::string list_commands() const;

  SearchDriver driver_;
  GameSession session_;
  std::map<std::string, Handler, std::less<>> commands_;
  bool finished_ = false;
};

}  // namespace zertz::frontends
