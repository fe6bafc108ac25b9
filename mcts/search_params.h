// Every search parameter, documented where it is declared (as in KataGo's searchparams.h).
// The defaults are plain PUCT for play and analysis; self-play turns on the exploration and
// training-efficiency options (noise, temperature, playout cap randomization, forced playouts)
// from its config. Values typical for self-play are given in each comment.
#pragma once

#include <cmath>

namespace zertz::mcts {

struct SearchParams {
  // --- Selection: a child's score is Q + c * P * sqrt(N) / (1 + n) (PUCT), where Q is its mean
  // value from the chooser's view, P its prior, n its visits and N the parent's visits.

  // The exploration constant c while N is small.
  float cpuct = 1.5f;
  // c grows with N as cpuct + cpuct_growth * log((N + cpuct_base) / cpuct_base) (AlphaZero);
  // 0 keeps it constant. Matters only for searches of many thousand visits.
  float cpuct_growth = 0.0f;
  float cpuct_base = 19652.0f;
  // First-play urgency: an unvisited child scores as if its Q were the parent's Q minus
  // fpu_reduction * sqrt(sum of the priors of the visited children) (lc0, KataGo). Larger
  // values search deeper along the best lines, smaller ones wider.
  float fpu_reduction = 0.2f;
  // The same at the root, where a wider look pays (KataGo uses 0.1 there in self-play).
  float fpu_reduction_root = 0.1f;
  // Each visit in flight through a child (another thread's, or another leaf of the same batch)
  // counts as a result of -virtual_loss for the chooser until it returns, steering concurrent
  // descents apart. 1 makes it a loss.
  float virtual_loss = 1.0f;
  // Priors are the evaluator's raised to 1/prior_temperature and renormalised when a node is
  // expanded (lc0's policy softmax temperature): above 1 flattens a network's sharp priors, so
  // that the search looks wider than a young network would send it. 1 keeps them.
  float prior_temperature = 1.0f;

  // --- Root noise (self-play).

  // Weight of Dirichlet noise mixed into the root's priors at the start of each full search:
  // P' = (1 - epsilon) P + epsilon * noise. 0 disables it (play, analysis); 0.25 in self-play.
  float dirichlet_epsilon = 0.0f;
  // Concentration summed over the legal actions; each gets total / (number of legal actions)
  // (KataGo), because a position offers anything from 1 to 183 atomic actions. 10 matches
  // AlphaZero's 0.3 over chess's ~35 moves.
  float dirichlet_total_alpha = 10.0f;

  // --- Move choice: the action is drawn with probability proportional to visits^(1/T).

  // T at the game's first turn; 0 plays the most visited action. ~0.8 in self-play.
  float temperature_start = 0.0f;
  // T late in the game; ~0.2 in self-play, 0 for play.
  float temperature_end = 0.0f;
  // T moves from start to end with this half-life, in full turns (KataGo); 0 means the end
  // value from the first turn. ~10 in self-play.
  float temperature_halflife_turns = 0.0f;

  // --- Playout cap randomization (KataGo): most searches are cheap and only serve to pick a
  // move; a few are full and also give the policy training target.

  // Visits of a full search, counting those kept from the previous move's tree.
  int full_visits = 800;
  // Visits of a cheap search; 0 makes every search full. ~100 in self-play (with 600 full).
  int cheap_visits = 0;
  // Chance that a search is full when cheap_visits > 0; ~0.25 in self-play.
  float full_search_probability = 0.25f;

  // --- Forced playouts and policy-target pruning (KataGo), in full searches only.

  // At the root, a child with fewer than sqrt(k * P * N) visits is visited next, so every
  // action the noise favours gets looked at. 0 disables it; 2 in self-play.
  float forced_playouts_k = 0.0f;
  // Subtract from the policy target the visits that were forced and not earned: each child
  // but the best loses up to sqrt(k * P * N) visits as long as its PUCT score stays below the
  // best child's; children left with one visit or less are dropped.
  bool prune_policy_target = true;

  // --- Rollouts in the leaf value (AlphaGo's lambda mixing).

