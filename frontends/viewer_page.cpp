#include "frontends/viewer_page.h"

#include "frontends/svg.h"

namespace zertz::frontends {

namespace {

// Keeps `</script>` and `<!--` in the data from ending the script element early.
std::string script_safe(const std::string& json) {
  std::string out;
  for (std::size_t i = 0; i < json.size(); ++i) {
    if (json[i] == '<' && i + 1 < json.size() && (json[i + 1] == '/' || json[i + 1] == '!')) {
      out += "\\u003c";
    } else {
      out += json[i];
    }
  }
  return out;
}

constexpr const char* kStyle =
    R"(body{font-family:sans-serif;background:#faf8f2;color:#222;margin:1.5em}
#layout{display:flex;gap:2em;align-items:flex-start;flex-wrap:wrap}
#controls button{font-size:1.1em;min-width:3em;margin-right:.3em}
#moves{max-height:32em;overflow:auto;font-family:monospace;padding-left:3em}
#moves li{cursor:pointer}#moves li.current{background:#e6d5ad;font-weight:bold}
#turn{font-size:1.2em;font-weight:bold;margin:.5em 0})";

constexpr const char* kScript = R"(
const steps = GAME.steps;
let current = 0;
const moves = document.getElementById('moves');
GAME.items.forEach((text, k) => {
  const item = document.createElement('li');
  item.textContent = text;
  if (GAME.item_classes[k]) item.className = GAME.item_classes[k];
  item.addEventListener('click', () => show(k + GAME.item_offset));
  moves.appendChild(item);
});
function show(i) {
  current = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[current];
  document.getElementById('board').innerHTML = step.svg;
  document.getElementById('counter').textContent = current + ' / ' + (steps.length - 1);
  document.getElementById('turn').textContent = step.turn;
  document.getElementById('captured').textContent = step.captured;
  document.getElementById('stocks').textContent = step.stocks;
  Array.from(moves.children).forEach((item, k) =>
    item.classList.toggle('current', k + GAME.item_offset === current));
  if (typeof on_show === 'function') on_show(current, step);
}
function requested_step() {
  const query = new URLSearchParams(location.search).get('step');
  const hash = new URLSearchParams(location.hash.slice(1)).get('step');
  const value = query !== null ? query : hash;
  if (value === null) return 0;
  return value === 'last' ? steps.length - 1 : parseInt(value, 10) || 0;
}
document.getElementById('first').addEventListener('click', () => show(0));
document.getElementById('prev').addEventListener('click', () => show(current - 1));
document.getElementById('next').addEventListener('click', () => show(current + 1));
document.getElementById('last').addEventListener('click', () => show(steps.length - 1));
document.addEventListener('keydown', (event) => {
  const moves = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: steps.length - 1};
  if (event.key in moves) {
    show(moves[event.key]);
    event.preventDefault();
  }
});
)";

}  // namespace

std::string viewer_page_html(const ViewerPage& page) {
  std::vector<std::string> classes = page.item_classes;
  classes.resize(page.items.size());
  nlohmann::json data = {{"steps", page.steps},
                         {"items", page.items},
                         {"item_classes", classes},
                         {"item_offset", page.item_offset}};
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
         xml_escape(page.title) + "</title>\n<style>" + kStyle + page.style +
         "</style>\n</head>\n<body>\n<h1>" + xml_escape(page.title) + "</h1>\n<p id=\"players\">" +
         xml_escape(page.subtitle) + "</p>\n" + page.above_board +
         "<div id=\"layout\">\n<div>\n<div id=\"board\"></div>\n<div id=\"controls\">"
         "<button id=\"first\" title=\"first (Home)\">|&lt;</button>"
         "<button id=\"prev\" title=\"back (left arrow)\">&lt;</button>"
         "<button id=\"next\" title=\"forward (right arrow)\">&gt;</button>"
         "<button id=\"last\" title=\"last (End)\">&gt;|</button> <span id=\"counter\"></span>"
         "</div>\n<div id=\"turn\"></div>\n<div id=\"captured\"></div>\n<div id=\"stocks\"></div>\n"
         "</div>\n<ol id=\"moves\"></ol>\n</div>\n<script>\nconst GAME = " +
         script_safe(data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)) + ";\n" +
         kScript + page.script + "show(requested_step());\n</script>\n</body>\n</html>\n";
}

}  // namespace zertz::frontends
