// Bad input (a malformed flag, notation, position string, record, config, checkpoint or shard)
// is reported by throwing InputError, or a type derived from it, with one line that says what
// was expected and what was found; callers add file and line. Every command exits with the
// statuses below (README, "Exit status").
#pragma once

#include <stdexcept>
#include <string>

namespace zertz {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

constexpr int kExitFailure = 1;        // a runtime failure: a worker's exception, a full disk
constexpr int kExitBadInput = 2;       // bad input or usage
constexpr int kExitInterrupted = 130;  // SIGINT or SIGTERM; a training run resumes

}  // namespace zertz
