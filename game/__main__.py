"""``python -m game`` and the ``chess-variants`` command."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys

# The window's class on X11 (WM_CLASS), which docks and task bars match to the
# desktop entry's StartupWMClass. SDL reads it when its display starts, and
# importing pygame sets it to the script's name ("__main__.py") unless it is
# already set: so it is set before anything imports pygame.
WM_CLASS = "chess-variants"
WM_CLASS_ENV = "SDL_VIDEO_X11_WMCLASS"
DRILL_ENV = "CHESS_VARIANTS_DRILL"  # the crash drill's report file (game/ui/drill.py)


def build_parser() -> argparse.ArgumentParser:
    from game import __version__

    parser = argparse.ArgumentParser(
        prog="chess-variants",
        description="A desktop collection of chess variants.",
    )
    parser.add_argument("--version", action="version", version=f"Chess Variants {__version__}")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--fullscreen",
        dest="fullscreen",
        action="store_true",
        default=None,
        help="start fullscreen",
    )
    mode.add_argument(
        "--windowed", dest="fullscreen", action="store_false", help="start in a window"
    )
    parser.add_argument("--game", metavar="ID", help="open the setup of this game directly")
    parser.add_argument("--load", metavar="PATH", help="open this saved game")
    parser.add_argument(
        "--review",
        metavar="SAVE",
        help="print the computer's analysis of a saved game (one line per step) and exit",
    )
    parser.add_argument(
        "--seat",
        metavar="SEAT",
        help="with --review of a game still going: analyse it from this seat's view "
        "(its name, as White, or its number from 1); needed where the game hides anything",
    )
    parser.add_argument(
        "--pgn", metavar="SAVE", help="print this saved game as PGN and exit (no window)"
    )
    parser.add_argument(
        "--smoke-frames",
        metavar="N",
        type=_positive_int,
        help="run the main loop for N frames, then exit (for tests and CI)",
    )
    return parser


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def start_log() -> None:
    """Warnings and errors go to logs/chess-variants.log in the user data
    folder (kept small: two files of 256 KB, game/logfile.py), so a player
    can send it in; so does any exception a thread of the app lets escape."""
    import logging
    import threading

    from game import __version__, logfile

    if logfile.ensure() is None:
        return  # an unwritable data folder must not stop the game
    logging.captureWarnings(True)
    log = logging.getLogger(__name__)

    def thread_fault(args: threading.ExceptHookArgs) -> None:
        exc = (args.exc_type, args.exc_value, args.exc_traceback)
        name = args.thread.name if args.thread is not None else "?"
        log.error("unexpected exception in thread %s", name, exc_info=exc)

    threading.excepthook = thread_fault
    log.info("Chess Variants %s starting", __version__)


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    os.environ.setdefault(WM_CLASS_ENV, WM_CLASS)  # a class the user set wins
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = build_parser()
    args = parser.parse_args(argv)

    if args.game is not None and args.load is not None:
        parser.error("--game opens a new game and --load a saved one: give only one of them")
    if args.review is not None:
        if args.game is not None or args.load is not None or args.pgn is not None:
            parser.error("--review prints an analysis and opens no window: give it alone")
        return print_review(args.review, args.seat)
    if args.seat is not None:
        parser.error("--seat goes with --review only")
    if args.pgn is not None:
        if args.game is not None or args.load is not None:
            parser.error("--pgn prints a saved game: give it alone")
        return print_pgn(args.pgn)
    if args.game is not None:
        from game.games import REGISTRY, load_all

        load_all()
        if args.game not in REGISTRY:
            known = ", ".join(sorted(REGISTRY))
            parser.error(f"unknown game {args.game!r} (known: {known})")

    start_log()
    try:
        return _run(args)
    except Exception:  # before or after the main loop, which catches its own
        import logging

        logging.getLogger(__name__).exception("Chess Variants stopped on an unexpected error")
        raise


def print_review(path: str, seat: str | None = None) -> int:
    """``--review``: the analysis of a saved game as text (game/ai/analysis.py).
    A finished game is analysed in full. A game still going is analysed from
    one seat's view: ``seat``'s (a name or a number from 1), else, where the
    game hides nothing, the seat to act; a game that hides something is
    refused without ``seat``, so no command prints one player's secrets to
    another at a shared screen. Failures are a line on stderr and exit
    status 1, as ``--pgn``'s."""
    from game import saves
    from game.ai.analysis import SKIPPED, review, review_lines

    def fail(why: object) -> int:
        print(f"chess-variants: cannot review {path}: {why}", file=sys.stderr)
        return 1

    try:
        match = saves.load(path)
    except saves.SaveError as e:
        return fail(e)
    game = match.game
    viewer = None
    if game.id in SKIPPED:  # said first: no seat would change it
        print(f"No analysis of {game.title}: {SKIPPED[game.id]}.")
        return 0
    if not match.is_over():
        if seat is not None:
            viewer = _seat_number(game.seats, seat)
            if viewer is None:
                names = ", ".join(game.seats)
                return fail(f"{game.title} has no seat {seat!r} (its seats: {names})")
        elif saves.has_secrets(game):
            return fail(
                f"{game.title} hides what a player may not see while it goes on: "
                f"give --seat (one of {', '.join(game.seats)}) to analyse it from that seat's view"
            )
        else:
            viewer = (match.state.to_act() or [0])[0]
    result = review(match, viewer=viewer)
    for line in review_lines(result, game):
        print(line)
    return 0


def _seat_number(seats: tuple[str, ...] | list[str], text: str) -> int | None:
    """The seat named ``text`` (case aside), or numbered from 1."""
    text = text.strip()
    for i, name in enumerate(seats):
        if name.lower() == text.lower():
            return i
    if text.isdigit() and 1 <= int(text) <= len(seats):
        return int(text) - 1
    return None


def print_pgn(path: str) -> int:
    """``--pgn``: the save at ``path`` as PGN on stdout; a message on
    stderr and exit code 1 when it cannot be read or exported."""
    from game import pgn, saves

    try:
        text = pgn.export(saves.load(path), date=pgn.date_of(path))
    except saves.SaveError as e:
        print(f"chess-variants: {path}: {e.message}", file=sys.stderr)
        return 1
    except pgn.PgnError as e:
        print(f"chess-variants: {path}: {e}", file=sys.stderr)
        return 1
    sys.stdout.write(text)
    return 0


def _run(args: argparse.Namespace) -> int:
    from game.app import App

    app = App(fullscreen=args.fullscreen)
    try:
        app.navigate.menu()
        if args.game is not None:
            app.navigate.setup(args.game)
        elif args.load is not None:
            app.navigate.open_save(args.load)
        if os.environ.get(DRILL_ENV):  # scripts/drill_crash.py drives this app
            from game.ui import drill

            drill.attach(app, os.environ[DRILL_ENV])
        return app.run(max_frames=args.smoke_frames)
    finally:
        app.close()


if __name__ == "__main__":
    sys.exit(main())
