#include "core/record_file.h"

#include <algorithm>
#include <filesystem>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/sgf.h"

namespace zertz {

RecordFile load_record_file(const std::string& path) {
  std::string text = read_file(path);
  RecordFile loaded;
  if (std::filesystem::path(path).extension() == ".sgf") {
    SgfImport imported = import_sgf(text);
    loaded = {imported.ok, std::move(imported.record), std::move(imported.reason), imported.step,
              /*sgf=*/true};
    return loaded;
  }
  try {
    loaded.record = parse_record(text, path);
    loaded.ok = true;
  } catch (const InputError& e) {
    loaded.reason = e.what();
  }
  return loaded;
}

std::vector<std::filesystem::path> record_files(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (const auto& entry : fs::recursive_directory_iterator(p)) {
        if (entry.is_regular_file()) files.push_back(entry.path());
      }
    } else if (fs::is_regular_file(p, ec)) {
      files.push_back(p);
    } else {
      throw InputError(p + ": no such file or folder");
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace zertz