  // Random playouts (State::play_random) from every leaf the evaluator is asked about; their
  // mean result, from the view of the leaf's mover, is mixed into the evaluator's value:
  // v = (1 - rollout_weight) * v_evaluator + rollout_weight * v_playouts. Playouts cost about
  // 2 microseconds each against ~250 for a forward pass of the small net on a CPU, and they see
  // the forced captures that a young network misses. 0 disables them.
  int leaf_rollouts = 0;
  // Share of the playouts' mean in the leaf value; 1 ignores the evaluator's value.
  float rollout_weight = 0.5f;
  // Below the root, a new leaf is expanded at once with uniform priors and valued by its
  // playouts alone; the evaluator is asked about a node only when a descent finds it with this
  // many visits, and its priors then replace the uniform ones (AlphaGo's expansion threshold).
  // A forward pass costs what ~50-150 playouts cost, so this lets a search spend most of its
  // visits on playouts and its forward passes on the nodes it visits most. 0: every leaf goes
  // to the evaluator. Needs leaf_rollouts >= 1, or fast_value_weight 1.
  int evaluate_after_visits = 0;
  // Share of the evaluator's fast value (a network's fast value head, nn/fast_value.h) in the
  // value of such a new leaf: (1 - fast_value_weight) * v_playouts + fast_value_weight * v_fast.
  // The fast head costs about what two playouts cost and sees the whole position. 0: playouts
  // alone; above 0 needs an evaluator with a fast value (Search's constructor checks).
  float fast_value_weight = 0.0f;
  // > 0: the fast value's share falls as the tree grows, so that its bias fades where playouts
  // are many: a new leaf's value (fast and playouts) is added to each node on its path with the
  // fast share fast_value_weight * d / (d + n), d this, n the node's visits so far. A small
  // subtree then leans on the fast value (low variance), a big one on its playouts (no bias).
  // Needs leaf_rollouts >= 1. 0: the share is fast_value_weight everywhere.
  float fast_value_decay_visits = 0.0f;

  // --- Gumbel root search (mcts/gumbel.h), instead of PUCT at the root.

  // The root samples gumbel_considered actions by Gumbel-top-k on its priors, shares the
  // visits among them by sequential halving and plays the survivor; the policy target is the
  // completed-Q improved policy rather than the visit counts. Dirichlet noise, forced playouts,
  // the move temperature and tree reuse are then off: the Gumbel noise does their work (a
  // proven child's subtree is still kept, so that its proof decides the game). PUCT still
  // chooses below the root.
  bool gumbel_root = false;
  // Draw the Gumbel noise (self-play); false considers the top actions by prior (play).
  bool gumbel_noise = false;
  // Actions sampled at the root (m); 16 in the paper for Go and in MiniZero.
  int gumbel_considered = 16;
  // sigma(q) = (c_visit + max visits) * c_scale * q, q in [0, 1]: how much a value weighs
  // against the logits. 50 and 1 in the paper.
  float gumbel_c_visit = 50.0f;
  float gumbel_c_scale = 1.0f;

  // --- Tree and threads.

  // Keep the chosen child's subtree as the next search's tree.
  bool reuse_tree = true;
  // Threads searching one tree in Search::run (play, analysis). Self-play runs one thread per
  // batch of games instead (mcts/selfplay_batch.h).
  int threads = 1;
  // Leaves each thread gathers, with virtual loss, before one evaluator call. Larger batches
  // suit a network; each extra leaf of a batch is chosen with less information.
  int leaves_per_batch = 1;

  // The exploration constant at a parent with `visits` visits.
  float cpuct_at(double visits) const {
    if (cpuct_growth == 0.0f) return cpuct;
    return cpuct + cpuct_growth * static_cast<float>(std::log((visits + cpuct_base) / cpuct_base));
  }

  // The move temperature after `turns_played` full turns.
  float temperature(int turns_played) const {
    if (temperature_halflife_turns <= 0.0f) return temperature_end;
    float decay = std::exp2(-static_cast<float>(turns_played) / temperature_halflife_turns);
    return temperature_end + (temperature_start - temperature_end) * decay;
  }

  // Throws InputError naming the first parameter out of range.
  void validate() const;
};

}  // namespace zertz::mcts
