extension SimulatorPage {
    /// The live mode's part of the page's script (`fsmc inspect`), inside the page's function,
    /// before it starts. It decides nothing either: it long-polls the inspector's `/updates`
    /// (docs/Inspector.md, "The inspector") and shows what came, each step as the inspector
    /// replayed it, in the shape of a recorded run's steps. While it follows an instance the
    /// diagram shows the newest step and the user cannot step; "Stop following" (or choosing a
    /// step) freezes the view, and the user branches from there as from a recorded run.
    static let liveScript = #"""
          // MARK: Live mode (fsmc inspect)

          const live = JSON.parse(document.getElementById("fsmc-live").textContent);
          const wanted = new URLSearchParams(location.search).get("instance");
          // The instance followed (its id), whether the user froze the view, the steps received
          // ({run, step}), the newest record of each run, and where the next update starts.
          let following = null;
          let frozen = false;
          // The latest steps received, at most `keptSteps` (a busy app streams for as long as
          // it runs); `receivedBefore` counts those let go.
          const keptSteps = 1000;
          let received = [];
          let receivedBefore = 0;
          let runs = new Map();
          let cursor = { run: 1, step: 0 };
          let liveVersion = -1;
          let controller = null;

          locked = () => following !== null && !frozen;
          // A live run goes on: the log shows its last steps.
          logLimit = 100;

          const entryOf = ({ run, step }) => ({ step: step, label: "run " + run + " · " + step.label });

          function follow(id) {
            following = id;
            frozen = false;
            received = [];
            receivedBefore = 0;
            runs = new Map();
            cursor = { run: 1, step: 0 };
            liveVersion = -1;
            $("live-steps").replaceChildren();
            if (controller) controller.abort();
          }

          function stopFollowing() {
            if (following === null || frozen) return;
            frozen = true;
            renderLiveStatus();
            render();
          }

          function resumeFollowing() {
            frozen = false;
            if (received.length > 0) showSteps(received.map(entryOf), received.length - 1);
            else restart();
            renderLiveStatus();
          }

          function renderInstances(update) {
            const box = $("live-instances");
            box.replaceChildren();
            if (update.instances.length === 0) {
              box.append(element("div", { class: "muted" }, "No app is connected yet."));
            }
            for (const instance of update.instances) {
              const ours = instance.machine === graph.machine;
              const text = (instance.machine || "?") + " · " + instance.instance + " · " + instance.process + " · since " + instance.since
                + " · " + instance.state + " · " + instance.runs + (instance.runs === 1 ? " run" : " runs")
                + " · " + instance.steps + (instance.steps === 1 ? " step" : " steps")
                + (instance.dropped > 0 ? " · " + instance.dropped + " dropped" : "")
                + (instance.errors > 0 ? " · " + instance.errors + (instance.errors === 1 ? " error" : " errors") : "");
              const row = element("div", { id: "live-instance-" + instance.id, class: "live-instance " + instance.state + (instance.id === following ? " followed" : "") });
              if (ours) {
                row.append(element("button", { id: "follow-" + instance.id, type: "button", disabled: instance.id === following && !frozen,
                  onclick: () => follow(instance.id) }, instance.id === following ? "following" : "follow"));
              } else if (instance.page) {
                row.append(element("a", { href: instance.page }, "open"));
              }
              row.append(element("span", {}, text));
              box.append(row);
            }
            $("live-refused").hidden = update.refused === 0;
            $("live-refused").textContent = update.refused + (update.refused === 1 ? " connection" : " connections") + " refused (a wrong token or hello)";
          }

          function renderLiveStatus() {
            const button = $("follow");
            button.disabled = following === null;
            button.textContent = frozen ? "Follow again" : "Stop following";
            const newest = runs.size > 0 ? runs.get(Math.max(...runs.keys())) : null;
            $("live-status").textContent = following === null ? "no instance followed"
              : (frozen ? "stopped following instance " : "following instance ") + following
                + (newest ? ", run " + newest.run + " (" + newest.state + ")" : "");
            const divergence = newest ? newest.divergence : null;
            $("live-divergence").hidden = !divergence;
            $("live-divergence").textContent = divergence ? "The run parts from the spec: " + divergence : "";
            const errors = [...runs.values()].flatMap((run) => run.errors);
            const list = $("live-errors");
            list.replaceChildren(...errors.map((error) => element("li", {}, error)));
            list.hidden = errors.length === 0;
            const counts = [...runs.values()].flatMap((run) => [
              run.dropped > 0 ? "run " + run.run + " began after the app dropped " + run.dropped + (run.dropped === 1 ? " line" : " lines") : null,
              run.ignored > 0 ? "run " + run.run + ": " + run.ignored + (run.ignored === 1 ? " line" : " lines") + " after the divergence read and ignored" : null,
            ]).filter((text) => text !== null);
            $("live-dropped").hidden = counts.length === 0;
            $("live-dropped").textContent = counts.join("; ");
            for (const [id, key] of [["live-save-trace", "trace"], ["live-save-test", "test"]]) {
              const link = $(id);
              link.hidden = !newest;
              if (newest) link.setAttribute("href", newest[key]);
            }
          }

