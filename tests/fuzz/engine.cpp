// Fuzz target: the engine protocol (frontends/engine.h, docs/engine-protocol.md) as a program
// drives it, lines on a stream until `quit` or the end, with the `random` model and its
// rollout analysis. The output must read as a program reads it: answers that each start with
// `=` or `?`, end with a blank line and hold no blank line inside, an error being one line; and
// as many answers as lines that are not blank or comments (up to `quit`). Lines that ask for
// more than 64 visits or 20 ms are left out, so that each execution stays short.
#include "frontends/engine.h"

#include <charconv>
#include <sstream>
#include <string>
#include <vector>

#include "core/text.h"
#include "tests/fuzz/fuzz_check.h"

using namespace zertz;

namespace {

bool asks_too_much(std::string_view line) {
  std::vector<std::string_view> words = split_words(line);
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    if (words[i] != "visits" && words[i] != "time") continue;
    long long n = 0;
    std::from_chars(words[i + 1].data(), words[i + 1].data() + words[i + 1].size(), n);
    if (n > (words[i] == "visits" ? 64 : 20)) return true;
  }
  return false;
}

// Whether the engine answers the line (not blank, not a comment), as Engine::answer decides.
bool is_command(std::string_view line) {
  line = trim(line);
  return !line.empty() && line.front() != '#';
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  std::string input;
  int commands = 0;
  bool quit = false;
  std::string_view text = fuzz::as_text(data, size);
  for (std::size_t start = 0; start <= text.size() && !quit;) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (asks_too_much(line)) continue;
    input.append(line).push_back('\n');
    if (!is_command(line)) continue;
    ++commands;
    std::vector<std::string_view> words = split_words(trim(line));
    // `quit` (after an optional id) ends the session; the rest of the input is not read.
    quit = (words.size() == 1 && words[0] == "quit") ||
           (words.size() == 2 && words[1] == "quit" &&
            words[0].find_first_not_of("0123456789") == std::string_view::npos);
  }
  frontends::DriverOptions options{"random", 8, 1, 1};
  frontends::Engine engine(options, Variant::basic());
  std::istringstream in(input);
  std::ostringstream out;
  engine.run(in, out);

  const std::string answers = out.str();
  int answered = 0;
  for (std::size_t start = 0; start < answers.size(); ++answered) {
    std::size_t end = answers.find("\n\n", start);
    fuzz::require(end != std::string::npos, "every answer ends with a blank line",
                  answers.substr(start));
    std::string_view answer(answers.data() + start, end - start);
    fuzz::require(!answer.empty() && (answer[0] == '=' || answer[0] == '?'),
                  "an answer starts with = or ?", answer);
    if (answer[0] == '?') {
      fuzz::require(answer.find('\n') == std::string_view::npos, "an error is one line", answer);
    }
    start = end + 2;
  }
  fuzz::require(answered == commands, "one answer per command", answers);
  return 0;
}
