"""Fast checks of the executable's packaging that need no build: the spec,
the run-time files it ships, the scripts and the desktop entry template.
(The build itself and a smoke run of the result are in .ci/run.)"""

from __future__ import annotations

import ast
import configparser
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.source_tree import imports, modules

from game import resources

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"
SCRIPTS = ["build_exe.sh", "smoke_exe.sh", "install_desktop_entry.sh"]


def spec_tree() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))


def spec_constant(name: str):
    """The literal value assigned to ``name`` at the top of build.spec."""
    for node in spec_tree().body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            return ast.literal_eval(node.value)
    raise AssertionError(f"build.spec assigns no literal {name}")


def spec_calls(func: str) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(spec_tree())
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == func
    ]


def keyword(call: ast.Call, name: str) -> ast.expr:
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    raise AssertionError(f"{ast.unparse(call.func)}(...) has no {name}=")


# -- the spec --------------------------------------------------------------------------
def test_spec_parses_as_python():
    spec_tree()


def test_spec_ships_assets_and_rules():
    source = SPEC.read_text(encoding="utf-8")
    tree = spec_tree()
    data = next(
        n.value
        for n in tree.body
        if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "PROJECT_DATA"
    )
    dests = {ast.literal_eval(elt.elts[1]) for elt in data.elts}
    assert {"assets", "rules", "lessons", "puzzles"} <= dests
    assert '"assets"' in source and '"rules"' in source
    # The bundled folders sit where game/resources.py looks: beside the package.
    assert resources.ROOT / "assets" == resources.asset()
    assert (resources.ROOT / "game").is_dir()


def test_spec_entry_point_is_the_games_main():
    (analysis,) = spec_calls("Analysis")
    script = ast.unparse(analysis.args[0])
    assert "'game'" in script and "'__main__.py'" in script
    assert (ROOT / "game" / "__main__.py").is_file()


def test_spec_builds_a_windowed_one_file_exe_with_the_icon():
    onefile = [e for e in spec_calls("EXE") if "a.binaries" in ast.unparse(e)]
    assert len(onefile) == 1, "one EXE holding the binaries and data (one-file)"
    (exe,) = onefile
    assert "a.datas" in ast.unparse(exe)
    assert ast.literal_eval(keyword(exe, "console")) is False
    assert ast.unparse(keyword(exe, "name")) == "NAME"
    assert spec_constant("NAME") == "chess-variants"
    assert "icon.ico" in ast.unparse(keyword(exe, "icon"))
    assert (ROOT / "assets" / "icons" / "icon.ico").is_file()


def test_spec_has_a_macos_bundle():
    (bundle,) = spec_calls("BUNDLE")
    assert "icon.png" in ast.unparse(keyword(bundle, "icon"))
    assert (ROOT / "assets" / "icons" / "icon.png").is_file()
    for exe in spec_calls("EXE"):
        assert ast.literal_eval(keyword(exe, "console")) is False


def test_spec_excludes_what_the_app_does_not_use():
    excludes = set(spec_constant("EXCLUDES"))
    for name in ("tkinter", "unittest", "pydoc", "numpy", "chess", "pytest", "hypothesis"):
        assert name in excludes
    # ...and nothing game/ imports.
    used = set().union(*(imports(path) for path in modules()))
    clashes = {u for u in used for e in excludes if u == e or u.startswith(e + ".")}
    assert not clashes


