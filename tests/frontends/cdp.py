"""Minimal Chrome DevTools Protocol driver for Debian's headless Chromium (stdlib only).

Talks CDP over --remote-debugging-pipe: Chromium reads commands on its fd 3 and writes
replies and events on its fd 4, each message a JSON object ended by a NUL byte. This avoids
websockets, Playwright and Selenium, none of which the test machines have.

    with Browser() as browser:
        browser.open("file:///tmp/page.html")
        browser.click("#next"); browser.press("ArrowRight")
        assert browser.evaluate("document.title") == "..." and not browser.console_errors()
"""
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

TIMEOUT_S = 30.0

# key -> windowsVirtualKeyCode, which Chromium needs besides key and code (here equal to key)
# to make a DOM keydown event out of a key press.
KEYS = {"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35}


class CdpError(RuntimeError):
    pass


class Browser:
    def __init__(self, timeout_s=TIMEOUT_S, width=1100, height=900):
        self.timeout_s = timeout_s
        exe = shutil.which("chromium") or shutil.which("chromium-browser")
        if not exe:
            raise CdpError("chromium is not installed (scripts/deps.sh installs Debian's chromium)")
        self._dir = tempfile.mkdtemp(prefix="cdp-")
        self._log_path = os.path.join(self._dir, "chromium.log")
        # No network, no updates, no sync: test pages are local and must not need any.
        args = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + os.path.join(self._dir, "profile"),
                "--remote-debugging-pipe", f"--window-size={width},{height}", "about:blank"]
        cmd_read, self._cmd_write = os.pipe()     # we write commands, Chromium reads on fd 3
        self._reply_read, reply_write = os.pipe()  # Chromium writes on fd 4, we read

        def child_fds():
            # Copy to fds >= 10 first so dup2 cannot clobber a pipe that sits on 3 or 4, then
            # close everything else. (pass_fds cannot do this: subprocess closes non-passed fds
            # *after* preexec_fn, which would close the new 3 and 4.)
            cmd, reply = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (cmd_read, reply_write))
            os.dup2(cmd, 3)
            os.dup2(reply, 4)
            os.closerange(5, os.sysconf("SC_OPEN_MAX"))

        with open(self._log_path, "wb") as log:  # a file, so a chatty stderr never blocks Chromium
            self._proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                          close_fds=False, preexec_fn=child_fds)
        os.close(cmd_read)
        os.close(reply_write)
        self._closed = False
        self._buffer = b""
        self._next_id = 0
        self._events = []    # events not yet consumed by a wait_event()
        self._messages = []  # every console message, as (type, text)
        self._errors = []    # console errors/warnings, uncaught exceptions, error log entries
        try:
            target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
            self._session = self.send("Target.attachToTarget",
                                      {"targetId": target["targetId"], "flatten": True},
                                      session=False)["sessionId"]
            for domain in ("Page", "Runtime", "Log"):
                self.send(domain + ".enable")
        except BaseException:
            self.close()
            raise

    def send(self, method, params=None, session=True):
        """Sends a command (to the page session unless session=False) and returns its result."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self._session
        data = json.dumps(message).encode() + b"\0"
        try:
            while data:
                data = data[os.write(self._cmd_write, data):]
        except BrokenPipeError:
            raise CdpError(f"chromium is gone (exit {self._proc.poll()}), cannot send {method}; "
                           f"its log ends with:\n{self._log_tail()}") from None
        deadline = time.monotonic() + self.timeout_s
        while True:
            reply = self._receive(deadline, f"the reply to {method}")
            if reply.get("id") == message["id"]:
                if "error" in reply:
                    raise CdpError(f"{method} failed: {reply['error']}")
                return reply.get("result", {})

    def wait_event(self, method, timeout_s=None):
        """Returns the params of the next unconsumed page event `method`, waiting for it."""
        deadline = time.monotonic() + (timeout_s or self.timeout_s)
        while True:
            for event in self._events:
                if event["method"] == method:
                    self._events.remove(event)
                    return event.get("params", {})
            self._receive(deadline, f"the event {method}")

    def _receive(self, deadline, what):
        """Reads one message; events are recorded here so none is lost while awaiting replies."""
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._reply_read], [], [], left)[0]:
                raise CdpError(f"timed out waiting for {what}")
            chunk = os.read(self._reply_read, 1 << 16)
            if not chunk:
                raise CdpError(f"chromium closed the pipe (exit {self._proc.poll()}) waiting for "
                               f"{what}; its log ends with:\n{self._log_tail()}")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(raw)
        if "method" in message:
            self._record(message)
        return message

    def _record(self, event):
        method, params = event["method"], event.get("params", {})
        if event.get("sessionId") == getattr(self, "_session", None):
            self._events.append(event)
        if method == "Runtime.consoleAPICalled":
            text = " ".join(_describe(arg) for arg in params.get("args", []))
            self._messages.append((params.get("type"), text))
            if params.get("type") in ("error", "warning", "assert"):
                self._errors.append(f"console.{params['type']}: {text}")
        elif method == "Runtime.exceptionThrown":
            self._errors.append(f"uncaught exception: {_exception_text(params)}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            self._errors.append(f"log error ({entry.get('source')}): {entry.get('text')} "
                                f"{entry.get('url', '')}".rstrip())

    def open(self, url):
        """Navigates the page to url and waits for its load event (so not for #fragments)."""
        self._events = [e for e in self._events if e["method"] != "Page.loadEventFired"]
        result = self.send("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise CdpError(f"cannot open {url}: {result['errorText']}")
        self.wait_event("Page.loadEventFired")

    def evaluate(self, js):
        """Evaluates the expression js in the page (awaiting promises) and returns its value."""
        result = self.send("Runtime.evaluate", {"expression": js, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise CdpError(f"evaluating {js!r} threw: {_exception_text(result)}")
        return result["result"].get("value")

    def click(self, selector):
        """Scrolls the first element matching selector into view and clicks its centre."""
        box = self.evaluate(f"""(() => {{
            const element = document.querySelector({json.dumps(selector)});
            if (!element) return null;
            element.scrollIntoView({{block: "center", inline: "center"}});
            const r = element.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height];
        }})()""")
        if box is None:
            raise CdpError(f"no element matches {selector!r}")
        if box[2] <= 0 or box[3] <= 0:
            raise CdpError(f"the element {selector!r} has no size (hidden?), cannot click it")
        self.click_at(box[0], box[1])

    def click_at(self, x, y):
        """Sends a real left click (move, press, release) at the viewport point (x, y)."""
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y,
                                                   "button": "left", "clickCount": 1})

    def press(self, key):
        """Presses and releases a key: ArrowLeft, ArrowRight, Home or End."""
        if key not in KEYS:
            raise CdpError(f"unsupported key {key!r}; known: {', '.join(KEYS)}")
        # rawKeyDown, as these keys type no text (Puppeteer does the same; keyDown works too).
        for kind in ("rawKeyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key,
                                                 "windowsVirtualKeyCode": KEYS[key],
                                                 "nativeVirtualKeyCode": KEYS[key]})

    def console_errors(self):
        """Console errors/warnings/asserts, uncaught exceptions and error log entries so far."""
        return list(self._errors)

    def console_messages(self):
        """Every console message so far, of any type, as (type, text)."""
        return list(self._messages)

    def close(self):
        """Closes Chromium (killing it if it hangs) and removes its profile; idempotent."""
        if self._closed:
            return
        self._closed = True
        if self._proc.poll() is None:
            try:
                self.timeout_s = 5.0
                self.send("Browser.close", session=False)
            except (CdpError, OSError):
                pass  # dying or already gone: the kill below covers it
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        for fd in (self._cmd_write, self._reply_read):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self._dir, ignore_errors=True)

    def _log_tail(self):
        try:
            with open(self._log_path, "rb") as log:
                return log.read()[-2000:].decode(errors="replace")
        except OSError:
            return "(no log)"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _describe(remote_object):
    """Text of a console argument: its value when primitive, else Chromium's description."""
    if "value" in remote_object:
        value = remote_object["value"]
        return value if isinstance(value, str) else json.dumps(value)
    return remote_object.get("description") or remote_object.get("type", "?")


def _exception_text(params):
    """The message (with stack) of the exceptionDetails in params."""
    details = params["exceptionDetails"]
    return details.get("exception", {}).get("description") or details.get("text")
