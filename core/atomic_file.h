// Writes a file so that readers see either the old content or the whole new content: the data
// goes to a temporary file beside it, which is then renamed over the target.
#pragma once

#include <string>
#include <string_view>

namespace zertz {

// Throws std::runtime_error naming the path when the file cannot be written.
void write_file_atomically(const std::string& path, std::string_view content);

// Reads a whole file; throws std::runtime_error naming the path when it cannot.
std::string read_file(const std::string& path);

}  // namespace zertz
