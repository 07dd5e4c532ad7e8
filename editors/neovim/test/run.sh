#!/usr/bin/env bash
# Runs headless Neovim as a real client of `fsmc lsp` (client_test.lua): diagnostics of a spec
# with an error, go to definition, and rename. Usage: run.sh path/to/fsmc. Takes a few seconds; the
# whole run is bounded by a 120 s timeout.
set -euo pipefail
fsmc="$(cd "$(dirname "${1:?usage: run.sh path/to/fsmc}")" && pwd)/$(basename "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$here/Door.fsm" "$work/Door.fsm"
# A home of its own: no user configuration, logs and state in the temporary folder.
export HOME="$work" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache"
FSMC="$fsmc" FSMC_SPEC="$work/Door.fsm" FSMC_NEOVIM="$(dirname "$here")" \
    timeout 120 nvim --headless -u NONE -i NONE -n -c "luafile $here/client_test.lua"
