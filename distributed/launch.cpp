#include "distributed/launch.h"

#include <fmt/format.h>

#include <cstdlib>

#include "core/error.h"

namespace zertz::distributed {

namespace {

int whole_number(const char* name, const char* text) {
  char* end = nullptr;
  long value = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || value < 0 || value > 1'000'000) {
    throw InputError(fmt::format("{}={}: expected a rank or size, a whole number", name, text));
  }
  return static_cast<int>(value);
}

}  // namespace

std::optional<Launch> launch_from_environment(
    const std::function<const char*(const char*)>& getenv) {
  // Open MPI's mpirun; MPICH's Hydra and Slurm's srun with PMI-1/2; srun with PMIx.
  const char* pairs[][2] = {{"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
                            {"PMI_RANK", "PMI_SIZE"},
                            {"PMIX_RANK", "SLURM_NTASKS"}};
  for (const auto& [rank_name, size_name] : pairs) {
    const char* rank = getenv(rank_name);
    const char* size = getenv(size_name);
    if (!rank || !size) continue;
    Launch launch{whole_number(rank_name, rank), whole_number(size_name, size)};
    if (launch.size < 1 || launch.rank >= launch.size) {
      throw InputError(fmt::format("{}={} with {}={}: the rank must be below the size", rank_name,
                                   rank, size_name, size));
    }
    return launch;
  }
  return std::nullopt;
}

std::optional<Launch> launch_from_environment() {
  return launch_from_environment([](const char* name) { return std::getenv(name); });
}

}  // namespace zertz::distributed
