"""Every script in scripts/ answers --help with its usage and touches
nothing: exit status 0, something printed, no file written in the current
folder, the home, user data and temporary folders or the checkout. scripts/README.md
has a line for every script and none for a script that is gone."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(p.name for p in (ROOT / "scripts").iterdir() if p.suffix in (".py", ".sh"))
# What a run may leave behind in the checkout without having written anything.
CACHES = {".git", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", ".venv"}


def checkout_files() -> dict[str, tuple[int, int]]:
    """(size, mtime) of every file in the checkout outside caches."""
    found = {}
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in CACHES]
        for name in files:
            path = Path(folder, name)
            st = path.lstat()
            found[str(path.relative_to(ROOT))] = (st.st_size, st.st_mtime_ns)
    return found


# A process a script (48 of them, 7 CPU s): in the slow tier, which .ci/run runs,
# so the README's fast tier stays under two CPU minutes.
@pytest.mark.slow
@pytest.mark.parametrize("name", SCRIPTS)
def test_help_prints_usage_and_writes_nothing(name, tmp_path):
    folders = [tmp_path / name for name in ("cwd", "home", "data", "tmp")]
    for folder in folders:
        folder.mkdir()
    cwd, home, data, tmp = folders
    env = dict(os.environ, HOME=str(home), CHESS_VARIANTS_HOME=str(data), TMPDIR=str(tmp))
    env.pop("XDG_DATA_HOME", None)
    path = ROOT / "scripts" / name
    checkout_before = checkout_files()
    command = ["bash", str(path)] if name.endswith(".sh") else [sys.executable, str(path)]
    done = subprocess.run(
        [*command, "--help"], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(done.stdout.strip().splitlines()) >= 2, done.stdout
    for folder in folders:
        assert list(folder.iterdir()) == [], f"{name} --help wrote into {folder.name}"
    changed = sorted(set(checkout_files().items()) ^ set(checkout_before.items()))
    assert changed == [], f"{name} --help touched the checkout: {changed[:5]}"


def test_the_readme_has_a_line_for_every_script():
    readme = (ROOT / "scripts" / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^- `([\w.]+)`", readme, re.M))
    assert listed == set(SCRIPTS), (
        f"missing: {sorted(set(SCRIPTS) - listed)}; gone: {sorted(listed - set(SCRIPTS))}"
    )
