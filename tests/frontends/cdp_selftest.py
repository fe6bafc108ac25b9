#!/usr/bin/python3
"""Self-test of cdp.py: clicks and key presses reach a page, and console trouble is reported.

    python3 tests/frontends/cdp_selftest.py    # exit 0 on success, else one line per failure
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, CdpError  # noqa: E402

QUIET_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>quiet</title>
<link rel="icon" href="data:,"></head><body>
<button id="more" style="margin-top:1500px">more</button><div id="count">0</div>
<div id="key"></div>
<script>
let count = 0;
document.getElementById("more").addEventListener("click", () => {
  document.getElementById("count").textContent = String(++count);
});
document.addEventListener("keydown", event => {
  document.getElementById("key").textContent = event.key;
});
</script></body></html>
"""

NOISY_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>noisy</title>
<link rel="icon" href="data:,"></head><body>
<script>console.error("boom");</script>
<script>throw new Error("kaboom");</script>
</body></html>
"""


def main():
    failures = []

    def check(condition, message):
        if not condition:
            failures.append(message)

    with tempfile.TemporaryDirectory() as folder:
        pages = {}
        for name, html in (("quiet", QUIET_PAGE), ("noisy", NOISY_PAGE)):
            pages[name] = os.path.join(folder, name + ".html")
            with open(pages[name], "w") as page:
                page.write(html)
        try:
            with Browser() as browser:
                browser.open("file://" + pages["quiet"])
                browser.click("#more")  # below the fold: click() must scroll to it first
                browser.click("#more")
                browser.press("ArrowRight")
                count = browser.evaluate("document.getElementById('count').textContent")
                check(count == "2", f"the counter reads {count!r} after two clicks, not '2'")
                key = browser.evaluate("document.getElementById('key').textContent")
                check(key == "ArrowRight", f"the last key is {key!r}, not 'ArrowRight'")
                check(browser.console_errors() == [],
                      f"the quiet page reported console errors: {browser.console_errors()}")
                check(browser.console_messages() == [],
                      f"the quiet page logged: {browser.console_messages()}")
                try:
                    browser.click("#missing")
                    failures.append("clicking a missing element did not raise")
                except CdpError:
                    pass
                browser.open("file://" + pages["noisy"])
                errors = browser.console_errors()
                check(any("console.error: boom" in e for e in errors),
                      f"console.error('boom') is not reported: {errors}")
                check(any("uncaught exception" in e and "kaboom" in e for e in errors),
                      f"the uncaught error is not reported: {errors}")
                check(("error", "boom") in browser.console_messages(),
                      f"console_messages() lacks ('error', 'boom'): {browser.console_messages()}")
        except CdpError as error:
            failures.append(f"the browser failed: {error}")
    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
