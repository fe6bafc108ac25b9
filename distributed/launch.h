// Whether this process was started by an MPI launcher, read from the environment that mpirun
// (Open MPI), MPICH's Hydra and Slurm's srun set, before MPI is started: a plain `zertz train`
// never starts MPI.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace zertz::distributed {

struct Launch {
  int rank = 0;
  int size = 1;
};

// `getenv` is a parameter for the tests. Throws InputError when the variables are there but
// not whole numbers with 0 <= rank < size.
std::optional<Launch> launch_from_environment(
    const std::function<const char*(const char*)>& getenv);
std::optional<Launch> launch_from_environment();

}  // namespace zertz::distributed
