extension SimulatorPage {
    /// The page's JavaScript. It decides nothing: every step it offers and takes is one of the
    /// embedded graph's (`SimulationGraphJSONEmitter`), every text it shows was written by fsmc.
    /// What it keeps is where the user is: the situation, the timeline, the guard answers chosen.
    /// Where the live mode's part of the script goes (``liveScript``); nothing offline.
    static let liveMarker = "/*LIVE*/\n"

    static let script = #"""
        "use strict";
        (function () {
          const graph = JSON.parse(document.getElementById("fsmc-graph").textContent);
          const $ = (id) => document.getElementById(id);
          const nodesByState = new Map();
          // What the user chose for each guard: "ask" (pause and ask), "true" or "false".
          const guardSettings = new Map();
          // The timeline: each entry is a situation reached (index, or null past the bound), the
          // step that reached it and its log. `position` is the entry shown.
          let timeline = [];
          let position = -1;
          // A step waiting for guard answers: the step, where it starts, the answers so far.
          let pending = null;
          // Whether the user may not step now (the live mode, while it follows an instance).
          let locked = () => false;
          // How many steps of the timeline the step log shows, up to the current one.
          let logLimit = Infinity;

          function element(tag, attributes, ...children) {
            const node = document.createElement(tag);
            for (const [name, value] of Object.entries(attributes || {})) {
              if (name === "onclick") node.addEventListener("click", value);
              else if (name === "disabled") node.disabled = value;
              else if (value !== undefined && value !== null) node.setAttribute(name, value);
            }
            for (const child of children) node.append(child);
            return node;
          }

          function findDiagramNodes() {
            // The diagram fits the space it has (the style sizes it; the view box keeps its shape).
            const svg = document.querySelector("#diagram svg");
            if (svg) {
              svg.removeAttribute("width");
              svg.removeAttribute("height");
            }
            const titles = new Map();
            for (const group of document.querySelectorAll("#diagram g.node, #diagram g.cluster")) {
              const title = group.querySelector(":scope > title");
              if (title) titles.set(title.textContent, group);
            }
            graph.states.forEach((state, index) => {
              const group = titles.get(state.svgTitle);
              if (group) {
                group.setAttribute("data-state", state.name);
                nodesByState.set(index, group);
              }
            });
          }

          const current = () => (position >= 0 ? timeline[position].situation : null);
          const situationAt = (index) => (index === null || index === undefined ? null : graph.situations[index]);

          function describeSituation(index) {
            const situation = situationAt(index);
            if (!situation) return "beyond the bound";
            const atomic = situation.atomic.map((state) => graph.states[state].name).join(", ");
            return "#" + index + " " + atomic + (situation.finished ? " (finished)" : "");
          }

          // MARK: Steps and guard answers

          // The outcomes of `step` whose answers begin with `answers`.
          function consistent(step, answers) {
            return step.outcomes.filter((outcome) =>
              answers.length <= outcome.answers.length && answers.every((value, index) => outcome.answers[index].value === value));
          }

          // Follows the guard settings as far as they go: takes the outcome they lead to, or
          // asks the user for the next guard, or says the answers lead nowhere explored.
          function advance() {
            const { step, answers } = pending;
            const candidates = consistent(step, answers);
            const complete = candidates.find((outcome) => outcome.answers.length === answers.length);
            if (complete) {
              pending = null;
              take(step, complete);
              return;
            }
            if (candidates.length === 0) {
              pending = null;
              showMessage("beyond-message", step.outcomes.length === 0
                ? "This step does not end: every way its guards answer loops on eventless transitions or raised events, or exceeds the checker's limits."
                : "These guard answers lead to a step fsmc did not follow: it loops without end, or needs more answers than the checker's limits.");
              render();
              return;
            }
            const transition = candidates[0].answers[answers.length].transition;
            const setting = guardSettings.get(transition) || "ask";
            if (setting === "ask") {
              pending.asking = transition;
              render();
              return;
            }
            pending.answers = answers.concat([setting === "true"]);
            advance();
          }

          function begin(step) {
            hideMessage("beyond-message");
            pending = { step: step, answers: [], asking: null };
            advance();
          }

          function answer(value) {
            pending.answers = pending.answers.concat([value]);
            pending.asking = null;
            advance();
          }

          function take(step, outcome) {
            // Stepping from a past situation branches: what followed it is dropped.
            timeline = timeline.slice(0, position + 1);
            timeline.push({ situation: outcome.next, label: step.stimulus.label, outcome: outcome });
            position = timeline.length - 1;
            if (outcome.next === null) {
              showMessage("beyond-message", (outcome.past || "This step leads past a bound: fsmc did not list where it ends.") + " The page cannot show where it ends: step back, restart or force a situation.");
            }
            render();
          }

          function restart() {
            timeline = [];
            position = -1;
            pending = null;
            begin(graph.start);
          }

          function force(index) {
            pending = null;
            hideMessage("beyond-message");
            timeline = timeline.slice(0, position + 1);
            timeline.push({ situation: index, label: "force " + describeSituation(index), outcome: null });
            position = timeline.length - 1;
            render();
          }

          function showMessage(id, text) {
            $(id).textContent = text;
            $(id).hidden = false;
          }

          function hideMessage(id) {
            $(id).hidden = true;
          }

          // MARK: Rendering

          function render() {
            const index = current();
            const situation = situationAt(index);
            $("situation-label").textContent = position < 0 ? "not started" : describeSituation(index);
            $("back").disabled = position <= 0;
            $("forward").disabled = position >= timeline.length - 1;
            $("force").value = index === null || index === undefined ? "" : String(index);
            highlight(situation);
            renderQuestion();
            const waiting = pending !== null || locked();
            renderEvents(situation, waiting);
            renderTimers(situation, waiting);
            renderInvocations(situation, waiting);
            renderList("kept", situation ? situation.kept : [], (event) => element("div", { class: "sample" }, event), "none waiting");
            $("kept").parentElement.hidden = !situation || situation.kept.length === 0;
            renderHistories(situation);
            renderProperties(situation);
            renderTimeline();
            renderLog();
          }

          function highlight(situation) {
            // A recorded step past the bound still says which states were active.
            const entry = position >= 0 ? timeline[position] : null;
            const active = new Set(situation ? situation.active : entry && entry.active ? entry.active : []);
            nodesByState.forEach((group, state) => group.classList.toggle("fsmc-active", active.has(state)));
          }

          function renderQuestion() {
            const section = $("question-section");
            const box = $("question");
            box.replaceChildren();
            if (!pending || pending.asking === null) {
              section.hidden = true;
              return;
            }
            section.hidden = false;
            const transition = graph.transitions[pending.asking];
            box.append(
              element("div", {}, "For " + pending.step.stimulus.label + ", does the guard of"),
              element("div", { class: "sample" }, transition.description),
              element("div", {}, "answer true or false?"),
              element("button", { id: "answer-true", type: "button", onclick: () => answer(true) }, "true"),
              element("button", { id: "answer-false", type: "button", onclick: () => answer(false) }, "false"),
              element("button", { id: "answer-cancel", type: "button", onclick: () => { pending = null; render(); } }, "cancel"));
          }

          function stepsOf(situation, kind) {
            return situation ? situation.steps.filter((step) => step.stimulus.kind === kind) : [];
          }

          function payloadText(parameters) {
            if (parameters.length === 0) return "";
            return "(" + parameters.map((parameter) =>
              (parameter.label ? parameter.label + ": " : "") + (parameter.sample === null ? "<no sample of " + parameter.type + ">" : parameter.sample)).join(", ") + ")";
          }

          function renderEvents(situation, waiting) {
            const box = $("events");
            box.replaceChildren();
            if (!situation) {
              box.append(element("div", { class: "muted" }, position < 0 ? "not started" : "nothing to show past the bound"));
              return;
            }
            const steps = new Map(stepsOf(situation, "event").map((step) => [step.stimulus.event, step]));
            const refused = new Map(situation.refused.map((refusal) => [refusal.event, refusal.why]));
            for (const event of graph.events) {
              const step = steps.get(event.name);
              const row = element("div", { class: "row" });
              row.append(element("button", { id: "event-" + event.name, type: "button", disabled: !step || waiting, onclick: () => begin(step) }, event.name));
              const payload = payloadText(event.parameters);
              if (payload) row.append(element("span", { class: "sample" }, payload));
              if (!step) row.append(element("span", { class: "why" }, situation.unexplored ? "not explored: the search spent its budget first" : refused.get(event.name) || ""));
              else if (step.incomplete) row.append(element("span", { class: "why" }, "some answers lead to a step fsmc did not follow"));
              box.append(row);
            }
          }

          // What a recorded step past the bound says is running: its labels, without buttons.
          function renderRunning(box, items) {
            box.parentElement.hidden = items.length === 0;
            for (const item of items) box.append(element("div", { class: "sample" }, item));
          }

          function renderTimers(situation, waiting) {
            const box = $("timers");
            box.replaceChildren();
            const entry = position >= 0 ? timeline[position] : null;
            if (!situation && entry && entry.timers) return renderRunning(box, entry.timers);
            const steps = stepsOf(situation, "timer");
            // Sections with nothing in them stay out of the way.
            box.parentElement.hidden = steps.length === 0;
            steps.forEach((step, index) => {
              box.append(element("div", { class: "row" },
                element("span", { class: "sample" }, step.stimulus.label),
                element("button", { id: "timer-" + graph.states[step.stimulus.state].name + "-" + step.stimulus.group, type: "button", disabled: waiting, onclick: () => begin(step) }, "fire now")));
            });
          }

          const resultWords = { done: "complete", error: "fail", element: "element", output: "output" };

          function renderInvocations(situation, waiting) {
            const box = $("invocations");
            box.replaceChildren();
            const entry = position >= 0 ? timeline[position] : null;
            if (!situation && entry && entry.invocations) return renderRunning(box, entry.invocations);
            const invocations = situation ? situation.invocations : [];
            box.parentElement.hidden = invocations.length === 0;
            for (const invocation of invocations) {
              const row = element("div", { class: "row" }, element("span", { class: "sample" }, invocation.text));
              for (const step of stepsOf(situation, "outcome").filter((step) => step.stimulus.invocation === invocation.name)) {
                const stimulus = step.stimulus;
                let word = resultWords[stimulus.result];
                if (stimulus.result === "output") word = stimulus.output;
                else if (stimulus.result === "done" && invocation.kind !== "call") word = "finish";
                const id = "invocation-" + invocation.name + "-" + (stimulus.output || stimulus.result);
                row.append(element("button", { id: id, type: "button", title: stimulus.label + payloadText(stimulus.payload), disabled: waiting, onclick: () => begin(step) }, word));
              }
              box.append(row);
            }
          }

          function renderList(id, items, make, empty) {
            const box = $(id);
            box.replaceChildren();
            if (items.length === 0) box.append(element("div", { class: "muted" }, empty));
            for (const item of items) box.append(make(item));
          }

          function renderHistories(situation) {
            renderList("histories", situation ? situation.histories : [], (history) => element("div", { class: "sample" },
              graph.states[history.state].name + ".history: " +
              (history.remembers === null ? "never left (its default)" : history.remembers.map((state) => graph.states[state].name).join(", "))),
              "no state has a history");
          }

          function renderProperties(situation) {
            renderList("properties", graph.properties, (property) => {
              const index = graph.properties.indexOf(property);
              const values = situation ? situation.properties[index] : null;
              const row = element("div", {}, element("div", { class: "sample" }, "assert " + property.text));
              property.conditions.forEach((condition, position) => {
                const value = values ? values[position] : null;
                row.append(element("div", { class: value ? "holds" : "muted" },
                  "  " + condition + ": " + (value === null ? "no situation" : value ? "true here" : "false here")));
              });
              return row;
            }, "the spec asserts nothing");
          }

          function renderTimeline() {
            const list = $("timeline");
            list.replaceChildren();
            timeline.forEach((entry, index) => {
              const item = element("li", { class: index === position ? "current" : index > position ? "future" : "" },
                entry.label + " → " + describeSituation(entry.situation));
              item.addEventListener("click", () => { pending = null; position = index; render(); });
              list.append(item);
            });
          }

          // The recorded run (fsmc simulate --trace): each step replayed by fsmc's interpreter;
          // choosing one shows the run up to it on the timeline, from where the user may branch.
          function renderRecorded() {
            const run = graph.recordedRun;
            if (!run) return;
            $("recorded-section").hidden = false;
            $("recorded-divergence").textContent = run.divergence ? "The run parts from the spec: " + run.divergence : "";
            const list = $("recorded");
            run.steps.forEach((step, index) => {
              const item = element("li", { id: "recorded-" + index }, step.label + " (" + step.lines + ")");
              item.addEventListener("click", () => showRecorded(index));
              list.append(item);
            });
          }

          function showRecorded(index) {
            showSteps(graph.recordedRun.steps.map((step) => ({ step: step, label: "recorded " + step.label })), index);
          }

          // Shows recorded steps (`{step, label}`) on the timeline, the one at `index` current.
          function showSteps(steps, index) {
            pending = null;
            hideMessage("beyond-message");
            timeline = steps.map(({ step, label }) => ({
              situation: step.situation, active: step.active, timers: step.timers, invocations: step.invocations, label: label,
              outcome: { answers: [], recordedAnswers: step.answers, log: step.log },
            }));
            position = index;
            render();
          }

          function renderLog() {
            const box = $("log");
            box.replaceChildren();
            for (const entry of timeline.slice(Math.max(0, position + 1 - logLimit), position + 1)) {
              box.append(element("div", { class: "step" }, entry.label));
              if (!entry.outcome) continue;
              for (const answer of entry.outcome.recordedAnswers || []) box.append(element("div", { class: "guard" }, "guard " + answer));
              for (const answer of entry.outcome.answers) {
                box.append(element("div", { class: "guard" }, "guard of " + graph.transitions[answer.transition].description + ": " + answer.value));
              }
              for (const line of entry.outcome.log) box.append(element("div", { class: line.kind }, line.text));
            }
            box.scrollTop = box.scrollHeight;
          }

          function renderGuards() {
            const box = $("guards");
            box.replaceChildren();
            const guarded = new Set();
            const collect = (step) => step.outcomes.forEach((outcome) => outcome.answers.forEach((answer) => guarded.add(answer.transition)));
            collect(graph.start);
            graph.situations.forEach((situation) => situation.steps.forEach(collect));
            if (guarded.size === 0) box.append(element("div", { class: "muted" }, "no guard is left to the user: in(…) decides every one"));
            for (const transition of [...guarded].sort((a, b) => a - b)) {
              const select = element("select", { id: "guard-" + transition });
              for (const option of ["ask", "true", "false"]) select.append(element("option", { value: option }, option));
              select.addEventListener("change", () => guardSettings.set(transition, select.value));
              box.append(element("div", { class: "row" }, select, element("span", { class: "sample" }, graph.transitions[transition].description)));
            }
          }

          function renderForceOptions() {
            const select = $("force");
            select.append(element("option", { value: "" }, "—"));
            graph.situations.forEach((situation, index) => select.append(element("option", { value: String(index) }, describeSituation(index))));
            select.addEventListener("change", () => { if (select.value !== "") force(Number(select.value)); });
          }

        /*LIVE*/
          $("machine-name").textContent = graph.machine;
          if (graph.cuts.length > 0) {
            showMessage("bound-message", graph.cuts.join(" "));
          }
          $("restart").addEventListener("click", restart);
          $("back").addEventListener("click", () => { if (position > 0) { pending = null; position -= 1; render(); } });
          $("forward").addEventListener("click", () => { if (position < timeline.length - 1) { pending = null; position += 1; render(); } });
          findDiagramNodes();
          renderGuards();
          renderForceOptions();
          renderRecorded();
          restart();
        })();
        """#
}
