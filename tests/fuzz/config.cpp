// Fuzz target: configs (config/config.h). The input is a YAML config; each of its lines is
// also tried as a `--set` line. A config that parses prints (to_yaml) to YAML that parses to
// the same config, and its search for players (play.search) is made or refused; an override
// that is accepted reads back; every refusal is one line.
#include "config/config.h"

#include <sstream>
#include <string>

#include "config/search_settings.h"
#include "tests/fuzz/fuzz_check.h"

using namespace zertz;
using namespace zertz::config;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  std::string text(fuzz::as_text(data, size));
  try {
    Config config = Config::parse(text, "fuzz.yaml");
    std::string printed = config.to_yaml();
    fuzz::require(Config::parse(printed, "printed.yaml").to_yaml() == printed,
                  "a printed config reads back the same", printed);
    play_search(config);  // play.search over the selfplay section: a search, or one line
  } catch (const ConfigError& e) {
    fuzz::require_one_line(e);
  }
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    Config config;
    try {
      config.apply_override(line);
    } catch (const ConfigError& e) {
      fuzz::require_one_line(e);
      continue;
    }
    std::size_t eq = line.find('=');
    fuzz::require(config.get_string(line.substr(0, eq)) == line.substr(eq + 1),
                  "an accepted override reads back", line);
  }
  return 0;
}
