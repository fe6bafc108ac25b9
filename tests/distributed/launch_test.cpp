#include "distributed/launch.h"

#include <gtest/gtest.h>

#include <map>

#include "core/error.h"

namespace zertz::distributed {
namespace {

std::optional<Launch> with(std::map<std::string, std::string> env) {
  return launch_from_environment([&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  });
}

TEST(Launch, EachLaunchersVariablesAreRead) {
  EXPECT_FALSE(with({}).has_value());
  auto ompi = with({{"OMPI_COMM_WORLD_RANK", "2"}, {"OMPI_COMM_WORLD_SIZE", "3"}});
  ASSERT_TRUE(ompi.has_value());
  EXPECT_EQ(ompi->rank, 2);
  EXPECT_EQ(ompi->size, 3);
  auto hydra = with({{"PMI_RANK", "0"}, {"PMI_SIZE", "1"}});
  ASSERT_TRUE(hydra.has_value());
  EXPECT_EQ(hydra->size, 1);
  auto pmix = with({{"PMIX_RANK", "4"}, {"SLURM_NTASKS", "9"}});
  ASSERT_TRUE(pmix.has_value());
  EXPECT_EQ(pmix->rank, 4);
  EXPECT_FALSE(with({{"PMIX_RANK", "4"}}).has_value());  // no size: not a launch we know
}

TEST(Launch, NonsenseIsRefusedWithTheVariablesName) {
  for (auto env : std::vector<std::map<std::string, std::string>>{
           {{"OMPI_COMM_WORLD_RANK", "x"}, {"OMPI_COMM_WORLD_SIZE", "3"}},
           {{"OMPI_COMM_WORLD_RANK", "3"}, {"OMPI_COMM_WORLD_SIZE", "3"}},
           {{"PMI_RANK", "-1"}, {"PMI_SIZE", "2"}},
           {{"PMI_RANK", "0"}, {"PMI_SIZE", "0"}}}) {
    try {
      with(env);
      ADD_FAILURE() << "no error for " << env.begin()->second;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("_RANK"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace zertz::distributed
