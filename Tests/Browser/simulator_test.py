#!/usr/bin/python3
"""The simulator page (`fsmc simulate`) in a real browser: headless Chromium through Selenium.

Writes the pages of the example machines and their graphs (`fsmc simulate --dump`) into the
output folder, opens each page from its file with the network off, clicks through it, and
after every click checks that the states the diagram highlights are the configuration of the
situation fsmc's graph says the click leads to. The expectations come from fsmc's JSON, never
from states written here: the test names only what it clicks.

    /usr/bin/python3 Tests/Browser/simulator_test.py --fsmc .build/debug/fsmc --output .build/simulator

Needs Debian's chromium, chromium-driver and python3-selenium (see .ci/run).
"""

import argparse
import json
import os
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Page:
    """One machine's page in the browser, and where fsmc's graph says it should be."""

    def __init__(self, driver, fsmc, output, name, page=None, arguments=()):
        self.driver = driver
        self.name = name
        spec = os.path.join(REPOSITORY, "machines", name + ".fsm")
        self.path = os.path.join(output, (page or name) + ".html")
        subprocess.run([fsmc, "simulate", spec, "--output", self.path] + list(arguments), check=True)
        dump = subprocess.run([fsmc, "simulate", spec, "--dump"] + list(arguments), check=True, capture_output=True, text=True).stdout
        self.graph = json.loads(dump)
        self.situation = None
        self.history = []

    def open(self):
        self.driver.get("file://" + self.path)
        check(self.driver.title.startswith(self.graph["machine"]), "%s: the page's title is %r" % (self.name, self.driver.title))
        errors = [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        check(not errors, "%s: the page logged errors: %s" % (self.name, errors))
        resources = self.driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        check(resources == [], "%s: the page loaded %s" % (self.name, resources))
        self.situation = self.follow(self.graph["start"], [])
        self.history = [self.situation]
        self.expect_highlighted("the start")

    def follow(self, step, answers):
        """The situation the outcome of `step` with these guard answers leads to."""
        outcomes = [o for o in step["outcomes"] if [a["value"] for a in o["answers"]] == answers]
        check(len(outcomes) == 1, "%s: %s has no outcome answering %s" % (self.name, step["stimulus"]["label"], answers))
        return outcomes[0]["next"]

    def step(self, predicate, what):
        steps = [s for s in self.graph["situations"][self.situation]["steps"] if predicate(s["stimulus"])]
        check(len(steps) == 1, "%s: situation %d has no step %s" % (self.name, self.situation, what))
        return steps[0]

    def click(self, element_id):
        self.driver.find_element(By.ID, element_id).click()

    def send(self, event, answers=(), asked=True):
        """Clicks an event's button, answers the guards the page asks (or checks that it asks
        none, when the guards' settings answer them), checks where it went."""
        step = self.step(lambda s: s["kind"] == "event" and s["event"] == event, "for event " + event)
        self.click("event-" + event)
        self.answer(answers if asked else ())
        self.arrive(self.follow(step, list(answers)), "event " + event)

    def deliver(self, invocation, result, answers=(), output=None):
        """Clicks what a running invocation delivers: `done`, `error`, `element`, or a child
        machine's `output`."""
        step = self.step(lambda s: s["kind"] == "outcome" and s["invocation"] == invocation and s["result"] == result
                         and s.get("output") == output, "for %s of %s" % (output or result, invocation))
        self.click("invocation-%s-%s" % (invocation, output or result))
        self.answer(answers)
        self.arrive(self.follow(step, list(answers)), "%s %s" % (result, invocation))

    def fire(self, state, group=0):
        names = [s["name"] for s in self.graph["states"]]
        step = self.step(lambda s: s["kind"] == "timer" and names[s["state"]] == state and s["group"] == group,
                         "for the timer of " + state)
        self.click("timer-%s-%d" % (state, group))
        self.arrive(self.follow(step, []), "timer of " + state)

    def answer(self, answers):
        for value in answers:
            question = self.driver.find_element(By.ID, "question-section")
            check(question.is_displayed(), "%s: the page asks no guard, %s expected" % (self.name, answers))
            self.click("answer-true" if value else "answer-false")
        check(not self.driver.find_element(By.ID, "question-section").is_displayed(),
              "%s: the page asks a guard after %s" % (self.name, answers))

    def arrive(self, situation, what):
        self.situation = situation
        self.history.append(situation)
        self.expect_highlighted(what)

    def back(self):
        self.click("back")
        self.history.pop()
        self.situation = self.history[-1]
        self.expect_highlighted("back")

    def highlighted(self):
        script = "return [...document.querySelectorAll('#diagram g.fsmc-active')].map(g => g.getAttribute('data-state'))"
        return sorted(self.driver.execute_script(script))

    def expected(self):
        states = self.graph["states"]
        return sorted(states[index]["name"] for index in self.graph["situations"][self.situation]["active"])

    def expect_highlighted(self, what):
        check(self.situation is not None, "%s: %s leads past the bound" % (self.name, what))
        check(self.highlighted() == self.expected(),
              "%s: after %s the page highlights %s, fsmc's situation %d is %s"
              % (self.name, what, self.highlighted(), self.situation, self.expected()))
        label = self.driver.find_element(By.ID, "situation-label").text
        check(label.startswith("#%d " % self.situation), "%s: after %s the page says %r" % (self.name, what, label))

    def log(self):
        return self.driver.find_element(By.ID, "log").text

    def screenshot(self, output, name):
        self.driver.save_screenshot(os.path.join(output, name))


def navigator(page, output):
    page.open()
    check(not page.driver.find_element(By.ID, "event-open").is_enabled(), "Navigator: open is enabled at login")
    check("no transition here" in page.driver.find_element(By.ID, "events").text, "Navigator: no reason for a disabled event")
    page.send("loggedIn")
    page.send("open")
    page.send("edit")
    page.send("toggleBold")
    page.send("toggleItalic")
    check("enter italicOn" in page.log(), "Navigator: the log does not show italicOn entered")
    page.screenshot(output, "navigator-editor.png")
    page.send("sleep")
    page.send("wake")
    check("main.history" in page.log(), "Navigator: the log does not show the history taken")
    page.back()
    page.back()
    page.send("toggleBold")
    check(page.highlighted() == page.expected(), "Navigator: branching from the past")
    page.click("restart")
    page.situation = page.follow(page.graph["start"], [])
    page.history = [page.situation]
    page.expect_highlighted("restart")


def player(page, output):
    page.open()
    page.send("play")
    page.send("pause")
    page.send("play", answers=[True])
    page.back()
    page.send("play", answers=[False])
    check("its guard answered false" in page.log(), "Player: the log does not say why canResume's transition was not taken")
    check("Cannot resume." in page.log(), "Player: the log does not show the notice")
    page.screenshot(output, "player-guard.png")
    # A guard set to answer by itself asks nothing.
    guard = [i for i, t in enumerate(page.graph["transitions"]) if "canResume" in t["description"]][0]
    page.driver.find_element(By.CSS_SELECTOR, "#guard-%d option[value='true']" % guard).click()
    page.send("play", answers=[True], asked=False)


def profile(page, output):
    page.open()
    page.send("open")
    page.screenshot(output, "profile-loading.png")
    page.deliver("fetchUser", "done")
    check("start changes" in page.log(), "Profile: the stream did not start")
    page.deliver("changes", "element")
    page.back()
    page.back()
    page.deliver("fetchUser", "error", answers=[True])
    page.back()
    page.send("close")
    check("cancel fetchUser" in page.log(), "Profile: closing did not cancel fetchUser")
    page.back()
    page.fire("loading")
    page.screenshot(output, "profile-timer.png")


def recorded_run(page, output, screenshot="navigator-recorded.png"):
    """A run fsm-examples recorded (machines/runs/), replayed by fsmc: each recorded step
    chosen on the page highlights the states fsmc's replay ended in."""
    page.open()
    run = page.graph["recordedRun"]
    check(run is not None and run["divergence"] is None, "%s's recorded run: %r" % (page.name, run))
    check(len(run["steps"]) > 5, "%s's recorded run has %d steps" % (page.name, len(run["steps"])))
    states = page.graph["states"]
    for index, step in enumerate(run["steps"]):
        page.click("recorded-%d" % index)
        expected = sorted(states[state]["name"] for state in step["active"])
        check(page.highlighted() == expected, "recorded step %d highlights %s, the replay ended in %s"
              % (index, page.highlighted(), expected))
        if step["situation"] is not None:
            page.situation = step["situation"]
            check(page.expected() == expected, "recorded step %d: its situation is not the replay's" % index)
    page.screenshot(output, screenshot)


def recorded_run_with_children(page, output):
    """The reading app's run (machines/runs/ReaderFlow.jsonl): the root flow's steps and its
    child flows', each child step labeled with the flow and logged in the child's names."""
    recorded_run(page, output, "readerflow-recorded.png")
    steps = page.graph["recordedRun"]["steps"]
    index = next(i for i, step in enumerate(steps) if step["label"] == "onboardingFlow: event acceptTerms")
    page.click("recorded-%d" % index)
    check("onboardingFlow: exit terms" in page.log(),
          "ReaderFlow's recorded run: the child's step does not show its own exits: %r" % page.log())


def child_machines(page, output):
    """A child machine's output and completion, as ReaderFlow's onboarding flow gives them."""
    page.open()
    page.send("launch")
    page.deliver("onboardingFlow", "output", output="show")
    check("present" in page.log(), "ReaderFlow: the child's output did not run its action")
    page.deliver("onboardingFlow", "done")
    check("cancel onboardingFlow" not in page.log().split("done onboardingFlow")[-1],
          "ReaderFlow: a finished child was cancelled")
    page.screenshot(output, "readerflow-child.png")


def every_machine(driver, fsmc, output):
    """Every example machine's page opens offline, without errors, at its start."""
    names = sorted(name[:-4] for name in os.listdir(os.path.join(REPOSITORY, "machines")) if name.endswith(".fsm"))
    for name in names:
        Page(driver, fsmc, output, name).open()
    return names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fsmc", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    arguments = parser.parse_args()
    arguments.output = os.path.abspath(arguments.output)
    arguments.fsmc = os.path.abspath(arguments.fsmc)
    os.makedirs(arguments.output, exist_ok=True)
    options = Options()
    options.binary_location = arguments.chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(arguments.chromedriver), options=options)
    failures = []
    try:
        # Offline: a page that needed the network would fail here.
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                               {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0})
        trace = ["--trace", os.path.join(REPOSITORY, "machines", "runs", "Navigator.jsonl")]
        scenarios = [
            ("Navigator", lambda: navigator(Page(driver, arguments.fsmc, arguments.output, "Navigator"), arguments.output)),
            ("Player", lambda: player(Page(driver, arguments.fsmc, arguments.output, "Player"), arguments.output)),
            ("Profile", lambda: profile(Page(driver, arguments.fsmc, arguments.output, "Profile"), arguments.output)),
            ("Navigator's recorded run", lambda: recorded_run(
                Page(driver, arguments.fsmc, arguments.output, "Navigator", page="NavigatorRun", arguments=trace), arguments.output)),
            ("ReaderFlow's child machines", lambda: child_machines(
                Page(driver, arguments.fsmc, arguments.output, "Flows/ReaderFlow", page="ReaderFlow",
                     arguments=["--sibling", os.path.join(REPOSITORY, "machines", "Flows")]), arguments.output)),
            ("ReaderFlow's recorded run", lambda: recorded_run_with_children(
                Page(driver, arguments.fsmc, arguments.output, "Flows/ReaderFlow", page="ReaderFlowRun",
                     arguments=["--sibling", os.path.join(REPOSITORY, "machines", "Flows"),
                                "--trace", os.path.join(REPOSITORY, "machines", "runs", "ReaderFlow.jsonl")]), arguments.output)),
            ("every machine", lambda: every_machine(driver, arguments.fsmc, arguments.output)),
        ]
        for name, scenario in scenarios:
            try:
                scenario()
                print("simulator: %s passed" % name)
            except Failure as failure:
                driver.save_screenshot(os.path.join(arguments.output, name + "-failure.png"))
                failures.append(str(failure))
    finally:
        driver.quit()
    for failure in failures:
        print("simulator: FAILED: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
