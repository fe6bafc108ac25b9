#include "config/config.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>

#include "core/printable.h"

namespace zertz::config {

namespace {

const KeySpec* find_spec(std::string_view key) {
  for (const KeySpec& spec : config_schema()) {
    if (spec.name == key) return &spec;
  }
  return nullptr;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t next = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = row[j];
      row[j] = next;
    }
  }
  return row[b.size()];
}

// edit_distance(a, b), or limit + 1 when it exceeds `limit`: the lengths alone rule most keys
// out, so a long mistyped line costs no more than a short one.
std::size_t distance_within(std::string_view a, std::string_view b, std::size_t limit) {
  std::size_t length_gap = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
  if (length_gap > limit) return limit + 1;
  return std::min(edit_distance(a, b), limit + 1);
}

std::string number_text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

std::string allowed(const KeySpec& spec) {
  switch (spec.type) {
    case KeyType::kInt:
      return "an integer in [" + number_text(spec.min) + ", " + number_text(spec.max) + "]";
    case KeyType::kFloat:
      return "a number in [" + number_text(spec.min) + ", " + number_text(spec.max) + "]";
    case KeyType::kBool:
      return "true or false";
    case KeyType::kString: {
      if (spec.choices.empty()) return "any text";
      std::string out = "one of ";
      for (std::size_t i = 0; i < spec.choices.size(); ++i)
        out += (i ? ", " : "") + spec.choices[i];
      return out;
    }
  }
  return "";
}

// Whether `value` is allowed for `spec`.
bool valid(const KeySpec& spec, const std::string& value) {
  switch (spec.type) {
    case KeyType::kInt: {
      long long v = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      return ec == std::errc() && end == value.data() + value.size() && v >= spec.min &&
             v <= spec.max;
    }
    case KeyType::kFloat: {
      double v = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      return ec == std::errc() && end == value.data() + value.size() && std::isfinite(v) &&
             v >= spec.min && v <= spec.max;
    }
    case KeyType::kBool:
      return value == "true" || value == "false";
    case KeyType::kString:
      return spec.choices.empty() ||
             std::find(spec.choices.begin(), spec.choices.end(), value) != spec.choices.end();
  }
  return false;
}

}  // namespace

// Farther than two edits, a suggestion is a guess that misleads more than it helps.
constexpr std::size_t kMaxSuggestionDistance = 2;

std::optional<std::string> nearest_key(std::string_view key) {
  std::string_view leaf = key.substr(key.find('.') + 1);
  std::string_view section = key.substr(0, key.find('.'));
  std::string best;
  std::size_t best_distance = std::string::npos;
  for (const KeySpec& spec : config_schema()) {
    std::string_view spec_section = std::string_view(spec.name).substr(0, spec.name.find('.'));
    std::string_view spec_leaf = std::string_view(spec.name).substr(spec.name.find('.') + 1);
    // The whole key (a misspelt section or key); its last part in another section (a key in the
    // wrong section); or, within the same section, one word of a key ("vists" is nearest to
    // full_visits' "visits").
    std::size_t d = std::min(distance_within(key, spec.name, kMaxSuggestionDistance),
                             distance_within(leaf, spec_leaf, kMaxSuggestionDistance - 1) + 1);
    for (std::size_t start = 0; section == spec_section && start < spec_leaf.size();) {
      std::size_t end = std::min(spec_leaf.find('_', start), spec_leaf.size());
      std::string_view word = spec_leaf.substr(start, end - start);
      d = std::min(d, distance_within(leaf, word, kMaxSuggestionDistance - 1) + 1);
      start = end + 1;
    }
    if (d < best_distance) {
      best_distance = d;
      best = spec.name;
    }
  }
  if (best_distance > kMaxSuggestionDistance) return std::nullopt;
  return best;
}

std::string unknown_key_message(std::string_view key) {
  std::string text = "unknown key '" + std::string(key) + "'";
  if (auto nearest = nearest_key(key)) return text + " (did you mean '" + *nearest + "'?)";
  std::string_view section = key.substr(0, key.find('.'));
  std::vector<std::string> sections, keys;
  for (const KeySpec& spec : config_schema()) {
    std::string spec_section = spec.name.substr(0, spec.name.find('.'));
    if (std::find(sections.begin(), sections.end(), spec_section) == sections.end())
      sections.push_back(spec_section);
    if (spec_section == section) keys.push_back(spec.name.substr(spec.name.find('.') + 1));
  }
  auto joined = [](const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
    return out;
  };
  if (keys.empty()) {
    constexpr std::size_t kMaxSectionDistance = 3;
    std::string hint;
    std::size_t nearest = kMaxSectionDistance + 1;
    for (const std::string& name : sections) {
      std::size_t d = distance_within(section, name, kMaxSectionDistance);
      if (d < nearest) {
        nearest = d;
        hint = "did you mean '" + name + "'? ";
      }
    }
    return text + " (" + hint + "the sections are " + joined(sections) + ")";
  }
  return text + " (the keys of " + std::string(section) + " are " + joined(keys) + ")";
}

