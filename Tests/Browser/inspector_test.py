#!/usr/bin/python3
"""The live inspector (`fsmc inspect`) in a real browser: headless Chromium through Selenium.

Starts `fsmc inspect --port 0` on machines/Profile.fsm, opens its page with the token it
printed, and plays the app: over a plain socket it sends the hello and a recorded run
(machines/runs/Profile.jsonl) a step at a time, and after each step checks, within a second,
that the diagram highlights the configuration the trace's `step` record names. Then: a wrong
token is refused, a malformed line's error shows on the page, two instances are listed, and
"Stop following" freezes the view so that the user branches from a received step. The
expectations come from the trace and from fsmc's JSON, never from states written here.

    /usr/bin/python3 Tests/Browser/inspector_test.py --fsmc .build/debug/fsmc --output .build/inspector

`--driver COMMAND`: a real app plays the run instead of the test's socket: the inspector
driver (`.build/debug/inspector-driver`, Tests/InspectorDriver), run with `--host`, `--port`
and `--token` appended, whose Profile goes through the journey machines/runs/Profile.jsonl
recorded, a step each time the test asks (`journey`, `step 1`, `sync`), streamed by
FSMInspector. The page is checked the same way.

Needs Debian's chromium, chromium-driver and python3-selenium (see .ci/run).
"""

import argparse
import json
import os
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TRACE = os.path.join(REPOSITORY, "machines", "runs", "Profile.jsonl")
# How long the page may take to show what the inspector received.
WITHIN = 1.0


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def eventually(probe, what, within=WITHIN):
    """Waits up to `within` seconds for `probe()` to be truthy; its last value otherwise fails."""
    deadline = time.monotonic() + within
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure("%s (within %.1f s)" % (what, within))
        time.sleep(0.02)