          function receive(update) {
            const followed = update.following;
            if (!followed || followed.instance !== following) return false;
            let added = false;
            for (const run of followed.runs) {
              if (run.run < cursor.run) continue;
              const skip = run.run === cursor.run ? Math.max(0, cursor.step - run.from) : 0;
              const list = $("live-steps");
              for (const step of run.steps.slice(skip)) {
                const number = receivedBefore + received.length;
                received.push({ run: run.run, step: step });
                const item = element("li", { id: "live-step-" + number }, "run " + run.run + " · " + step.label + " (" + step.lines + ")");
                item.addEventListener("click", () => {
                  if (number < receivedBefore) return;
                  frozen = true;
                  showSteps(received.map(entryOf), number - receivedBefore);
                  renderLiveStatus();
                });
                list.append(item);
                added = true;
              }
              runs.set(run.run, run);
              cursor = { run: run.run, step: run.from + run.steps.length };
            }
            if (received.length > keptSteps) {
              const letGo = received.length - keptSteps;
              received.splice(0, letGo);
              receivedBefore += letGo;
              const list = $("live-steps");
              for (let index = 0; index < letGo && list.firstElementChild; index += 1) list.firstElementChild.remove();
            }
            return added;
          }

          function apply(update) {
            liveVersion = update.version;
            $("live-connection").textContent = "";
            // The instance the address names, else the first of this machine to connect.
            if (following === null) {
              const ours = update.instances.filter((instance) => instance.machine === graph.machine);
              const choice = wanted !== null ? ours.find((instance) => String(instance.id) === wanted) : ours[0];
              if (choice) follow(choice.id);
            }
            renderInstances(update);
            const added = receive(update);
            if (added && following !== null && !frozen) showSteps(received.map(entryOf), received.length - 1);
            renderLiveStatus();
          }

          async function poll() {
            for (;;) {
              controller = new AbortController();
              const query = "?since=" + liveVersion + (following === null ? "" : "&instance=" + following + "&run=" + cursor.run + "&step=" + cursor.step);
              try {
                const response = await fetch(live.updates + query, { signal: controller.signal, cache: "no-store", credentials: "same-origin" });
                if (!response.ok) throw new Error("the inspector answered " + response.status);
                apply(await response.json());
                // A busy app changes the session at every line: a breath between polls.
                await new Promise((resolve) => setTimeout(resolve, 50));
              } catch (error) {
                if (error.name === "AbortError") continue;
                $("live-connection").textContent = "The inspector cannot be reached (" + error.message + "): trying again.";
                await new Promise((resolve) => setTimeout(resolve, 1000));
              }
            }
          }

          $("follow").addEventListener("click", () => (frozen ? resumeFollowing() : stopFollowing()));
          // Going back, restarting or forcing a situation stops following first.
          for (const id of ["back", "forward", "restart"]) $(id).addEventListener("click", stopFollowing);
          $("force").addEventListener("change", stopFollowing);
          setTimeout(poll, 0);

        """#

    /// The live mode's CSS.
    static let liveStyle = #"""
        #live-section { border-color: #3a6df0; }
        #live-instances .live-instance { font-size: 12px; margin: 2px 0; }
        #live-instances .live-instance.followed { font-weight: bold; }
        #live-instances .live-instance.diverged span { color: #b42318; }
        #live-instances .live-instance.disconnected span { color: #6b7385; }
        #live-divergence { font-family: ui-monospace, Menlo, monospace; white-space: pre-wrap; margin: 4px 0; }
        #live-errors { font-family: ui-monospace, Menlo, monospace; margin: 4px 0; padding-left: 18px; }
        #live-section a { margin-right: 10px; font-size: 13px; }
        #live-steps { max-height: 200px; overflow-y: auto; margin: 4px 0 0; padding-left: 22px; }
        #live-steps li { cursor: pointer; font-size: 12px; }
        """#
}
