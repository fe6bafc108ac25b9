// The page that the game viewer and the game review share: a board stepped through with
// buttons, the arrow keys (Home / End too) or a click on the move list, in one self-contained
// HTML file (no network, no external files). `?step=N` or `?step=last` (or `#step=...`) in the
// URL opens that step.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace zertz::frontends {

struct ViewerPage {
  std::string title;
  std::string subtitle;  // players, variant, result
  // One object per step: "svg" (the board), "turn", "captured" and "stocks" (lines under it),
  // and whatever else `script` reads.
  nlohmann::json steps = nlohmann::json::array();
  // The move list; item k shows step k + item_offset (1 when step k is the position after
  // turn k, 0 when it is the position the turn is played from).
  std::vector<std::string> items;
  std::vector<std::string> item_classes;  // a class per item, or empty
  int item_offset = 1;
  std::string above_board;  // HTML placed above the board (the review's graph)
  std::string style;        // more CSS
  // More script, run before the first step is shown; a function `on_show(step_index, step)`
  // defined there is called whenever a step is shown.
  std::string script;
};

std::string viewer_page_html(const ViewerPage& page);

}  // namespace zertz::frontends
