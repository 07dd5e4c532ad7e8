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

With `--driver`, two more scenarios with the real app: two journeys at once, and the app's
connection cut (a forwarder between app and inspector drops it) mid-run, the app picking the
run up again with a restored start. `--load-driver COMMAND` (the driver built for release):
the load test, 10,000 events a second for 10 s from a Player streamed live, against a Player
recording to memory (`load` in Tests/InspectorDriver/LoadTest.swift): its `send` may be at
most `--max-slowdown` (1.10) times as slow, and the lines it dropped are the ones the page
shows.

Needs Debian's chromium, chromium-driver and python3-selenium (see .ci/run).
"""

import argparse
import json
import os
import shlex
import socket
import subprocess
import sys
import threading
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
    """Waits up to `within` seconds for `probe()` to be truthy; otherwise fails saying `what`
    (or what `what()` says then)."""
    deadline = time.monotonic() + within
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure("%s (within %.1f s)" % (what() if callable(what) else what, within))
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

    def text_now(self, element_id):
        """The element's text as the page has it now, or None: read in one go, so that a list
        drawn again meanwhile does not leave a stale element."""
        return self.driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.textContent : null", element_id)

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


class DriverApp:
    """The inspector driver as an app of its own, connected through `port`."""

    def __init__(self, command, inspector, port):
        self.process = subprocess.Popen(
            shlex.split(command) + ["--host", inspector.host, "--port", str(port), "--token", inspector.token],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, command, expected):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        check(answer.startswith(expected), "the driver answered %r to %r" % (answer, command))
        return answer

    def instance_ids(self, inspector):
        """The inspector's ids of this process's instances, by name."""
        mine = "(pid %d)" % self.process.pid
        return {instance["instance"]: instance["id"] for instance in inspector.updates()["instances"] if instance["process"].endswith(mine)}

    def stop(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.write("quit\n")
                self.process.stdin.flush()
                self.process.wait(30)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait(10)


class DriverPlayer:
    """Plays the same run with a real app: the inspector driver (Tests/InspectorDriver), whose
    Profile goes through the recorded journey a step at a time, streamed by FSMInspector."""

    def __init__(self, inspector, command):
        self.header, self.steps = steps_of(TRACE)
        self.app = DriverApp(command, inspector, inspector.port)

    def play(self, index):
        # The machine's creation is the journey's first step; each journey step is one more.
        self.app.ask("journey" if index == 0 else "step 1", "journey" if index == 0 else "stepped 1 ")
        self.app.ask("sync", "synced")

    def stop(self):
        self.app.stop()


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


def oversized_line(page, inspector):
    """A line longer than 65,536 bytes: the error on the page, the connection closed, the
    inspector still serving (a new instance is accepted and listed)."""
    header, steps = steps_of(TRACE)
    app = App(inspector, "Profile #big")
    app.send(header)
    for line in steps[0][0]:
        app.send(line)
    app.send(json.dumps({"kind": "event", "name": "open", "payload": "x" * 70000}))
    instance = eventually(lambda: next((item["id"] for item in inspector.updates()["instances"] if item["instance"] == "Profile #big"), None),
                          "the instance is not listed")
    page.open("/machine/Profile?instance=%d" % instance)
    eventually(lambda: page.shown("live-errors") and "is longer than 65,536 bytes" in page.text("live-errors"),
               lambda: "the oversized line's error is not shown: %r" % page.text("live-errors"))
    app.socket.settimeout(5)
    try:
        closed = app.socket.recv(1) == b""
    except ConnectionResetError:
        closed = True
    check(closed, "the inspector kept the oversized run's connection open")
    app.close()
    after = App(inspector, "Profile #after")
    check(after.reply == {"accepted": True}, "after an oversized line the inspector answered %r" % after.reply)
    after.close()


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


class Forwarder:
    """A TCP forwarder between the app and the inspector, which the test can cut: the app's
    connection dropped by the network, the inspector still there."""

    def __init__(self, inspector):
        self.target = (inspector.host, inspector.port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.pairs = []
        self.lock = threading.Lock()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
                upstream = socket.create_connection(self.target, timeout=10)
            except OSError:
                return
            client.settimeout(None)
            upstream.settimeout(None)
            with self.lock:
                self.pairs.append((client, upstream))
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self.pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def pump(source, sink):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self):
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for pair in pairs:
            for end in pair:
                try:
                    end.shutdown(socket.SHUT_RDWR)
                    end.close()
                except OSError:
                    pass

    def close(self):
        self.listener.close()
        self.cut()


def two_journeys_and_a_cut_connection(page, inspector, command):
    """A real app runs two Profiles at once through a forwarder; each is its own instance with
    its own run. Then the forwarder cuts the app's connections mid-run: the app notices at its
    next step, and picks the run up again on a new connection with a restored start; the page,
    following, highlights where the machine is without a step more, and shows the new run."""
    header, steps = steps_of(TRACE)
    forwarder = Forwarder(inspector)
    app = DriverApp(command, inspector, forwarder.port)
    try:
        app.ask("journey", "journey 1")
        app.ask("journey", "journey 2")
        app.ask("sync", "synced")
        ids = eventually(lambda: (lambda found: found if len(found) == 2 else None)(app.instance_ids(inspector)),
                         "the app's two instances are not listed", within=10)
        first, second = ids["Profile #1"], ids["Profile #2"]
        page.open("/machine/Profile?instance=%d" % first)
        eventually(lambda: page.highlighted() == steps[0][1], lambda: "the first journey's page highlights %s" % page.highlighted())
        for index in (1, 2):
            app.ask("step 1", "stepped 1 ")
            eventually(lambda: page.highlighted() == steps[index][1],
                       lambda: "after step %d of the first journey the page highlights %s, not %s" % (index, page.highlighted(), steps[index][1]))
        app.ask("step 2", "stepped 2 ")
        app.ask("sync", "synced")
        check([len(run["steps"]) for run in inspector.updates(instance=second)["following"]["runs"]] == [2],
              "the second journey's run has its own steps: %s" % inspector.updates(instance=second)["following"]["runs"])
        check(page.highlighted() == steps[2][1], "the second journey's step moved the first's page to %s" % page.highlighted())
        check({"live-instance-%d" % first, "live-instance-%d" % second} <= set(page.instances()),
              "the page lists %s" % page.instances())
        forwarder.cut()
        # The next step's lines meet a closed connection: dropped, and the run picked up after it.
        app.ask("step 1", "stepped 1 ")
        def picked_up():
            runs = inspector.updates(instance=first)["following"]["runs"]
            return runs if len(runs) == 2 and runs[1]["steps"] else None
        runs = eventually(picked_up, lambda: "the app did not pick its run up again: %s" % inspector.updates(instance=first)["following"]["runs"],
                          within=10)
        check(runs[1]["steps"][0]["label"] == "picked up mid-run", "the new run begins with the restored start: %s" % runs[1]["steps"][0])
        eventually(lambda: page.highlighted() == steps[3][1] and "run 2" in page.text("live-status"),
                   lambda: "after the cut the page shows %s in %r, not %s in run 2" % (page.highlighted(), page.text("live-status"), steps[3][1]))
        # Lines the app handed to a connection the network then dropped are lost without the
        # app knowing; those it dropped itself once it knew are counted, and shown.
        if runs[1]["dropped"] > 0:
            eventually(lambda: ("run 2 began after the app dropped %d" % runs[1]["dropped"]) in page.text("live-dropped"),
                       lambda: "the lines dropped are not shown: %r" % page.text("live-dropped"))
        app.ask("step 1", "stepped 1 ")
        eventually(lambda: page.highlighted() == steps[4][1], lambda: "after the reconnect the page follows to %s" % page.highlighted())
    finally:
        app.stop()
        forwarder.close()


def load(page, inspector, command, output, max_slowdown):
    """The load test: `load 10000 10` in the driver built for release (see the module's comment)."""
    app = DriverApp(command, inspector, inspector.port)
    try:
        answer = app.ask("load 10000 10", "load ").split()
        figures = dict(zip(answer[1::2], answer[2::2]))
        print("inspector: load: %s" % " ".join(answer[1:]))
        ratio, dropped = float(figures["ratio"]), int(figures["dropped"])
        check(int(figures["events"]) == 100000, "the load test sent %s events" % figures["events"])
        check(figures["unsent"] == "0", "the app could not send its last lines")
        check(ratio <= max_slowdown,
              "a machine streaming live sends %.3f times as slow as one recording to memory (at most %.2f)" % (ratio, max_slowdown))
        instance = eventually(lambda: next(iter(app.instance_ids(inspector).values()), None), "the Player is not listed", within=10)
        summary = eventually(lambda: next((item for item in inspector.updates()["instances"] if item["id"] == instance and item["dropped"] == dropped), None),
                             lambda: "the inspector counts %s lines dropped, the app %d" % (
                                 [item["dropped"] for item in inspector.updates()["instances"] if item["id"] == instance], dropped), within=30)
        page.open("/machine/Player?instance=%d" % instance)
        row = "live-instance-%d" % instance
        expected = "%d dropped" % dropped if dropped > 0 else summary["instance"]
        eventually(lambda: expected in (page.text_now(row) or ""), lambda: "the index shows %r, not %r" % (page.text_now(row), expected))
        page.driver.save_screenshot(os.path.join(output, "inspector-load.png"))
    finally:
        app.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fsmc", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--driver", help="the inspector driver, a real app (see the module's comment)")
    parser.add_argument("--load-driver", help="the inspector driver built for release, for the load test")
    parser.add_argument("--max-slowdown", type=float, default=1.10)
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
    inspector = Inspector(os.path.abspath(arguments.fsmc), [os.path.join(REPOSITORY, "machines", name) for name in ("Profile.fsm", "Player.fsm")])
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
                ("oversized line", lambda: oversized_line(page, inspector)),
            ]
            if arguments.driver:
                scenarios.append(("two journeys and a cut connection", lambda: two_journeys_and_a_cut_connection(page, inspector, arguments.driver)))
            if arguments.load_driver:
                scenarios.append(("load", lambda: load(page, inspector, arguments.load_driver, arguments.output, arguments.max_slowdown)))
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