def _trim_function():
    """build.spec's pygame_gui trimming function, run on its own."""
    tree = spec_tree()
    wanted = {"PYGAME_GUI_KEEP_FONTS", "FONT_SUFFIXES", "_trim_pygame_gui"}
    nodes = [
        n
        for n in tree.body
        if (isinstance(n, ast.FunctionDef) and n.name in wanted)
        or (isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") in wanted)
    ]
    assert len(nodes) == 3
    namespace: dict = {}
    exec(compile(ast.Module(body=nodes, type_ignores=[]), str(SPEC), "exec"), namespace)
    return namespace["_trim_pygame_gui"]


def test_spec_trims_pygame_guis_unused_fonts():
    trim = _trim_function()
    datas = [
        ("pygame_gui/data/NotoSans-Regular.ttf", "x", "DATA"),
        ("pygame_gui/data/FiraCode-Regular.ttf", "x", "DATA"),
        ("pygame_gui/data/NotoSansJP-Bold.otf", "x", "DATA"),
        ("pygame_gui/data/NotoSansKR-Regular.ttf", "x", "DATA"),
        ("pygame_gui/data/NotoSansSC-Regular.otf", "x", "DATA"),
        ("pygame_gui/data/NotoSansArabic-Bold.ttf", "x", "DATA"),
        ("pygame_gui/data/default_theme.json", "x", "DATA"),
        ("pygame_gui/data/licenses/NotoSans-LICENSE.txt", "x", "DATA"),
        ("pygame_gui/data/translations/pygame-gui.en.json", "x", "DATA"),
        ("assets/fonts/NotoSans-Bold.ttf", "x", "DATA"),
    ]
    kept = {d[0] for d in trim(datas)}
    assert kept == {
        "pygame_gui/data/NotoSans-Regular.ttf",
        "pygame_gui/data/FiraCode-Regular.ttf",
        "pygame_gui/data/default_theme.json",
        "pygame_gui/data/licenses/NotoSans-LICENSE.txt",
        "pygame_gui/data/translations/pygame-gui.en.json",
        "assets/fonts/NotoSans-Bold.ttf",
    }


def test_spec_keeps_the_fonts_pygame_gui_loads_at_start():
    """pygame_gui loads its default and symbols fonts from pygame_gui.data
    whenever a UIManager is made; the spec must keep both, and their
    licences, which its hook does not collect."""
    import pygame
    from pygame_gui.core import BlockingThreadedResourceLoader, UIFontDictionary

    pygame.font.init()
    fonts = UIFontDictionary(BlockingThreadedResourceLoader(), "en")
    loaded = {fonts.default_font.regular_file_name, fonts._default_symbols_font.regular_file_name}
    assert loaded <= spec_constant("PYGAME_GUI_KEEP_FONTS")
    import pygame_gui

    licences = Path(pygame_gui.__file__).parent / "data" / "licenses"
    assert sorted(p.name for p in licences.iterdir() if p.suffix == ".txt")
    assert '"data", "licenses"' in SPEC.read_text(encoding="utf-8")


def test_app_theme_never_falls_back_on_pygame_guis_dropped_fonts():
    """Every font the app's theme names comes with all four styles from
    assets/fonts, so no bold or italic text asks pygame_gui for the NotoSans
    styles the executable leaves out."""
    theme = json.loads(resources.asset("theme.json").read_text(encoding="utf-8"))
    fonts = [b["font"] for b in theme.values() if isinstance(b, dict) and "font" in b]
    assert fonts
    for font in fonts:
        assert font.get("name") not in ("noto_sans", "fira_code_symbols"), font
        for key in ("regular_path", "bold_path", "italic_path", "bold_italic_path"):
            if key in font:
                assert resources.asset(*font[key].split("/")).is_file(), font[key]


# -- the run-time files, found from source -------------------------------------------
def test_resources_finds_every_asset_from_source():
    files = [p for p in (ROOT / "assets").rglob("*") if p.is_file()]
    assert files
    for path in files:
        parts = path.relative_to(ROOT / "assets").parts
        found = resources.asset(*parts)
        assert found.is_file() and found.samefile(path)
    for name in (
        "theme.json",
        "icons/icon.png",
        "icons/icon.ico",
        "fonts/NotoSans-Regular.ttf",
        "fonts/NotoSans-Bold.ttf",
        "fonts/FiraCode-Regular.ttf",
        "fonts/LICENSES/NotoSans-LICENSE.txt",
        "fonts/LICENSES/FiraCode-LICENSE.txt",
    ):
        assert resources.asset(*name.split("/")).is_file(), name
    assert list(resources.asset("pieces").glob("*.svg"))
    assert list(resources.asset("sounds").glob("*.wav"))


def test_resources_finds_every_rule_sheet_from_source():
    sheets = sorted((ROOT / "rules").glob("*.md"))
    assert sheets
    for sheet in sheets:
        assert resources.rules_sheet(sheet.stem).samefile(sheet)


def test_resources_has_no_path_into_the_working_folder():
    assert resources.ROOT.is_absolute()
    assert "cwd" not in Path(resources.__file__).read_text(encoding="utf-8")


def test_main_calls_freeze_support_first():
    tree = ast.parse((ROOT / "game" / "__main__.py").read_text(encoding="utf-8"))
    main = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "main")
    first = ast.unparse(main.body[0])
    assert first == "multiprocessing.freeze_support()"


# -- desktop entry and scripts ----------------------------------------------------------
def test_desktop_template_has_exec_icon_name():
    path = ROOT / "assets" / "chess-variants.desktop"
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(path.read_text(encoding="utf-8"))
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Chess Variants"
    assert entry["Exec"] == "@EXEC@"
    assert entry["Icon"] == "chess-variants"
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")
    installer = (ROOT / "scripts" / "install_desktop_entry.sh").read_text(encoding="utf-8")
    assert "@EXEC@" in installer and "256x256/apps" in installer
    assert "chess-variants.png" in installer


@pytest.mark.parametrize("name", SCRIPTS)
def test_scripts_are_executable_bash(name):
    path = ROOT / "scripts" / name
    assert path.is_file()
    if os.name == "posix":
        assert os.access(path, os.X_OK), f"{name} is not executable"
    subprocess.run(["bash", "-n", str(path)], check=True)


def test_bench_startup_script_compiles():
    path = ROOT / "scripts" / "bench_startup.py"
    compile(path.read_text(encoding="utf-8"), str(path), "exec")
    out = subprocess.run(
        [sys.executable, str(path), "--help"], capture_output=True, text=True, check=True
    )
    assert "first frame" in out.stdout


def test_readme_says_how_to_build_and_where_it_lands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "scripts/build_exe.sh" in readme
    assert "dist/chess-variants" in readme
    assert "scripts/install_desktop_entry.sh" in readme
