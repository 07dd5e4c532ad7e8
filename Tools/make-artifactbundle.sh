#!/usr/bin/env bash
# Builds the build plugin's tool, fsmc-build, in release and packs it as an SE-0305 artifact
# bundle for the plugins-only package FSMCPlugins (README, "Prebuilt plugin"; DESIGN,
# "Distribution"):
#
#   FSMCPlugins/fsmc-build.artifactbundle/
#       info.json
#       fsmc-build-<version>-<triple>/bin/fsmc-build
#   FSMCPlugins/fsmc-build.artifactbundle.zip    (what the package's binaryTarget names)
#
# On Linux the tool links the Swift runtime and Foundation statically, so it runs on a machine
# with no Swift installed; on macOS it is a universal binary (arm64 and x86_64). The bundle holds
# one variant for what this machine builds; --add-variants copies the variants of a bundle made
# on another machine (another architecture or system), so a release bundle covers them all.
#
# Usage: Tools/make-artifactbundle.sh [--output DIR] [--add-variants BUNDLE]... [--release-url URL]
#   --output DIR        where the bundle and its zip go (default: FSMCPlugins, which its
#                       Package.swift reads by path)
#   --add-variants B    also pack the variants of the artifact bundle directory B
#   --release-url URL   also write DIR/release/FSMCPlugins: the plugins-only package as it is
#                       published, its binaryTarget at URL with the zip's checksum
# Prints the zip's path and its checksum (swift package compute-checksum) last.
set -euo pipefail
cd "$(dirname "$0")/.."

output=FSMCPlugins
release_url=""
add_variants=()
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output="$2"; shift 2 ;;
        --add-variants) add_variants+=("$2"); shift 2 ;;
        --release-url) release_url="$2"; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown option '$1' (see --help)" >&2; exit 64 ;;
    esac
done

version=$(sed -n 's/^public let fsmcVersion = "\(.*\)"$/\1/p' Sources/FSMCore/Version.swift)
if [ -z "$version" ]; then
    echo "error: no fsmcVersion in Sources/FSMCore/Version.swift" >&2
    exit 1
fi
if ! command -v zip >/dev/null; then
    echo "error: the bundle is zipped with zip, which is not installed (apt-get install zip)" >&2
    exit 1
fi

# A scratch path of its own: the release build of the tool alone, next to the package's debug
# build, which it leaves as it is.
scratch=.build-artifactbundle
case "$(uname -s)" in
    Darwin)
        build=(swift build -c release --product fsmc-build --scratch-path "$scratch" --arch arm64 --arch x86_64)
        triples='"arm64-apple-macosx", "x86_64-apple-macosx"'
        variant="fsmc-build-$version-macos"
        ;;
    *)
        build=(swift build -c release --product fsmc-build --scratch-path "$scratch" --static-swift-stdlib)
        triple=$(swiftc -print-target-info | sed -n 's/^ *"unversionedTriple": "\(.*\)",$/\1/p' | head -1)
        if [ -z "$triple" ]; then
            echo "error: swiftc -print-target-info names no target triple" >&2
            exit 1
        fi
        triples="\"$triple\""
        variant="fsmc-build-$version-$triple"
        ;;
esac

echo "Building fsmc-build $version in release: ${build[*]}"
"${build[@]}"
binary="$("${build[@]}" --show-bin-path)/fsmc-build"
if [ "$("$binary" --version)" != "fsmc-build $version" ]; then
    echo "error: $binary --version does not say fsmc-build $version" >&2
    exit 1
fi

bundle="$output/fsmc-build.artifactbundle"
mkdir -p "$output"
rm -rf "$bundle" "$bundle.zip"
mkdir -p "$bundle/$variant/bin"
cp "$binary" "$bundle/$variant/bin/fsmc-build"
# Symbols are for debugging the tool, not for running it: a third of the Linux binary.
if [ "$(uname -s)" != Darwin ] && command -v strip >/dev/null; then
    strip "$bundle/$variant/bin/fsmc-build"
fi

# A static build needs nothing of a Swift installation: check, so a bundle never ships a tool
# that runs only where Swift is.
if [ "$(uname -s)" != Darwin ] && command -v ldd >/dev/null && ldd "$bundle/$variant/bin/fsmc-build" | grep -q 'libswift\|libFoundation'; then
    ldd "$bundle/$variant/bin/fsmc-build" >&2
    echo "error: the tool links the Swift runtime dynamically" >&2
    exit 1
fi

# One line a variant, so that --add-variants can take another bundle's lines as they are.
variants=("{ \"path\": \"$variant/bin/fsmc-build\", \"supportedTriples\": [$triples] }")
for other in "${add_variants[@]}"; do
    if [ ! -f "$other/info.json" ]; then
        echo "error: $other is not an artifact bundle (no info.json)" >&2
        exit 1
    fi
    while IFS= read -r line; do
        directory=$(sed -n 's/.*"path": "\([^/"]*\)\/.*/\1/p' <<<"$line")
        if [ -z "$directory" ] || [ "$directory" = "$variant" ]; then continue; fi
        cp -R "$other/$directory" "$bundle/$directory"
        line="${line%,}"
        variants+=("${line#"${line%%[![:space:]]*}"}")
    done < <(grep '"supportedTriples"' "$other/info.json")
done

{
    printf '{\n    "schemaVersion": "1.0",\n    "artifacts": {\n        "fsmc-build": {\n'
    printf '            "version": "%s",\n            "type": "executable",\n            "variants": [\n' "$version"
    for index in "${!variants[@]}"; do
        separator=","
        if [ "$index" -eq $((${#variants[@]} - 1)) ]; then separator=""; fi
        printf '                %s%s\n' "${variants[$index]}" "$separator"
    done
    printf '            ]\n        }\n    }\n}\n'
} >"$bundle/info.json"

(cd "$output" && zip -qry fsmc-build.artifactbundle.zip fsmc-build.artifactbundle)
checksum=$(swift package compute-checksum "$bundle.zip")

if [ -n "$release_url" ]; then
    release="$output/release/FSMCPlugins"
    rm -rf "$release"
    mkdir -p "$release/Plugins/FSMGenerator"
    cp Plugins/FSMGenerator/FSMGenerator.swift "$release/Plugins/FSMGenerator/FSMGenerator.swift"
    sed -e "s|^        .binaryTarget(name: \"FSMCBuildBinary\", path: .*|        .binaryTarget(name: \"FSMCBuildBinary\", url: \"$release_url\", checksum: \"$checksum\"),|" \
        FSMCPlugins/Package.swift >"$release/Package.swift"
    if ! grep -q "checksum: \"$checksum\"" "$release/Package.swift"; then
        echo "error: FSMCPlugins/Package.swift has no binaryTarget line to point at $release_url" >&2
        exit 1
    fi
    echo "Release package: $release (publish it with the zip at $release_url)"
fi

size=$(du -k "$bundle.zip" | cut -f1)
echo "Variants: $(grep -o '"supportedTriples": \[[^]]*\]' "$bundle/info.json" | sed 's/"supportedTriples": //' | tr '\n' ' ')"
echo "Artifact bundle: $bundle.zip ($((size / 1024)) MiB)"
echo "Checksum: $checksum"
