#!/usr/bin/env bash
# Smoke-test the built executable the way a user's double-click runs it:
# from a folder outside the checkout, with an almost empty environment and a
# fresh home folder, under SDL's dummy video and audio drivers.
#
#     scripts/smoke_exe.sh [path/to/chess-variants]     (default dist/chess-variants)
#
# Checks: --version answers; --smoke-frames 120 exits 0; the user data folder
# is the platformdirs one under $HOME and nothing is written into the current
# folder; and a computer-vs-computer chess game loaded with --load makes moves
# (the bots think in "spawn" worker processes, which in the executable only
# work thanks to multiprocessing.freeze_support()).
set -euo pipefail

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
    sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    exit 0
fi

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exe="${1:-$here/dist/chess-variants}"
[[ -f "$exe" || ! -f "$exe.exe" ]] || exe="$exe.exe"
exe="$(cd "$(dirname "$exe")" && pwd)/$(basename "$exe")"
if [[ ! -x "$exe" ]]; then
    echo "smoke_exe.sh: no executable at $exe (build it with scripts/build_exe.sh)" >&2
    exit 1
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/cwd" "$tmp/home"
cd "$tmp/cwd"

run() {
    env -i PATH=/usr/bin:/bin HOME="$tmp/home" \
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$exe" "$@"
}

echo "-- $exe --version"
version="$(run --version)"
echo "$version"
[[ "$version" == "Chess Variants "* ]] || { echo "unexpected --version: $version" >&2; exit 1; }

echo "-- --smoke-frames 120"
run --smoke-frames 120
echo "exit code 0"

data="$tmp/home/.local/share/ChessVariants"
if [[ "$(uname -s)" == Linux ]]; then
    [[ -d "$data" ]] || { echo "no user data folder at $data" >&2; exit 1; }
fi
if [[ -n "$(ls -A "$tmp/cwd")" ]]; then
    echo "the executable wrote into the current folder:" >&2
    ls -A "$tmp/cwd" >&2
    exit 1
fi

echo "-- computer vs computer (bots in worker processes)"
cat >"$tmp/cvc.json" <<'JSON'
{"format": 1, "app_version": "0.1.0", "game": "chess", "options": {}, "seed": 1,
 "players": ["computer:search:1", "computer:random"], "actions": [], "redo": [],
 "final": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}
JSON
run --load "$tmp/cvc.json" --smoke-frames 300 &
app=$!
# A worker that cannot start (no freeze_support) dies at once and the app
# falls back to random moves, so look for live workers, not only for moves.
sleep 3
workers="$(ps -eo args= | awk -v e="$exe" 'substr($1, 1, length(e)) == e && /--multiprocessing-fork/' | wc -l)"
wait "$app" || { echo "the computer-vs-computer run failed" >&2; exit 1; }
if [[ "$workers" -lt 1 ]]; then
    echo "no bot worker process was running 3 s into the game" >&2
    exit 1
fi
echo "bot worker processes alive during the game: $workers"
autosave="$data/saves/autosave.json"
[[ "$(uname -s)" == Linux ]] || autosave="$(find "$tmp/home" -name autosave.json | head -n1)"
moves="$(grep -o '"[01]": *"[^"]*"' "$autosave" 2>/dev/null | wc -l || true)"
if [[ "$moves" -lt 2 ]]; then
    echo "the computer players made no moves (autosave: $autosave)" >&2
    exit 1
fi
echo "the bots played $moves moves"
sleep 1
# Any process still running the executable (the app or a bot worker)?
leftover="$(ps -eo pid=,args= | awk -v e="$exe" 'substr($2, 1, length(e)) == e { print $1 }')"
if [[ -n "$leftover" ]]; then
    echo "processes of the executable are still running: $leftover" >&2
    exit 1
fi
echo "smoke test passed"
