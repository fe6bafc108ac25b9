#include "mcts/search_params.h"

#include <string>

#include "core/error.h"

namespace zertz::mcts {

namespace {

void require(bool ok, const char* name, const char* expected, double found) {
  if (!ok) {
    throw InputError(std::string("search parameter ") + name + ": expected " + expected +
                     ", found " + std::to_string(found));
  }
}

}  // namespace

void SearchParams::validate() const {
  require(cpuct > 0, "cpuct", "> 0", cpuct);
  require(cpuct_growth >= 0, "cpuct_growth", ">= 0", cpuct_growth);
  require(cpuct_base > 0, "cpuct_base", "> 0", cpuct_base);
  require(fpu_reduction >= 0, "fpu_reduction", ">= 0", fpu_reduction);
  require(fpu_reduction_root >= 0, "fpu_reduction_root", ">= 0", fpu_reduction_root);
  require(virtual_loss >= 0, "virtual_loss", ">= 0", virtual_loss);
  require(prior_temperature > 0, "prior_temperature", "> 0", prior_temperature);
  require(dirichlet_epsilon >= 0 && dirichlet_epsilon <= 1, "dirichlet_epsilon", "in [0, 1]",
          dirichlet_epsilon);
  require(dirichlet_total_alpha > 0, "dirichlet_total_alpha", "> 0", dirichlet_total_alpha);
  require(temperature_start >= 0, "temperature_start", ">= 0", temperature_start);
  require(temperature_end >= 0, "temperature_end", ">= 0", temperature_end);
  require(temperature_halflife_turns >= 0, "temperature_halflife_turns", ">= 0",
          temperature_halflife_turns);
  require(full_visits >= 1, "full_visits", ">= 1", full_visits);
  require(cheap_visits >= 0, "cheap_visits", ">= 0", cheap_visits);
  require(full_search_probability >= 0 && full_search_probability <= 1, "full_search_probability",
          "in [0, 1]", full_search_probability);
  require(forced_playouts_k >= 0, "forced_playouts_k", ">= 0", forced_playouts_k);
  require(leaf_rollouts >= 0, "leaf_rollouts", ">= 0", leaf_rollouts);
  require(rollout_weight >= 0 && rollout_weight <= 1, "rollout_weight", "in [0, 1]",
          rollout_weight);
  require(evaluate_after_visits >= 0, "evaluate_after_visits", ">= 0", evaluate_after_visits);
  require(fast_value_weight >= 0 && fast_value_weight <= 1, "fast_value_weight", "in [0, 1]",
          fast_value_weight);
  require(evaluate_after_visits == 0 || leaf_rollouts >= 1 || fast_value_weight == 1,
          "leaf_rollouts with evaluate_after_visits > 0",
          ">= 1 (playouts value the new leaves) unless fast_value_weight is 1", leaf_rollouts);
  require(fast_value_decay_visits >= 0, "fast_value_decay_visits", ">= 0", fast_value_decay_visits);
  require(fast_value_decay_visits == 0 || leaf_rollouts >= 1,
          "leaf_rollouts with fast_value_decay_visits > 0",
          ">= 1 (the fast value's share decays towards the playouts)", leaf_rollouts);
  require(gumbel_considered >= 1, "gumbel_considered", ">= 1", gumbel_considered);
  require(gumbel_c_visit >= 0, "gumbel_c_visit", ">= 0", gumbel_c_visit);
  require(gumbel_c_scale >= 0, "gumbel_c_scale", ">= 0", gumbel_c_scale);
  require(threads >= 1, "threads", ">= 1", threads);
  require(leaves_per_batch >= 1, "leaves_per_batch", ">= 1", leaves_per_batch);
  // Visits in flight through one node are counted in 16 bits.
  require(threads * leaves_per_batch < 65536, "threads * leaves_per_batch", "< 65536",
          threads * leaves_per_batch);
}

}  // namespace zertz::mcts
