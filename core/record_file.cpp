#include "core/record_file.h"

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

}  // namespace zertz
