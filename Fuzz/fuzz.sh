#!/usr/bin/env bash
# Fuzzes the compiler pipeline with libFuzzer for a given time.
#
#   Fuzz/fuzz.sh <seconds> [libFuzzer options…]   build, then fuzz for <seconds>
#   Fuzz/fuzz.sh replay [files…]                   build, then run the crashers (or files) once
#
# Builds the compiler's modules and the target with `swiftc -sanitize=fuzzer,address` into
# .build-fuzz/, seeds a corpus with every spec of the repository, and fuzzes with the
# language's tokens (Fuzz/fsm.dict). An input that crashes, breaks a property or takes a
# second of CPU time or more (the target measures it) is saved under Fuzz/crashers/ and ends
# the run with a non-zero status; so does one that never finishes (-timeout=300, wall-clock:
# under `nice` on a machine busy with builds, the fuzzer can wait minutes for the CPU, and a
# short wall-clock limit flags inputs that merely waited). The corpus grows in
# .build-fuzz/corpus from run to run. FSMC_FUZZ_BUILD=<dir> builds into another folder, so that
# a second build (of newer code, say) does not replace the binary a running campaign's forked
# jobs start from.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: Fuzz/fuzz.sh <seconds> [libFuzzer options…] | Fuzz/fuzz.sh replay [files…]" >&2
    exit 2
}
[ $# -ge 1 ] || usage

build=${FSMC_FUZZ_BUILD:-.build-fuzz}
mkdir -p "$build" Fuzz/crashers

# The compiler's modules (the layers SwiftPM builds: FSMCore, FSMChecker, FSMSwift, FSMCompiler), each
# instrumented, then the target with the property checks it shares with the mutation test.
# `-package-name` as SwiftPM gives it: the layers see each other's `package` declarations.
flags=(-sanitize=fuzzer,address -O -parse-as-library -swift-version 6 -package-name fsmc)
objects=()
for module in FSMCore FSMChecker FSMSwift FSMCompiler; do
    # shellcheck disable=SC2046
    swiftc "${flags[@]}" -wmo -module-name "$module" -I "$build" -emit-module -emit-module-path "$build/$module.swiftmodule" \
        -c $(find "Sources/$module" -name '*.swift' | sort) -o "$build/$module.o"
    objects+=("$build/$module.o")
done
swiftc "${flags[@]}" -module-name FuzzCompiler -I "$build" \
    Fuzz/FuzzCompiler.swift Tests/FSMCompilerTests/Support/PipelineProperties.swift "${objects[@]}" \
    -o "$build/fuzz-compiler"

# Leaks are not what this looks for; the Swift runtime keeps some allocations on purpose.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"

if [ "$1" = replay ]; then
    shift
    if [ $# -eq 0 ]; then
        shopt -s nullglob
        set -- Fuzz/crashers/*
        [ $# -gt 0 ] || { echo "No crashers to replay."; exit 0; }
    fi
    exec "$build/fuzz-compiler" -timeout=300 "$@"
fi

seconds=$1
shift
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

# Seeds: the example machines, the broken and valid specs of the compiler's corpus, the
# reference specs, the run-time test specs, and the inputs that once broke the compiler.
seeds="$build/seeds"
rm -rf "$seeds"
mkdir -p "$seeds" "$build/corpus"
{ find machines Tests/FSMCompilerTests/Corpus Tests/ReferenceTests/Specs Tests/MachinesTests/Specs -name '*.fsm'; find Fuzz/crashers -type f; } |
    while read -r spec; do cp "$spec" "$seeds/$(echo "$spec" | tr '/' '_')"; done
echo "Seeded $(ls "$seeds" | wc -l) specs; fuzzing for $seconds s."

exec "$build/fuzz-compiler" "$build/corpus" "$seeds" \
    -dict=Fuzz/fsm.dict -timeout=300 -report_slow_units=300 -max_len=8192 -max_total_time="$seconds" \
    -artifact_prefix=Fuzz/crashers/ -print_final_stats=1 "$@"
