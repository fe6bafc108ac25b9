// `name=value` assignments to a network player's search parameters, for the lab
// (`zertz arena --search cpuct=3 --search prior_temperature=1.5`): one search setting changed at
// a time without a new build or a new checkpoint.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mcts/search_params.h"

namespace zertz::mcts {

// The names apply_search_override accepts, comma-separated, for help texts and errors.
std::string search_override_names();

// Sets one parameter from "name=value" and validates the result; throws InputError naming the
// assignment when the name is unknown, the value is not a number or it is out of range.
void apply_search_override(SearchParams& params, std::string_view assignment);

void apply_search_overrides(SearchParams& params, const std::vector<std::string>& assignments);

// What a network keeps of the search it was trained with wherever it plays (a checkpoint's
// config, an export's model.json): how its leaves are valued (playouts, their weight, when the
// evaluator is asked) and how its priors and values are read (prior temperature, exploration,
// first-play urgency). Copies those from `trained` into `play`; noise, move temperature and
// visits stay `play`'s.
void keep_trained_search(SearchParams& play, const SearchParams& trained);

// Whether `name` is one of those kept settings (what play.search may set), and their names,
// comma-separated.
bool is_player_setting(std::string_view name);
std::string player_setting_names();

}  // namespace zertz::mcts
