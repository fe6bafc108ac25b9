"""The review page in headless Chromium: clicks on the graph and the move list, the arrow keys
and End step through the game; each step shows its position with the played turn (and the
engine's best turn, when another) drawn on the board and its turn highlighted. Any console
message of error level fails the test.

review_browser_test.py ZERTZ RECORD OUT_DIR
"""
import json
import pathlib
import shutil
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from cdp import Browser  # noqa: E402

zertz, record, out = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
shutil.rmtree(out, ignore_errors=True)
subprocess.run([zertz, "review", str(record), "--visits", "20", "--seed", "3", "--out", str(out)],
               check=True, capture_output=True, timeout=300)
review = json.loads((out / (record.stem + ".review.json")).read_text())
turns = review["turns"]
page = (out / (record.stem + ".review.html")).resolve()
failures = []

# What the page shows now; STEP is the step whose graph column the cursor should sit on.
SHOWN = """(() => {
  const items = Array.from(document.querySelectorAll('#moves li'));
  const hit = document.querySelector('#graph rect.hit[data-step="STEP"]');
  return {turn: document.getElementById('turn').textContent,
          current: items.findIndex(li => li.classList.contains('current')),
          played: document.querySelectorAll('#board g.mark.played').length,
          best: document.querySelectorAll('#board g.mark.best').length,
          cursor: parseFloat(document.getElementById('cursor').getAttribute('x1')),
          column: parseFloat(hit.getAttribute('x')) + parseFloat(hit.getAttribute('width')) / 2};
})()"""


def expect_step(browser, k, how):
    shown = browser.evaluate(SHOWN.replace("STEP", str(k)))
    if k == len(turns):
        want_turn, want_current, want_played, want_best = "after turn", -1, 0, 0
    else:
        t = turns[k]
        want_turn = f"turn {k + 1} of {len(turns)}: player {t['mover'] + 1} plays {t['played']}"
        want_current, want_played = k, 1
        want_best = 1 if t["best"] and t["best"] != t["played"] else 0
    if not shown["turn"].startswith(want_turn):
        failures.append(f"after {how}: the page shows '{shown['turn']}', expected '{want_turn}...'")
    if shown["current"] != want_current:
        failures.append(f"after {how}: move {shown['current']} highlighted, expected {want_current}")
    if (shown["played"], shown["best"]) != (want_played, want_best):
        failures.append(f"after {how}: {shown['played']} played and {shown['best']} best turns "
                        f"drawn, expected {want_played} and {want_best}")
    if abs(shown["cursor"] - shown["column"]) > 0.5:
        failures.append(f"after {how}: the graph's cursor is at x {shown['cursor']}, "
                        f"its column at {shown['column']}")


if len(turns) < 6:
    sys.exit(f"{record}: {len(turns)} turns; the test needs at least 6")
with Browser() as browser:
    browser.open(page.as_uri())
    expect_step(browser, 0, "opening the page")
    # (what is done, the step it must show, how the failure names it)
    actions = [
        (lambda: browser.click('#graph rect.hit[data-step="4"]'), 4, "a click on the graph"),
        (lambda: browser.press("ArrowRight"), 5, "the right arrow key"),
        (lambda: (browser.press("ArrowLeft"), browser.press("ArrowLeft")), 3, "left twice"),
        (lambda: browser.click("#moves li:nth-child(2)"), 1, "a click on turn 2 in the list"),
        (lambda: browser.click("#next"), 2, "the forward button"),
        (lambda: browser.press("End"), len(turns), "the End key"),
        (lambda: browser.click('#graph rect.hit[data-step="0"]'), 0, "a click on the first column"),
    ]
    for act, step, how in actions:
        act()
        expect_step(browser, step, how)
    errors = browser.console_errors()
    if errors:
        failures.append(f"the console reported: {errors}")

for failure in failures:
    print(failure)
if not failures:
    print(f"review page of {len(turns)} turns: graph, move list, buttons and keys step through; "
          "console silent")
sys.exit(1 if failures else 0)
