// Bad input (notation, position strings, records, SGF) is reported by throwing InputError
// with one line that says what was expected and what was found; callers add file and line.
#pragma once

#include <stdexcept>
#include <string>

namespace zertz {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace zertz
