// Durable file writes. Readers see either the old content or the whole new content, and once a
// call returns the content survives a crash of the machine (docs/formats.md, durability):
// - write_file_atomically writes a temporary file beside the target, syncs it to the disk,
//   renames it over the target and syncs the folder, so the rename itself is on the disk;
// - append_to_file adds to the end of a file and syncs it; when the write fails (a full disk,
//   a size limit) the file is cut back to its old length, so no torn tail is left behind.
// Failures throw std::runtime_error naming the file and the reason, and leave the old content.
#pragma once

#include <string>
#include <string_view>

namespace zertz {

void write_file_atomically(const std::string& path, std::string_view content);
void append_to_file(const std::string& path, std::string_view content);

// Reads a whole file; throws std::runtime_error naming the path when it cannot.
std::string read_file(const std::string& path);

}  // namespace zertz
