// The one executable: `zertz SUBCOMMAND ...` (README.md lists them). Each command registers
// its own options (cli/commands.h); this file only puts them together and maps errors to the
// exit statuses of core/error.h.
#include <csignal>
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "core/variant.h"

namespace zertz::cli {

const std::vector<std::string>& variant_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const Variant* v : Variant::all()) out.push_back(v->name);
    return out;
  }();
  return names;
}

}  // namespace zertz::cli

int main(int argc, char** argv) {
  using namespace zertz::cli;
  // A file size limit (ulimit -f) then fails the write with EFBIG, which names the file, rather
  // than killing the process in the middle of it.
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{"zertz-zero: a self-taught ZERTZ player"};
  // Every option's --help shows its default (subcommands inherit this).
  app.option_defaults()->always_capture_default();
  app.require_subcommand(1);
  std::vector<Command> commands;
  add_perft_command(app, commands);
  CLI::App& bench = *app.add_subcommand("bench", "Benchmarks that print figures");
  bench.require_subcommand(1);
  add_bench_core_command(bench, commands);
  add_bench_nn_command(bench, commands);
  add_bench_mcts_command(bench, commands);
  add_bench_alphabeta_command(bench, commands);
  add_bench_intake_command(bench, commands);
  add_export_command(app, commands);
  add_init_model_command(app, commands);
  add_grow_command(app, commands);
  add_train_command(app, commands);
  add_fit_command(app, commands);
  add_replay_command(app, commands);
  add_demo_command(app, commands);
  add_arena_command(app, commands);
  add_ladder_command(app, commands);
  CLI::App& heldout =
      *app.add_subcommand("heldout", "Held-out positions: judge a network without matches");
  heldout.require_subcommand(1);
  add_heldout_make_command(heldout, commands);
  add_heldout_eval_command(heldout, commands);
  add_engine_command(app, commands);
  add_analysis_command(app, commands);
  add_review_command(app, commands);
  add_play_command(app, commands);
  add_render_command(app, commands);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help prints and exits 0; a usage error is one line and exits as bad input does.
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "error: " << e.what() << "\n";
    return zertz::kExitBadInput;
  }
  try {
    for (const Command& command : commands) {
      if (command.app->parsed()) return command.run();
    }
  } catch (const zertz::InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return zertz::kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return zertz::kExitFailure;
  }
  return zertz::kExitFailure;
}
