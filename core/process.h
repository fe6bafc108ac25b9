// Running another program without a shell (the plots of scripts/): its arguments reach it as
// they are, so no file name needs quoting and none can inject a command.
#pragma once

#include <string>
#include <vector>

namespace zertz {

// Runs argv[0] (looked up on PATH when it has no slash) with `argv`, waits for it and returns
// its exit status: -1 when it could not be started or was ended by a signal. Its output goes
// where ours goes. Throws std::invalid_argument when argv is empty.
int run_process(const std::vector<std::string>& argv);

}  // namespace zertz
