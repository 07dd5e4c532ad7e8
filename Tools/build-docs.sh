#!/usr/bin/env bash
# Builds FSMRuntime's DocC catalog (Sources/FSMRuntime/FSMRuntime.docc) with the toolchain's own
# docc, no package dependency, and fails when the documentation is incomplete:
#
#   1. `swift build --target FSMRuntime` with the compiler's symbol-graph output (extension
#      blocks included, so that DocC shows what FSMRuntime adds to `Collection`), in a scratch
#      path of its own (.build-docs), so that the flags do not invalidate the main build in
#      .build; incremental after the first run. (SwiftPM 6.3 also builds the build plugin's tool,
#      fsmc-build, before any target of this package: most of a clean run's minute.)
#   2. `docc convert` over FSMRuntime's symbol graphs, warnings as errors: a broken link
#      (<doc:Missing>, ``Missing``), an unknown parameter or a missing one fails the build.
#   3. Tools/check-doc-coverage.swift, run by the toolchain's interpreter: every public symbol
#      of FSMRuntime has a doc comment of its own with an abstract (the rule, and the members
#      synthesized from the standard library's protocols it skips, are in that file).
#
# Usage: Tools/build-docs.sh [--output <dir>] [--preview]
#   --output   where the documentation archive goes (default: .build-docs/FSMRuntime.doccarchive)
#   --preview  after the checks, serve the catalog with `docc preview` (http://localhost:8080/
#              documentation/fsmruntime), rebuilding it as the catalog's files change
# DOCC=/path/to/docc overrides the docc found beside `swift` (or through xcrun on macOS).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
output="$scratch/FSMRuntime.doccarchive"
preview=false
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output="$2"; shift 2 ;;
        --preview) preview=true; shift ;;
        *) echo "usage: Tools/build-docs.sh [--output <dir>] [--preview]" >&2; exit 2 ;;
    esac
done

catalog=Sources/FSMRuntime/FSMRuntime.docc
# Every module the build compiles writes its graphs here (the build plugin's tool's too);
# docc is given FSMRuntime's alone, copied into a folder of their own.
graphs="$PWD/$scratch/symbol-graphs"
runtime_graphs="$scratch/FSMRuntime-symbol-graphs"

# The toolchain's docc: beside the `swift` on the PATH (a Linux toolchain, swift.org's macOS
# toolchains), else Xcode's.
docc="${DOCC:-}"
if [ -z "$docc" ]; then
    swift_path="$(command -v swift)"
    beside_swift="$(dirname "$(readlink -f "$swift_path" 2>/dev/null || echo "$swift_path")")/docc"
    if [ -x "$beside_swift" ]; then
        docc="$beside_swift"
    elif command -v xcrun >/dev/null && xcrun --find docc >/dev/null 2>&1; then
        docc="$(xcrun --find docc)"
    elif command -v docc >/dev/null; then
        docc="$(command -v docc)"
    else
        echo "build-docs: no docc beside $swift_path, through xcrun or on the PATH; set DOCC" >&2
        exit 1
    fi
fi

start=$SECONDS
build() {
    swift build --target FSMRuntime --scratch-path "$scratch" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -emit-extension-block-symbols
}
build
if [ ! -f "$graphs/FSMRuntime.symbols.json" ]; then
    # An up-to-date build emits nothing: the graphs were deleted since FSMRuntime was compiled.
    # Start the scratch path afresh (SwiftPM's plan would miss any part of it removed alone).
    rm -rf "$scratch"
    build
fi
rm -rf "$runtime_graphs"
mkdir -p "$runtime_graphs"
# The module's graph and those of the other modules' types it extends (FSMRuntime@Swift), each
# compile writing them all at once: one older than the module's graph is left from an earlier
# compile, for an extension FSMRuntime no longer has.
main_graph="$graphs/FSMRuntime.symbols.json"
for graph in "$main_graph" "$graphs"/FSMRuntime@*.symbols.json; do
    if [ -f "$graph" ] && ! [ "$main_graph" -nt "$graph" ]; then cp "$graph" "$runtime_graphs"/; fi
done

docc_options=(
    --additional-symbol-graph-dir "$runtime_graphs"
    --fallback-display-name FSMRuntime
    --fallback-bundle-identifier fsmc.FSMRuntime
    --warnings-as-errors
)
rm -rf "$output"
"$docc" convert "$catalog" "${docc_options[@]}" --output-path "$output"

coverage="$(swift Tools/check-doc-coverage.swift "$runtime_graphs" FSMRuntime)" || {
    echo "$coverage" >&2
    echo "build-docs: every public symbol of FSMRuntime needs a doc comment with an abstract" >&2
    exit 1
}
symbols="$(echo "$coverage" | sed -n 's/^check-doc-coverage: \([0-9]*\) public symbols.*/\1/p')"
# Articles: the catalog's pages other than the landing page and the symbols' extension files,
# which start with a symbol link (# ``FSMRuntime/…``).
articles=0
for page in $(find "$catalog" -name '*.md'); do
    if ! head -n 1 "$page" | grep -q '^# ``'; then articles=$((articles + 1)); fi
done

echo "build-docs: $output"
echo "build-docs: FSMRuntime's catalog, no warnings: $symbols public symbols all documented, $articles articles, in $((SECONDS - start)) s"

if $preview; then
    exec "$docc" preview "$catalog" "${docc_options[@]}" --output-path "$scratch/preview"
fi