class Inspector:
    """`fsmc inspect --port 0`, with the address and token it printed."""

    def __init__(self, fsmc, specs):
        self.process = subprocess.Popen([fsmc, "inspect", "--port", "0"] + specs,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()
        self.token = self.process.stdout.readline().strip()
        check(self.url.startswith("http://") and self.token in self.url,
              "fsmc inspect printed %r and %r" % (self.url, self.token))
        self.base = self.url.split("/?")[0]
        host, port = self.base[len("http://"):].rsplit(":", 1)
        self.host, self.port = host, int(port)

    def get(self, path):
        with urllib.request.urlopen(self.base + path + ("&" if "?" in path else "?") + "token=" + self.token, timeout=15) as response:
            return response.read().decode()

    def updates(self, **query):
        return json.loads(self.get("/updates?" + "&".join("%s=%s" % item for item in query.items())))

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


class App:
    """One connection of an app: the hello, then lines of a trace."""

    def __init__(self, inspector, instance, token=None, process="inspector_test (pid %d)" % os.getpid(), dropped=0):
        self.socket = socket.create_connection((inspector.host, inspector.port), timeout=10)
        hello = {"fsmcInspect": 1, "token": token or inspector.token, "instance": instance, "process": process, "dropped": dropped}
        self.send(json.dumps(hello))
        self.reply = json.loads(self.socket.makefile("rb").readline())

    def send(self, line):
        self.socket.sendall((line + "\n").encode())

    def close(self):
        self.socket.close()


def steps_of(path):
    """The trace's header, then its steps: each the lines of one step (through its `step`
    record) and the configuration that record names."""
    lines = open(path).read().splitlines()
    steps, current = [], []
    for line in lines[1:]:
        current.append(line)
        record = json.loads(line)
        if record["kind"] == "step" and "in" not in record:
            steps.append((current, sorted(record["configuration"])))
            current = []
    return lines[0], steps


class Page:
    def __init__(self, driver, inspector):
        self.driver = driver
        self.inspector = inspector

    def open(self, path):
        self.driver.get(self.inspector.base + path)

    def highlighted(self):
        script = "return [...document.querySelectorAll('#diagram g.fsmc-active')].map(g => g.getAttribute('data-state'))"
        return sorted(self.driver.execute_script(script))

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def shown(self, element_id):
        elements = self.driver.find_elements(By.ID, element_id)
        return elements[0].is_displayed() if elements else False

    def click(self, element_id):
        """Clicks it; the live list is drawn again as updates come, so a stale element is found again."""
        deadline = time.monotonic() + WITHIN
        while True:
            try:
                self.driver.find_element(By.ID, element_id).click()
                return
            except (StaleElementReferenceException, NoSuchElementException):
                if time.monotonic() > deadline:
                    raise Failure("the page has no %s to click" % element_id)
                time.sleep(0.02)

    def instances(self):
        return self.driver.execute_script("return [...document.querySelectorAll('[id^=live-instance-]')].map(e => e.id)")


def token_is_needed(inspector, driver):
    """Without the token the pages answer 403; the address printed opens the index."""
    for path in ["/", "/machine/Profile", "/updates", "/runs/1/1.jsonl"]:
        try:
            urllib.request.urlopen(inspector.base + path, timeout=10)
            raise Failure("%s answered without the token" % path)
        except urllib.error.HTTPError as error:
            check(error.code == 403, "%s without the token answered %d" % (path, error.code))
    driver.get(inspector.url)
    check(driver.title == "fsmc inspector", "the address printed opens %r" % driver.title)


class SocketPlayer:
    """Plays the recorded run (machines/runs/Profile.jsonl) over the test's own socket: the
    hello and the header, then the lines of one step at a time."""

    def __init__(self, inspector):
        self.header, self.steps = steps_of(TRACE)
        self.app = App(inspector, "Profile #1")
        check(self.app.reply == {"accepted": True}, "the hello was answered %r" % self.app.reply)
        self.app.send(self.header)

    def play(self, index):
        for line in self.steps[index][0]:
            self.app.send(line)

    def stop(self):
        self.app.close()


class DriverPlayer:
    """Plays the same run with a real app: the inspector driver (Tests/InspectorDriver), whose
    Profile goes through the recorded journey a step at a time, streamed by FSMInspector."""

    def __init__(self, inspector, command):
        self.header, self.steps = steps_of(TRACE)
        self.process = subprocess.Popen(
            shlex.split(command) + ["--host", inspector.host, "--port", str(inspector.port), "--token", inspector.token],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, command, expected):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        check(answer.startswith(expected), "the driver answered %r to %r" % (answer, command))
        return answer

    def play(self, index):
        # The machine's creation is the journey's first step; each journey step is one more.
        self.ask("journey" if index == 0 else "step 1", "journey" if index == 0 else "stepped 1 ")
        self.ask("sync", "synced")

    def stop(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.write("quit\n")
                self.process.stdin.flush()
                self.process.wait(10)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait(10)


def follows_a_run(page, player, output):
    """A step at a time, all but the last: the page highlights each step's configuration (its
    `step` record's) within a second, and lists it."""
    page.open("/machine/Profile")
    check(page.driver.title.startswith("Profile"), "the machine's page is %r" % page.driver.title)
    for index in range(len(player.steps) - 1):
        configuration = player.steps[index][1]
        player.play(index)
        eventually(lambda: page.highlighted() == configuration,
                   "after step %d the page highlights %s, the trace's step record says %s" % (index, page.highlighted(), configuration))
        eventually(lambda: page.shown("live-step-%d" % index), "step %d is not listed" % index)
    check("enter showing" in page.text("log"), "the step log does not show the interpreter's explanations: %r" % page.text("log"))
    check(page.instances() == ["live-instance-1"], "the page lists %s" % page.instances())
    page.driver.save_screenshot(os.path.join(output, "inspector-following.png"))


def stop_following_and_branch(page, player, inspector):
    """Stopped, the view stays, even as the run's last step arrives; a received step chosen, the
    user steps from it; following again, the page shows the last step."""
    updates = inspector.updates(instance=1)
    steps = updates["following"]["runs"][0]["steps"]
    graph = json.loads(page.driver.execute_script("return document.getElementById('fsmc-graph').textContent"))
    names = [state["name"] for state in graph["states"]]
    page.click("follow")
    eventually(lambda: page.text("follow") == "Follow again", "the follow button says %r" % page.text("follow"))
    # The first step whose situation has an event to take.
    index = next(i for i, step in enumerate(steps)
                 if step["situation"] is not None
                 and any(s["stimulus"]["kind"] == "event" for s in graph["situations"][step["situation"]]["steps"]))
    page.click("live-step-%d" % index)
    expected = sorted(names[state] for state in steps[index]["active"])
    eventually(lambda: page.highlighted() == expected, "step %d chosen, the page highlights %s, not %s" % (index, page.highlighted(), expected))
    situation = graph["situations"][steps[index]["situation"]]
    step = next(s for s in situation["steps"] if s["stimulus"]["kind"] == "event")
    outcome = next(o for o in step["outcomes"] if not o["answers"])
    page.click("event-" + step["stimulus"]["event"])
    expected = sorted(names[state] for state in graph["situations"][outcome["next"]]["active"])
    eventually(lambda: page.highlighted() == expected, "branching with %s highlights %s, not %s"
               % (step["stimulus"]["event"], page.highlighted(), expected))
    # The run's last step arrives: listed, and the frozen view stays where it is.
    last = len(player.steps) - 1
    player.play(last)
    eventually(lambda: page.shown("live-step-%d" % last), "the last step is not listed")
    check(page.highlighted() == expected, "a step that arrived moved the frozen view to %s" % page.highlighted())
    page.click("follow")
    eventually(lambda: page.text("follow") == "Stop following", "following again, the button says %r" % page.text("follow"))
    eventually(lambda: page.highlighted() == player.steps[last][1], "following again, the page highlights %s" % page.highlighted())
    for link, suffix in [("live-save-trace", ".jsonl"), ("live-save-test", ".swift")]:
        href = page.driver.find_element(By.ID, link).get_attribute("href")
        check(href.endswith("/runs/1/1" + suffix), "%s links to %s" % (link, href))
    saved = inspector.get("/runs/1/1.jsonl").splitlines()
    check([json.loads(line) for line in saved[1:]] == [json.loads(line) for lines, _ in player.steps for line in lines],
          "the saved trace is not the run's records")


def wrong_token(page, inspector):
    app = App(inspector, "Intruder", token="0" * 32)
    check("refused" in app.reply, "a wrong token was answered %r" % app.reply)
    app.close()
    eventually(lambda: page.shown("live-refused") and "1 connection refused" in page.text("live-refused"),
               "the page does not count the refused connection")
    check("live-instance-2" not in page.instances(), "the refused connection is listed")


def malformed_line(page, inspector, output):
    """A second instance, whose run breaks: listed, and its error on the page once followed."""
    header, steps = steps_of(TRACE)
    app = App(inspector, "Profile #2")
    app.send(header)
    for line in steps[0][0]:
        app.send(line)
    app.send('{"kind": "event", "name": ')
    eventually(lambda: sorted(page.instances()) == ["live-instance-1", "live-instance-2"],
               "two instances are not listed: %s" % page.instances())
    page.click("follow-2")
    eventually(lambda: page.shown("live-errors") and "runs/2/1.jsonl:5:27: error: expected a value" in page.text("live-errors"),
               "the malformed line's error is not shown: %r" % page.text("live-errors"))
    page.driver.save_screenshot(os.path.join(output, "inspector-error.png"))
    # The inspector closed that connection, and serves others.
    app.socket.settimeout(5)
    check(app.socket.recv(1) in (b"",), "the inspector kept the malformed run's connection open")
    app.close()


def divergence_and_reconnect(page, inspector):
    """A run that parts from the spec shows it at once; the instance reconnects with a new run."""
    header, steps = steps_of(TRACE)
    app = App(inspector, "Profile #3")
    app.send(header)
    for line in steps[0][0]:
        app.send(line)
    app.send(json.dumps({"kind": "event", "name": "close"}))
    app.send(json.dumps({"kind": "exit", "state": "idle"}))
    app.send(json.dumps({"kind": "step", "configuration": ["idle"]}))
    app.send(json.dumps({"kind": "event", "name": "open"}))
    eventually(lambda: "live-instance-3" in page.instances(), "the third instance is not listed")
    page.click("follow-3")
    eventually(lambda: page.shown("live-divergence") and "runs/3/1.jsonl:6" in page.text("live-divergence"),
               "the divergence is not shown: %r" % page.text("live-divergence"))
    eventually(lambda: page.shown("live-dropped") and "1 line after the divergence" in page.text("live-dropped"),
               "the ignored lines are not counted: %r" % page.text("live-dropped"))
    app.close()
    # The app picks the run up where the machine is, with a restored start (trace format 3).
    again = App(inspector, "Profile #3", dropped=4)
    again.send(header.replace('"fsmcTrace":2', '"fsmcTrace":3'))
    again.send(json.dumps({"kind": "start", "restored": True}))
    again.send(json.dumps({"kind": "step", "configuration": ["idle"]}))
    for line in steps[1][0]:
        again.send(line)
    eventually(lambda: page.highlighted() == steps[1][1], "after the reconnect the page highlights %s" % page.highlighted())
    eventually(lambda: "dropped 4 lines" in page.text("live-dropped"), "the dropped lines are not shown: %r" % page.text("live-dropped"))
    eventually(lambda: not page.shown("live-divergence"), "the new run still shows the old run's divergence")
    again.close()


def index_lists_the_instances(page, inspector):
    """The first page lists every instance, with its state, and links to its machine's page."""
    page.open("/")
    expected = inspector.updates()["instances"]
    eventually(lambda: page.instances() == ["live-instance-%d" % instance["id"] for instance in expected],
               "the index lists %s" % page.instances())
    for instance in expected:
        row = page.driver.find_element(By.ID, "live-instance-%d" % instance["id"])
        check(instance["state"] in row.text and instance["instance"] in row.text, "the index shows %r for %s" % (row.text, instance))
    link = page.driver.find_element(By.CSS_SELECTOR, "#live-instance-1 a").get_attribute("href")
    check(link.endswith("/machine/Profile?instance=1"), "the index links instance 1 to %s" % link)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fsmc", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--driver", help="the inspector driver, a real app (see the module's comment)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    arguments = parser.parse_args()
    arguments.output = os.path.abspath(arguments.output)
    os.makedirs(arguments.output, exist_ok=True)
    options = Options()
    options.binary_location = arguments.chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    inspector = Inspector(os.path.abspath(arguments.fsmc), [os.path.join(REPOSITORY, "machines", "Profile.fsm")])
    driver = None
    failures = []
    try:
        driver = webdriver.Chrome(service=Service(arguments.chromedriver), options=options)
        driver.set_page_load_timeout(30)
        page = Page(driver, inspector)
        token_is_needed(inspector, driver)
        print("inspector: the token passed")
        player = DriverPlayer(inspector, arguments.driver) if arguments.driver else SocketPlayer(inspector)
        try:
            follows_a_run(page, player, arguments.output)
            print("inspector: following a run passed")
            scenarios = [
                ("stop following and branch", lambda: stop_following_and_branch(page, player, inspector)),
                ("wrong token", lambda: wrong_token(page, inspector)),
                ("malformed line", lambda: malformed_line(page, inspector, arguments.output)),
                ("divergence and reconnect", lambda: divergence_and_reconnect(page, inspector)),
                ("the index", lambda: index_lists_the_instances(page, inspector)),
            ]
            for name, scenario in scenarios:
                try:
                    scenario()
                    print("inspector: %s passed" % name)
                except Failure as failure:
                    driver.save_screenshot(os.path.join(arguments.output, name + "-failure.png"))
                    failures.append(str(failure))
        finally:
            player.stop()
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        check(not errors, "the pages logged errors: %s" % errors)
    except Failure as failure:
        if driver:
            driver.save_screenshot(os.path.join(arguments.output, "failure.png"))
        failures.append(str(failure))
    finally:
        if driver:
            driver.quit()
        inspector.stop()
    for failure in failures:
        print("inspector: FAILED: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
