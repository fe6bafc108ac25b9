// The review page (`zertz review`, docs/review.md): the game viewer with a win-probability
// graph above the board. Each step is the position a turn is played from, with the played turn
// (blue) and the engine's best turn (green) drawn on the board; the last step is the final
// position. A click on the graph, on a turn of the list, the buttons or the arrow keys step
// through; turns are marked ?! (inaccuracy), ? (mistake) or ?? (blunder).
#pragma once

#include <string>

#include "core/record.h"
#include "frontends/game_review.h"

namespace zertz::frontends {

// "?!", "?", "??" for a label of game review, "" for none.
const char* label_symbol(const std::string& label);

// The page; `review` must be `record`'s (InputError naming the turn when a turn is illegal).
std::string review_html(const GameRecord& record, const GameReview& review,
                        const std::string& title);

}  // namespace zertz::frontends
