#!/usr/bin/env bash
# Build the standalone one-file executable with PyInstaller (build.spec).
#
#     scripts/build_exe.sh
#
# Result: dist/chess-variants (dist/chess-variants.exe on Windows, run from
# Git Bash; dist/Chess Variants.app as well on macOS). Scratch files go to
# build/. DIST_DIR and BUILD_DIR move them elsewhere (CI does). Uses $PYTHON if set, else .venv/bin/python (or .venv/Scripts/python
# on Windows), else python3; that Python needs the project's dev extras
# installed (pip install -e ".[dev]", which brings PyInstaller).
set -euo pipefail

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
    sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    exit 0
fi

cd "$(dirname "${BASH_SOURCE[0]}")/.."

py="${PYTHON:-}"
if [[ -z "$py" ]]; then
    for candidate in .venv/bin/python .venv/Scripts/python.exe python3; do
        if command -v "$candidate" >/dev/null 2>&1; then
            py="$candidate"
            break
        fi
    done
fi
if ! "$py" -c "import PyInstaller" 2>/dev/null; then
    echo "build_exe.sh: PyInstaller is not installed for $py" >&2
    echo "  install the dev extras: $py -m pip install -e \".[dev]\"" >&2
    exit 1
fi

dist="${DIST_DIR:-dist}"
export PYGAME_HIDE_SUPPORT_PROMPT=1  # pygame is imported while analysing
start=$(date +%s)
"$py" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$dist" --workpath "${BUILD_DIR:-build}" build.spec
end=$(date +%s)

exe="$dist/chess-variants"
[[ -f "$exe.exe" ]] && exe="$exe.exe"
if [[ ! -f "$exe" ]]; then
    echo "build_exe.sh: the build finished but $exe is missing" >&2
    exit 1
fi
size=$(wc -c <"$exe")
echo "built $exe: $((size / 1000000)).$(((size % 1000000) / 100000)) MB in $((end - start)) s"
