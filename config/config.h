// Training configuration: YAML files (configs/*.yaml, yaml-cpp) checked against a schema of
// every key with its type, default and allowed values (config/config_schema.cpp).
// configs/default.yaml documents each key in a comment.
#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace zertz::config {

// A config that cannot be used: one line naming the key, the value and what is allowed.
class ConfigError : public InputError {
 public:
  using InputError::InputError;
};

enum class KeyType { kInt, kFloat, kBool, kString };

struct KeySpec {
  std::string name;  // section.key
  KeyType type;
  std::string default_value;
  double min = 0, max = 0;           // numbers: the allowed closed range
  std::vector<std::string> choices;  // strings: the allowed values (empty: any)
};

// The schema: every key the project reads, in the order of configs/default.yaml.
const std::vector<KeySpec>& config_schema();

class Config {
 public:
  // The schema's defaults.
  Config();
  // Reads a YAML file (nested sections), then applies `overrides` ("section.key=value");
  // throws ConfigError on an unknown key (naming the nearest valid one), a wrong type or an
  // out-of-range value.
  static Config load(const std::string& path, const std::vector<std::string>& overrides = {});
  // Parses YAML text; `source` names it in messages.
  static Config parse(const std::string& yaml, const std::string& source);

  void set(const std::string& key, const std::string& value, const std::string& source);
  // One `--set` line, "section.key=value".
  void apply_override(const std::string& line);

  int get_int(std::string_view key) const;
  double get_double(std::string_view key) const;
  bool get_bool(std::string_view key) const;
  const std::string& get_string(std::string_view key) const;

  // The resolved config as YAML (what a run directory keeps and what resuming reads).
  std::string to_yaml() const;

 private:
  const std::string& raw(std::string_view key) const;
  std::map<std::string, std::string, std::less<>> values_;
};

// The valid key nearest to `key` by edit distance, when one is within two edits (for "did you
// mean").
std::optional<std::string> nearest_key(std::string_view key);
// "unknown key 'K'" and the nearest key, or else the keys of K's section (or the sections).
std::string unknown_key_message(std::string_view key);

}  // namespace zertz::config
