// `zertz render`: a position string or a game record drawn as SVG (one position: a record's
// last) or as an HTML game viewer (a position string gives a viewer of that one position).
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/position.h"
#include "frontends/html_viewer.h"
#include "frontends/svg.h"

namespace zertz::cli {

struct RenderOptions {
  std::string input;  // a position string or a game record file (.zertz or .sgf)
  std::string out;    // FILE.svg or FILE.html
};

int run_render(const RenderOptions& options) {
  std::filesystem::path out(options.out);
  bool html = out.extension() == ".html";
  if (!html && out.extension() != ".svg") {
    throw InputError("--out: expected a file name ending in .svg or .html, found '" + options.out +
                     "'");
  }
  GameRecord record;
  std::string title;
  if (std::filesystem::is_regular_file(options.input)) {
    record = frontends::read_game_record(options.input);
    title = std::filesystem::path(options.input).filename().string();
  } else if (options.input.find(' ') == std::string::npos) {
    throw InputError(options.input + ": no such file (and not a position string)");
  } else {
    State state = parse_position_string(options.input);
    record.variant = state.variant().name;
    record.start = options.input;
    title = state.variant().name + " position";
  }
  if (html) {
    write_file_atomically(options.out, frontends::game_viewer_html(record, title));
  } else {
    State last = frontends::replay_for_display(record).back().state;
    write_file_atomically(options.out,
                          frontends::position_svg(last, frontends::final_status(record)));
  }
  std::cout << "written " << options.out << "\n";
  return 0;
}

void add_render_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<RenderOptions>();
  auto* cmd = parent.add_subcommand("render", "Draw a position (SVG) or a game viewer (HTML)");
  cmd->add_option("input", options->input, "A position string or a game record (.zertz, .sgf)")
      ->required();
  cmd->add_option("--out", options->out, "FILE.svg or FILE.html")->required();
  commands.push_back({cmd, [options] { return run_render(*options); }});
}

}  // namespace zertz::cli
