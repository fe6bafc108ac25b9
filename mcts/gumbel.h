// Gumbel root search (Danihelka et al., "Policy improvement by planning with Gumbel", ICLR 2022):
// the maths that does not touch the tree. The root samples m actions without replacement by
// Gumbel-top-k on the logits, shares its visits among them by sequential halving, plays the
// survivor with the best g + logit + sigma(q), and teaches softmax(logit + sigma(completed q)).
// With few visits against many legal actions (a Zèrtz placement offers up to 111) this target
// still improves on the prior, where a visit count cannot.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/random.h"

namespace zertz::mcts {

// The visit count that the k-th simulation from the root gives to a considered action, for
// `considered` actions and `simulations` simulations (sequential halving as in DeepMind's mctx):
// each phase visits every remaining action equally, then keeps the better half, over
// ceil(log2(considered)) phases. The k-th simulation goes to the best-scoring action that has
// exactly sequence[k] visits.
std::vector<std::uint32_t> considered_visit_sequence(int considered, int simulations);

// A standard Gumbel(0, 1) sample.
float sample_gumbel(Rng& rng);

// sigma(q) = (c_visit + max_visits) * c_scale * q, for q normalised to [0, 1]: the weight that
// a value carries against the logits grows with the search's depth of evidence.
float gumbel_sigma(float normalised_q, std::uint32_t max_visits, float c_visit, float c_scale);

// log prior + sigma(q) for a value in [-1, 1] from the root mover's side: the improved policy's
// logit, and with Gumbel noise added the halving's ranking score.
float improved_logit(float prior, float value, std::uint32_t max_visits, float c_visit,
                     float c_scale);

// The value standing in for an unvisited action (mctx's mixed value): the root's own value
// mixed with the prior-weighted mean of the visited actions' values, weighted by their visits.
// All values are from the root mover's side, in [-1, 1].
float mixed_value(float raw_value, std::span<const float> priors, std::span<const float> values,
                  std::span<const std::uint32_t> visits);

// The improved policy softmax(log prior + sigma(completed q)) over the actions; `values` holds
// the visited actions' values (mover's side, [-1, 1]); unvisited ones take `unvisited_value`.
// Actions with `excluded` set (proven losses) get 0.
std::vector<float> completed_q_policy(std::span<const float> priors, std::span<const float> values,
                                      std::span<const std::uint32_t> visits,
                                      std::span<const bool> excluded, float unvisited_value,
                                      float c_visit, float c_scale);

}  // namespace zertz::mcts
