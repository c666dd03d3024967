"""The main menu: every game of the collection, Continue, Load, Learn,
Settings, Rules and Quit."""

from __future__ import annotations

import logging

import pygame
from pygame_gui.elements import UIButton

from game.games import CATALOGUE, REGISTRY, Entry, load_all
from game.ui import widgets
from game.ui.widgets import FormScene

log = logging.getLogger(__name__)

COLUMNS = 2
SIDE_WIDTH = 250
NARROW_SIDE = 204  # the side column in a window narrower than NARROW_MENU
NARROW_MENU = 1000
SHORT_MENU = 640  # below this height the subtitle gives its room to the games
STACKED_H = 42  # the least card height for the title over the players
GAP = 12
NOTICE_LINE = 22  # a start-up notice's line under the games
META_W = 180


def shown_games() -> list[Entry]:
    """The games of the collection in menu order (one whose module failed
    to load is left out: the log file says why)."""
    return [e for e in CATALOGUE if e.id in REGISTRY]


def players_text(entry: Entry) -> str:
    return "1 player" if entry.players == "1" else f"{entry.players} players"


class MainMenu(FormScene):
    def __init__(self, app):
        try:
            load_all()
        except Exception:  # one broken game module must not take the menu down
            log.exception("a game module failed to load")
        self.cards: dict[str, UIButton] = {}
        super().__init__(app)

    # -- layout ---------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        ui = self.ui
        top = max(16, min(40, h // 22))
        widgets.label(ui, pygame.Rect(0, top, w, 64), "Chess Variants", "#title")
        games = shown_games()
        # A short window gives the subtitle's rows to the games, so each card
        # has room for its title over its players (titles were cut there).
        short = h < SHORT_MENU
        if not short:
            sub = f"{len(games)} games for one to four players"
            widgets.label(ui, pygame.Rect(0, top + 62, w, 28), sub, "#subtitle")

        side_w = SIDE_WIDTH if w >= NARROW_MENU else NARROW_SIDE
        content_w = min(1140, w - 64)
        grid_w = content_w - side_w - 32
        left = (w - content_w) // 2
        grid_top = top + (72 if short else 120)
        rows = -(-len(games) // COLUMNS)
        notes = self._notice_lines()
        below = 36 if notes or not short else 16  # a notice's line under the games
        avail = h - grid_top - below - NOTICE_LINE * max(0, len(notes) - 1)
        card_h = max(30, min(52, (avail - (rows - 1) * GAP // 2) // rows))
        row_gap = max(4, min(GAP, (avail - rows * card_h) // max(rows - 1, 1)))
        card_w = (grid_w - (COLUMNS - 1) * GAP) // COLUMNS

        self.cards = {}
        layout = self._card_layout(games, card_w, card_h)
        for i, entry in enumerate(games):
            col, row = i % COLUMNS, i // COLUMNS
            rect = pygame.Rect(
                left + col * (card_w + GAP), grid_top + row * (card_h + row_gap), card_w, card_h
            )
            self._card(rect, entry, layout)

        # The side column: what to do besides starting a game.
        side = pygame.Rect(left + grid_w + 32 + 14, grid_top + 14, side_w - 28, 0)
        bh = max(40, min(50, card_h))
        bgap = 14
        names = [
            ("continue", "Continue", "#primary"),
            ("load", "Load game", "#menu_button"),
            ("learn", "Learn", "#menu_button"),
            ("puzzles", "Puzzles", "#menu_button"),
            ("rules", "Rules", "#menu_button"),
            ("stats", "Statistics", "#menu_button"),
            ("settings", "Settings", "#menu_button"),
            ("quit", "Quit", "#menu_button"),
        ]
        # The card fits above the keys line (h - 56), its buttons shrinking as more come.
        room = h - 80 - side.top  # the card's bottom edge stays above the keys line
        fit = (room - 48 + bgap) // len(names) - bgap
        bh = max(32, min(bh, fit))
        if bh > fit:  # the buttons at their smallest (800 x 560): the gaps shrink instead
            bgap = max(4, (room - 48 - len(names) * bh) // (len(names) - 1))
        side.height = len(names) * (bh + bgap) - bgap + 48
        self.side_card = widgets.panel(ui, side.inflate(28, 28), "#card")
        y = side.top + 10
        self.buttons: dict[str, UIButton] = {}
        for key, text, oid in names:
            if key == "quit":
                y += 24
            b = widgets.button(ui, pygame.Rect(side.left + 10, y, side.width - 20, bh), text, oid)
            self.buttons[key] = b
            y += bh + bgap
        self._refresh_continue()
        for i, note in enumerate(reversed(notes)):
            rect = pygame.Rect(16, h - 34 - i * NOTICE_LINE, max(100, side.left - 32), 24)
            widgets.wrapped_labels(ui, rect, note, "#hint", 1)
        self.keys_label = widgets.label(
            ui,
            pygame.Rect(side.left, h - 56, side.width, 24),
            "Keys (F1)  ·  F11 fullscreen",
            "#hint",
        )
        widgets.label(
            ui,
            pygame.Rect(side.left, h - 34, side.width, 24),
            f"version {self.app.version}",
            "#hint",
        )

    @staticmethod
    def _notice_lines() -> list[str]:
        """The start-up notices (a damaged file set aside, saving off), the
        newest two, a line each under the games (the grid makes room)."""
        from game.saves import notices

        return notices()[-2:]

    def _card_layout(self, games: list[Entry], card_w: int, card_h: int) -> str:
        """ "line" (title and players side by side), "stacked" (players under
        the title) or "tight" (side by side, long titles shortened)."""
        font = self.ui.get_theme().get_font(["#card_title", "label"])
        widest = max((font.size(e.title)[0] for e in games), default=0)
        inner = card_w - 32
        if widest + 8 <= inner - META_W:
            return "line"
        if card_h >= STACKED_H:
            return "stacked"
        return "tight"

    def _card(self, rect: pygame.Rect, entry: Entry, layout: str) -> None:
        ui = self.ui
        widgets.panel(ui, rect, "#card")
        inner = rect.inflate(-32, 0)
        meta_text = players_text(entry)
        if layout == "stacked":
            mid = rect.top + rect.height // 2
            title_rect = pygame.Rect(inner.left, mid - 22, inner.width, 24)
            meta_rect = pygame.Rect(inner.left, mid, inner.width, 20)
        else:
            # Tight cards give the title most of the room (a narrow window).
            meta_w = META_W
            if layout == "tight":
                meta_w = min(META_W, max(84, inner.width * 2 // 5))
            title_rect = pygame.Rect(inner.left, rect.top, inner.width - meta_w, rect.height)
            meta_rect = pygame.Rect(inner.right - meta_w, rect.top, meta_w, rect.height)
            meta_text = widgets.fit(
                meta_text, ui.get_theme().get_font(["#card_meta", "label"]), meta_w - 4
            )
        font = ui.get_theme().get_font(["#card_title", "label"])
        title_text = widgets.fit(entry.title, font, title_rect.width - 4)
        widgets.label(ui, title_rect, title_text, "#card_title")
        widgets.label(ui, meta_rect, meta_text, "#card_meta")
        tip = getattr(REGISTRY.get(entry.id), "blurb", "") or None
        if title_text != entry.title:
            tip = entry.title
        card = widgets.button(ui, rect, "", "#card_button", tool_tip=tip, starting_height=3)
        self.cards[entry.id] = card

    def _refresh_continue(self) -> None:
        button = self.buttons.get("continue")
        if button is None:
            return
        try:
            from game.saves import has_autosave

            exists = has_autosave()
        except Exception:
            exists = False
        if exists:
            button.enable()
        else:
            button.disable()

    def enter(self) -> None:
        self._refresh_continue()

    # -- actions --------------------------------------------------------------------
    def back(self) -> None:
        """Esc: ask before quitting (a second Esc, or Stay, closes the question)."""
        widgets.confirm(
            self.ui, "Quit", "Quit Chess Variants?", self.app.quit, yes="Quit", no="Stay"
        )

    def on_button(self, element: object) -> None:
        for game_id, card in self.cards.items():
            if element is card:
                self.open_setup(game_id)
                return
        action = next((k for k, b in self.buttons.items() if b is element), None)
        if action == "continue":
            self.continue_game()
        elif action == "load":
            self.app.navigate.saves()
        elif action == "learn":
            self.app.navigate.learn()
        elif action == "rules":
            self.app.navigate.rules()
        elif action == "puzzles":
            self.app.navigate.puzzles()
        elif action == "stats":  # open at the game played last
            self.app.navigate.stats()
        elif action == "settings":
            self.app.navigate.settings()
        elif action == "quit":
            self.app.quit()

    def open_setup(self, game_id: str) -> None:
        self.app.navigate.setup(game_id)

    def continue_game(self) -> None:
        if not self.app.navigate.continue_game():
            self._refresh_continue()
