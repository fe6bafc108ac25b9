#include "mcts/search_overrides.h"

#include <charconv>
#include <string>
#include <variant>

#include "core/error.h"

namespace zertz::mcts {

namespace {

struct Field {
  const char* name;
  std::variant<float SearchParams::*, int SearchParams::*, bool SearchParams::*> member;
  // Carried from the search a network was trained with to its players (keep_trained_search).
  bool kept_by_players;
};

// The parameters that change how a trained network plays; self-play's own options (noise,
// temperature, playout caps) are the training config's.
constexpr Field kFields[] = {
    {"cpuct", &SearchParams::cpuct, true},
    {"fpu_reduction", &SearchParams::fpu_reduction, true},
    {"fpu_reduction_root", &SearchParams::fpu_reduction_root, true},
    {"prior_temperature", &SearchParams::prior_temperature, true},
    {"leaf_rollouts", &SearchParams::leaf_rollouts, true},
    {"rollout_weight", &SearchParams::rollout_weight, true},
    {"evaluate_after_visits", &SearchParams::evaluate_after_visits, true},
    {"fast_value_weight", &SearchParams::fast_value_weight, true},
    {"fast_value_decay_visits", &SearchParams::fast_value_decay_visits, true},
    {"leaves_per_batch", &SearchParams::leaves_per_batch, false},
    {"gumbel_root", &SearchParams::gumbel_root, false},
    {"gumbel_considered", &SearchParams::gumbel_considered, false},
};

double parse_number(std::string_view text, std::string_view assignment) {
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    throw InputError("search setting '" + std::string(assignment) + "': '" + std::string(text) +
                     "' is not a number");
  }
  return value;
}

}  // namespace

namespace {

// The settings' names, comma-separated: all of them, or only those players keep.
std::string joined_names(bool players_only) {
  std::string names;
  for (const Field& field : kFields) {
    if (!players_only || field.kept_by_players)
      names += (names.empty() ? "" : ", ") + std::string(field.name);
  }
  return names;
}

}  // namespace

std::string search_override_names() {
  return joined_names(false);
}

std::string player_setting_names() {
  return joined_names(true);
}

bool is_player_setting(std::string_view name) {
  for (const Field& field : kFields) {
    if (field.kept_by_players && name == field.name) return true;
  }
  return false;
}

void keep_trained_search(SearchParams& play, const SearchParams& trained) {
  for (const Field& field : kFields) {
    if (field.kept_by_players)
      std::visit([&](auto member) { play.*member = trained.*member; }, field.member);
  }
}

namespace {

// Sets the parameter without validating the whole.
void assign(SearchParams& params, std::string_view assignment) {
  std::size_t equals = assignment.find('=');
  if (equals == std::string_view::npos) {
    throw InputError("search setting '" + std::string(assignment) + "': expected name=value");
  }
  std::string_view name = assignment.substr(0, equals);
  double value = parse_number(assignment.substr(equals + 1), assignment);
  for (const Field& field : kFields) {
    if (name != field.name) continue;
    std::visit(
        [&](auto member) {
          using Type = std::remove_reference_t<decltype(params.*member)>;
          if constexpr (std::is_same_v<Type, float>) {
            params.*member = static_cast<float>(value);
          } else {
            if (value != static_cast<double>(static_cast<int>(value)) ||
                (std::is_same_v<Type, bool> && value != 0 && value != 1)) {
              throw InputError("search setting '" + std::string(assignment) + "': expected " +
                               (std::is_same_v<Type, bool> ? "0 or 1" : "a whole number"));
            }
            params.*member = static_cast<Type>(value);
          }
        },
        field.member);
    return;
  }
  throw InputError("search setting '" + std::string(assignment) +
                   "': unknown name; expected one of " + search_override_names());
}

}  // namespace

void apply_search_override(SearchParams& params, std::string_view assignment) {
  apply_search_overrides(params, {std::string(assignment)});
}

void apply_search_overrides(SearchParams& params, const std::vector<std::string>& assignments) {
  SearchParams changed = params;  // params stay as they were if a setting is refused
  std::string named;
  for (const std::string& assignment : assignments) {
    assign(changed, assignment);
    named += (named.empty() ? "'" : ", '") + assignment + "'";
  }
  // After all of them: a parameter's range may depend on another one's value.
  try {
    changed.validate();
  } catch (const InputError& error) {
    throw InputError((assignments.size() == 1 ? "search setting " : "search settings ") + named +
                     ": " + error.what());
  }
  params = changed;
}

}  // namespace zertz::mcts
