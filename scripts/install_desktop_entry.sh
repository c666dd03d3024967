#!/usr/bin/env bash
# Put Chess Variants in the desktop menu of the current user (Linux, any
# freedesktop.org desktop: GNOME, KDE, Xfce, ...).
#
#     scripts/install_desktop_entry.sh [path/to/chess-variants]   # default dist/chess-variants
#     scripts/install_desktop_entry.sh --source     # run from this checkout's .venv instead
#     scripts/install_desktop_entry.sh --uninstall
#
# Installs, for the current user only (no root needed):
#   ~/.local/bin/chess-variants                                   a copy of the executable
#   ~/.local/share/applications/chess-variants.desktop            the menu entry
#   ~/.local/share/icons/hicolor/256x256/apps/chess-variants.png  its icon
# ($XDG_DATA_HOME replaces ~/.local/share when set.) The menu entry and a
# double-click on it in a file manager start the game; the executable itself
# keeps its executable bit, so it also starts with a double-click where the
# file manager allows running programs.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
bin_dir="$HOME/.local/bin"
apps="$data/applications"
icons="$data/icons/hicolor/256x256/apps"
entry="$apps/chess-variants.desktop"
icon="$icons/chess-variants.png"
installed_exe="$bin_dir/chess-variants"

# One argument of an Exec line, quoted as the Desktop Entry spec asks.
quote_arg() {
    local s="$1"
    s="${s//\\/\\\\}"
    s="${s//\"/\\\"}"
    s="${s//\`/\\\`}"
    s="${s//\$/\\\$}"
    printf '"%s"' "$s"
}

refresh() {
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$apps" || true
    fi
    # Only refresh an icon cache that exists: a new one that later goes
    # stale would hide icons installed after it.
    if [[ -f "$data/icons/hicolor/icon-theme.cache" ]] &&
        command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t "$data/icons/hicolor" 2>/dev/null || true
    fi
}

case "${1:-}" in
--uninstall)
    rm -f "$entry" "$icon" "$installed_exe"
    refresh
    echo "removed the Chess Variants menu entry, icon and $installed_exe"
    exit 0
    ;;
-h | --help)
    sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
--source)
    py="$here/.venv/bin/python"
    if [[ ! -x "$py" ]]; then
        echo "no $py: install first (see README.md)" >&2
        exit 1
    fi
    # Desktop entries have no working-folder key that every desktop honours:
    # run through env so the game package is found from anywhere.
    exec_line="env $(quote_arg "PYTHONPATH=$here") $(quote_arg "$py") -m game"
    try_exec="$py"
    ;;
*)
    exe="${1:-$here/dist/chess-variants}"
    if [[ ! -f "$exe" ]]; then
        echo "no executable at $exe: build it with scripts/build_exe.sh" >&2
        echo "(or use --source to run the game from this checkout)" >&2
        exit 1
    fi
    mkdir -p "$bin_dir"
    install -m 755 "$exe" "$installed_exe.new"
    mv -f "$installed_exe.new" "$installed_exe"
    exec_line="$(quote_arg "$installed_exe")"
    try_exec="$installed_exe"
    ;;
esac

mkdir -p "$apps" "$icons"
install -m 644 "$here/assets/icons/icon.png" "$icon"
while IFS= read -r line; do
    line="${line//@EXEC@/"$exec_line"}"
    line="${line//@TRYEXEC@/"$try_exec"}"
    printf '%s\n' "$line"
done <"$here/assets/chess-variants.desktop" >"$entry.new"
chmod 644 "$entry.new"
mv -f "$entry.new" "$entry"
if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$entry"
fi
refresh

echo "installed:"
echo "  $entry"
echo "  $icon"
if [[ "$try_exec" == "$installed_exe" ]]; then
    echo "  $installed_exe"
fi
echo "Chess Variants is now in the desktop menu (Games)."
