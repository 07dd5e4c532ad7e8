#!/usr/bin/env bash
# Runs `swift test` while two other CPU-heavy builds run on the same cores, as on a developer's
# machine or a shared CI runner: the suite must pass however slowly it is scheduled
# (docs/Reliability.md, "Tests under load").
#
#   Tools/test-under-load.sh [arguments for swift test…]
#
# The load is two clean debug builds of this package, each in its own scratch directory under
# a temporary folder (`swift build --scratch-path`), started before the tests and started
# again, from clean, each time they finish, until the tests end. Tests and load run at the same
# niceness (FSMC_LOAD_NICE, 10 by default), so that the tests get no more of the CPU than the
# builds do. It prints the tests' result, how long they took and the load average seen
# (sampled every 10 s), and exits with `swift test`'s status.
#
# Examples:
#   Tools/test-under-load.sh                                  # the whole suite
#   Tools/test-under-load.sh --filter TaskClockTests          # some tests
#   Tools/test-under-load.sh --skip-build --filter 'TaskClock|MainActorMachine'
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
niceness=${FSMC_LOAD_NICE:-10}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/fsmc-test-under-load.XXXXXX")
log="$scratch/swift-test.log"

# The 1-minute load average: /proc on Linux, sysctl on macOS.
load_average() {
    if [ -r /proc/loadavg ]; then
        cut -d' ' -f1 /proc/loadavg
    else
        sysctl -n vm.loadavg | tr -d '{}' | awk '{ print $1 }'
    fi
}

# One load: a clean build of the package in its own scratch directory, again and again.
build_forever() {
    local directory="$scratch/load-$1"
    while true; do
        rm -rf "$directory"
        nice -n "$niceness" swift build --package-path "$root" --scratch-path "$directory" >"$directory.log" 2>&1
    done
}

# The processes below `pid`, children first.
descendants() {
    local child
    for child in $(pgrep -P "$1"); do
        echo "$child"
        descendants "$child"
    done
}

loads=()
build_forever 1 & loads+=($!)
build_forever 2 & loads+=($!)

# Stops the loads and everything they started: SwiftPM runs the compilers in process groups of
# their own and leaves them running when it is killed, so the whole tree is stopped first (none
# of it can start another process then), gathered again, and only then terminated.
stop_loads() {
    kill "${sampler:-}" 2>/dev/null
    local tree="${loads[*]}" pid
    for pass in 1 2; do
        for pid in "${loads[@]}"; do tree="$tree $(descendants "$pid")"; done
        kill -STOP $tree 2>/dev/null
    done
    kill -TERM $tree 2>/dev/null
    kill -CONT $tree 2>/dev/null
    wait 2>/dev/null
    # The compilers are not this shell's children: wait (up to 30 s) until they are gone, or
    # one still writing its output would leave files behind in the scratch folder.
    for _ in $(seq 30); do
        kill -0 $tree 2>/dev/null || break
        sleep 1
    done
    rm -rf "$scratch"
    # SwiftPM's locks for the scratch directories, beside them in the temporary folder.
    rm -f "${TMPDIR:-/tmp}/$(printf '%s' "$scratch" | tr / _)"_*.lock
}
trap stop_loads EXIT
trap 'exit 130' INT TERM

echo "test-under-load: two clean builds of $root as load (scratch $scratch), niceness $niceness"
samples="$scratch/load-samples"
( while true; do load_average >>"$samples"; sleep 10; done ) &
sampler=$!

started=$(date +%s)
echo "test-under-load: $(date -u '+%Y-%m-%d %H:%M:%S UTC'): swift test $*"
nice -n "$niceness" swift test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
finished=$(date +%s)
kill "$sampler" 2>/dev/null
load_average >>"$samples"

seconds=$((finished - started))
loads_seen=$(awk '{ sum += $1; if ($1 > max) max = $1 } END { if (NR) printf "mean %.2f, max %.2f over %d samples", sum / NR, max, NR }' "$samples")
summary=$(grep -E 'Test run with [0-9]+ tests|Executed [0-9]+ tests' "$log" | tail -2)
if [ "$status" -eq 0 ]; then result=passed; else result="FAILED (swift test exited $status)"; fi
echo
echo "test-under-load: $result in ${seconds} s; 1-minute load average $loads_seen; $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') cores"
[ -n "$summary" ] && echo "$summary" | sed 's/^/test-under-load: /'
exit "$status"
