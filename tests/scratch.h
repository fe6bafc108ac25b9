// Scratch files and folders for tests: under the system's temporary folder, named by the test and
// the process, so that test processes running side by side never share one.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace zertz::testing {

// TMP/zertz-NAME-PID followed by `extension`, left as it is.
inline std::filesystem::path scratch_path(const std::string& name,
                                          const std::string& extension = "") {
  return std::filesystem::temp_directory_path() /
         ("zertz-" + name + "-" + std::to_string(::getpid()) + extension);
}

// The same path with nothing at it, for a folder that the code under test makes itself.
inline std::filesystem::path cleared_scratch_path(const std::string& name) {
  std::filesystem::path path = scratch_path(name);
  std::filesystem::remove_all(path);
  return path;
}

// The same path as an empty folder.
inline std::filesystem::path fresh_scratch_dir(const std::string& name) {
  std::filesystem::path dir = cleared_scratch_path(name);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace zertz::testing