Config::Config() {
  for (const KeySpec& spec : config_schema()) values_[spec.name] = spec.default_value;
}

void Config::set(const std::string& key, const std::string& value, const std::string& source) {
  const KeySpec* spec = find_spec(key);
  if (!spec) {
    throw ConfigError(source + ": " + unknown_key_message(key));
  }
  if (!valid(*spec, value)) {
    throw ConfigError(source + ": " + key + ": '" + value + "' is not allowed; expected " +
                      allowed(*spec));
  }
  values_[key] = value;
}

Config Config::parse(const std::string& yaml, const std::string& source) {
  Config config;
  YAML::Node root;
  try {
    root = YAML::Load(yaml);
  } catch (const YAML::Exception& e) {
    throw ConfigError(source + ":" + std::to_string(e.mark.line + 1) +
                      ": not valid YAML: " + printable(e.msg));
  }
  if (root.IsNull()) return config;
  if (!root.IsMap())
    throw ConfigError(source + ": expected sections (a YAML map) at the top level");
  for (const auto& section : root) {
    // A key that is itself a list or map would make yaml-cpp throw from as<std::string>() (the
    // config fuzzer's crash): refused here with its line.
    if (!section.first.IsScalar())
      throw ConfigError(source + ":" + std::to_string(section.first.Mark().line + 1) +
                        ": a section name must be a plain word");
    std::string name = section.first.as<std::string>();
    if (!section.second.IsMap()) {
      throw ConfigError(source + ":" + std::to_string(section.first.Mark().line + 1) + ": '" +
                        name + "' should be a section of keys, each 'key: value'");
    }
    for (const auto& entry : section.second) {
      if (!entry.first.IsScalar())
        throw ConfigError(source + ":" + std::to_string(entry.first.Mark().line + 1) +
                          ": a key must be a plain word");
      std::string key = name + "." + entry.first.as<std::string>();
      std::string where = source + ":" + std::to_string(entry.first.Mark().line + 1);
      if (!entry.second.IsScalar())
        throw ConfigError(where + ": " + key + ": expected a single value");
      config.set(key, entry.second.Scalar(), where);
    }
  }
  return config;
}

Config Config::load(const std::string& path, const std::vector<std::string>& overrides) {
  std::ifstream in(path);
  if (!in) throw ConfigError("cannot read config " + path);
  std::stringstream text;
  text << in.rdbuf();
  Config config = parse(text.str(), path);
  for (const std::string& o : overrides) config.apply_override(o);
  return config;
}

void Config::apply_override(const std::string& line) {
  std::size_t eq = line.find('=');
  if (eq == std::string::npos) throw ConfigError("--set " + line + ": expected section.key=value");
  set(line.substr(0, eq), line.substr(eq + 1), "--set " + line);
}

const std::string& Config::raw(std::string_view key) const {
  auto it = values_.find(key);
  if (it == values_.end())
    throw std::logic_error("config key not in the schema: " + std::string(key));
  return it->second;
}

int Config::get_int(std::string_view key) const {
  return std::stoi(raw(key));
}
double Config::get_double(std::string_view key) const {
  return std::stod(raw(key));
}
bool Config::get_bool(std::string_view key) const {
  return raw(key) == "true";
}
const std::string& Config::get_string(std::string_view key) const {
  return raw(key);
}

std::string Config::to_yaml() const {
  // yaml-cpp's emitter: it quotes what needs quoting, so a value reads back as it was.
  YAML::Emitter out;
  out << YAML::Comment("the resolved config of this run (zertz-zero)") << YAML::BeginMap;
  std::string section;
  for (const KeySpec& spec : config_schema()) {
    std::string name = spec.name.substr(0, spec.name.find('.'));
    if (name != section) {
      if (!section.empty()) out << YAML::EndMap;
      out << YAML::Key << name << YAML::Value << YAML::BeginMap;
      section = name;
    }
    out << YAML::Key << spec.name.substr(name.size() + 1) << YAML::Value << values_.at(spec.name);
  }
  out << YAML::EndMap << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace zertz::config
