// Dirichlet noise for the root's priors, drawn from the project's portable Rng so that a seed
// gives the same noise everywhere (std:: distributions differ between standard libraries).
#pragma once

#include <span>

#include "core/random.h"

namespace zertz::mcts {

// Fills `out` with one sample of a symmetric Dirichlet distribution of concentration `alpha`.
void sample_dirichlet(float alpha, std::span<float> out, Rng& rng);

}  // namespace zertz::mcts
