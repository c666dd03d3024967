"""The log file: logs/chess-variants.log in the user data folder.

Warnings, errors and the traceback of every unexpected exception go there,
so a player can send it in. It stays small: two files of 256 KB (the
current one and the one before it). ``ensure()`` adds the file to the root
logger once (the app at start; the fault handler if the app was started
some other way, e.g. by a test) and answers its path.

Headless: never imports pygame.
"""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path

LOG_BYTES = 256_000
LOG_BACKUPS = 1
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def _handler_for(path: Path) -> RotatingFileHandler | None:
    for handler in logging.getLogger().handlers:
        if isinstance(handler, RotatingFileHandler) and Path(handler.baseFilename) == path:
            return handler
    return None


def ensure() -> Path | None:
    """Log to the log file from now on (once); its path, or None when the
    data folder cannot be written (the game goes on without a log)."""
    from game.saves import log_path

    try:
        path = log_path().resolve()
        if _handler_for(path) is not None:
            return path
        handler = RotatingFileHandler(
            path,
            maxBytes=LOG_BYTES,
            backupCount=LOG_BACKUPS,
            encoding="utf-8",
            errors="backslashreplace",  # a file name that is not UTF-8 still logs
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(logging.INFO)
    root = logging.getLogger()
    root.addHandler(handler)
    if root.getEffectiveLevel() > logging.INFO:
        root.setLevel(logging.INFO)
    return path
