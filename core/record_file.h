// A game record read from a file, by its extension: a boardspace .sgf through the importer
// (core/sgf.h), anything else in our record format (core/record.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/record.h"

namespace zertz {

struct RecordFile {
  bool ok = false;
  GameRecord record;   // when ok
  std::string reason;  // why it was refused: the importer's reason, or parse_record's line
  int step = 0;        // the SGF node (1-based) where it was refused; 0 otherwise
  bool sgf = false;    // read as SGF
};

// Never throws for bad content (a refusal); throws std::runtime_error when the file cannot be
// read.
RecordFile load_record_file(const std::string& path);

// The files named, and every file in the folders named (recursively), sorted; throws
// InputError "PATH: no such file or folder" for a path that is neither.
std::vector<std::filesystem::path> record_files(const std::vector<std::string>& paths);

}  // namespace zertz
