"""Chess Golf's side-panel widgets: the hole (its chosen cards, the hole
number, the moves against par or the bid being shown), the bids (a pad of
numbers to bid on in secret, then the bids revealed), and the scorecard
(a row per player, a column per hole, the totals; the par row when alone).

Every widget draws from the viewer's view (``seen.state``) only.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.chess.tables import GEO
from game.engine.words import count
from game.games.golf import hole as H
from game.ui import art
from game.ui import cards as ui_cards
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import ACCENT, CARD_BG, CARD_BORDER, TEXT, TEXT_DIM, fit, wrap_words

BID = -100  # the click-path place of bid n is BID - n
MAX_BID = 15
GOOD = (96, 178, 110)
BAD = (226, 110, 96)
NOW = (52, 62, 76)  # the column of the hole being played


def bid_place(n: int) -> int:
    return BID - n


def bid_of(place: int) -> int | None:
    n = BID - place
    return n if 0 <= n <= MAX_BID else None


def window_height() -> int:
    surface = pygame.display.get_surface() if pygame.display.get_init() else None
    return surface.get_height() if surface is not None else 800


def fitted(tall: int, short: int) -> int:
    """A height: ``tall`` in a window 800 high or more, ``short`` at 560."""
    share = min(1.0, max(0.0, (window_height() - 560) / 240))
    return round(short + (tall - short) * share)


def _blit_fit(surface, font, text, colour, pos, width) -> int:
    """``text`` at ``pos``, shortened with an ellipsis to ``width``; its height."""
    image = font.render(fit(text, font, width), True, colour)
    surface.blit(image, pos)
    return image.get_height()


def seat_name(state: Any, seat: int, names: tuple[str, ...] = ()) -> str:
    """A player as the panel calls them: "You" alone, else the name typed
    for the seat, else the seat's label."""
    if state.solo:
        return "You"
    return (names[seat] if seat < len(names) else "") or state.game.seats[seat]


def task_words(state: Any) -> str:
    """What the hole asks, in a few words."""
    goal = state.goal
    if goal is None:
        return ""
    if goal.capturer is not None:
        code = H.code_at(state.board, goal.capturer)
        kind = H.KINDS[code % 5] if code is not None else "piece"
        return f"The {kind} on {GEO.name(goal.capturer)} must take the {H.piece_name(goal.need)}"
    if len(goal.cards) == 2:
        return "Either chosen piece takes the other"
    return "One chosen piece takes both others"


class HoleBar(PanelWidget):
    """The chosen cards, with the hole number and how the hole stands."""

    def __init__(self) -> None:
        super().__init__()

    @property
    def height(self) -> int:  # type: ignore[override]
        return fitted(100, 64)

    def lines(self, state: Any) -> list[tuple[str, str]]:
        """(text, style) lines: style "bold", "plain" or "dim"."""
        out = [(f"Hole {state.hole} of {state.holes}", "bold")]
        if not state.solo:  # the dealer decides ties: whoever bid first from their left
            # Putting a piece back, the hole is over: the deal has passed on.
            deals = "deals next" if state.phase == "place" else "deals"
            dealer = seat_name(state, state.dealer, self.names)
            out[0] = (f"{out[0][0]} · {dealer} {deals}", "bold")
        phase = state.phase
        result = state.result()
        if result is not None:
            return [
                (f"{count(len(state.scores), 'hole')} played", "bold"),
                (result.verdict, "plain"),
            ]
        if phase == "deal":
            # alone (or a rule sheet's diagram): no "You deals"
            dealer = "The dealer" if state.solo else seat_name(state, state.dealer, self.names)
            out.append((f"{dealer} deals 2 or 3 cards", "plain"))
        elif phase == "bid":
            out.append(("Bid in secret: how many moves?", "plain"))
        elif phase == "play" and state.showing:
            shown = f"Solution: {state.strokes} of {state.par} moves shown"
            out.append((f"{shown} · scores {2 * (state.par or 0)}", "plain"))
        elif phase == "play" and state.solo:
            out.append((f"Moves {state.strokes} · par {state.par}", "plain"))
        elif phase == "play":
            bid = state.bids[state.demo]
            who = seat_name(state, state.demo, self.names)
            out.append((f"{who} shows it in {bid} · moves {state.strokes}", "plain"))
        elif phase == "place":
            left = len(state.captured)
            out.append((f"Put back the captured piece{'s' if left > 1 else ''}", "plain"))
        if phase in ("bid", "play"):
            out.append((task_words(state), "dim"))
        if phase == "play":
            out.append(("Blue ring: a lender · crown: king's step", "dim"))
        deck = state.cards.count("deck")
        used = state.cards.count("discard")
        out.append((f"Deck {deck} · used {used}", "dim"))
        return out

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        state = self.seen.state if self.seen is not None else None
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        if state is None:
            return
        rect = self.rect.inflate(-12, -10)
        chosen = [c for c in state.cards.cards("chosen") if c is not None]
        width = min(int(rect.h / ui_cards.RATIO), rect.w // 6)
        x = rect.x
        live = None  # after a three-card hole's first capture: the two cards left
        goal = state.goal
        if goal is not None and goal.capturer is not None:
            live = [H.code_at(state.board, goal.capturer), goal.need]
        for card in chosen or ([] if state.phase == "over" else [None, None]):
            image = ui_cards.card_surface(card, width)
            code = None if card is None else card.side * 5 + H.KINDS.index(card.kind)
            if live is not None and code in live:
                live.remove(code)
            elif card is None or live is not None:  # a back, or the card taken
                image = image.copy()
                image.set_alpha(60)
            surface.blit(image, (x, rect.y + (rect.h - image.get_height()) // 2))
            x += width + 4
        x += 6
        fonts = {
            "bold": (art.ui_font(15, "bold"), ACCENT),
            "plain": (art.ui_font(14), TEXT),
            "dim": (art.ui_font(13), TEXT_DIM),
        }
        y = rect.y
        # A narrow panel wraps a line rather than cutting it: the last lines
        # (the deck) give way first.
        for text, style in self.lines(state):
            font, colour = fonts[style]
            for part in wrap_words(text, font, rect.right - x):
                if y + font.get_linesize() > rect.bottom + 2:
                    return
                _blit_fit(surface, font, part, colour, (x, y), rect.right - x)
                y += font.get_linesize()


class BidPad(PanelWidget):
    """Bidding: the numbers 0 ("impossible") to 15 as tiles, each a place
    of a one-click path. Only there while a hole is bid on (the scorecard
    shows the bids once they are revealed)."""

    def __init__(self) -> None:
        super().__init__()

    @property
    def height(self) -> int:  # type: ignore[override]
        state = self.seen.state if self.seen is not None else None
        if state is None or state.solo or state.phase != "bid":
            return 0
        return fitted(74, 54)

    def bidding(self) -> bool:
        seen = self.seen
        return seen is not None and seen.actor is not None and seen.state.phase == "bid"

    def tile_rects(self) -> dict[int, pygame.Rect]:
        if not self.bidding() or self.rect.h < 30:
            return {}
        area = pygame.Rect(self.rect.x + 6, self.rect.y + 18, self.rect.w - 12, self.rect.h - 21)
        per_row = 8
        gap = 4
        w = (area.w - gap * (per_row - 1)) // per_row
        h = (area.h - gap) // 2
        out = {}
        for n in range(MAX_BID + 1):
            r, c = divmod(n, per_row)
            out[bid_place(n)] = pygame.Rect(area.x + c * (w + gap), area.y + r * (h + gap), w, h)
        return out

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        if self.rect.h <= 0:
            return
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        state = self.seen.state if self.seen is not None else None
        if state is None:
            return
        small = art.ui_font(13)
        x, y = self.rect.x + 8, self.rect.y + 2
        width = self.rect.w - 16
        self.rects = self.tile_rects()
        if not self.rects:
            _blit_fit(surface, small, "Waiting for the bids", TEXT_DIM, (x, y), width)
            return
        who = seat_name(state, self.seen.actor, self.names)
        _blit_fit(surface, small, f"{who}: your bid (0 = impossible)", TEXT, (x, y), width)
        targets = paths.targets if paths is not None else set()
        fresh = paths is not None and not paths.path
        font = art.ui_font(15 if self.rect.h >= 66 else 13, "bold")
        for place, rect in self.rects.items():
            n = bid_of(place)
            live = place in targets or (fresh and paths.can_pick(place))
            pygame.draw.rect(surface, (30, 35, 43), rect, border_radius=5)
            edge = ACCENT if live else CARD_BORDER
            pygame.draw.rect(surface, edge, rect, 1, border_radius=5)
            label = font.render(str(n), True, TEXT if live else TEXT_DIM)
            surface.blit(label, label.get_rect(center=rect.center))


def hole_column(state: Any) -> int | None:
    """The scorecard's column of the hole now: putting back still belongs to
    the hole just scored; None once the round is over."""
    played = len(state.scores)
    return {"over": None, "place": played - 1}.get(state.phase, played)


BEST = "Best"
ASSISTED = "assisted (undo or hint): not counted"


def over_par(score: float) -> str:
    """Strokes over par as golfers write them: +3, -1, level."""
    return "level" if score == 0 else f"{int(score):+d}"


def shows_bids(state: Any) -> bool:
    """Are the revealed bids written in the hole's column? While it is bid
    on and shown; once scored, its column holds the scores."""
    return state.bids is not None and not state.solo and state.phase in ("bid", "play")


class ScoreCard(PanelWidget):
    """The scorecard: a column per hole and the total; alone, the par row
    and your row (the total set against par); with several players, a row
    each, and in the column of the hole being shown the bids (the one
    showing it in gold, those who failed in red). The hole now is shaded."""

    @property
    def row(self) -> int:
        return fitted(17, 14)

    def rows(self) -> int:
        state = self.seen.state if self.seen is not None else None
        players = 4 if state is None else (2 if state.solo else state.n)
        return players + 1 + (1 if self.best_words() else 0)

    @property
    def height(self) -> int:  # type: ignore[override]
        return self.rows() * self.row + 8

    def _best_row(self, state: Any) -> tuple[str, list[Any], str, Any] | None:
        """The row of the best kept in this mode (alone: over par), and
        whether this round is assisted; None when there is neither."""
        if not self.best_words():
            return None
        if self.best is None:
            total = "–"
        else:
            total = over_par(self.best.score) if state.solo else str(int(self.best.score))
        return (BEST, [], total, TEXT_DIM)

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        state = self.seen.state if self.seen is not None else None
        if state is None:
            return
        row_h = self.row
        font = art.ui_font(12 if row_h >= 16 else 11)
        bold = art.ui_font(12 if row_h >= 16 else 11, "bold")
        holes = state.holes
        inner = self.rect.inflate(-10, -8)
        name_w = max(30, min(62, inner.w // 6))
        total_w = 44
        col = max(10, (inner.w - name_w - total_w) // holes)
        played = len(state.scores)
        current = hole_column(state)
        top = inner.y

        def cell(text, colour, x, y, w, f=font):
            image = f.render(text, True, colour)
            if image.get_width() > w:
                image = art.ui_font(10).render(text, True, colour)
            surface.blit(image, image.get_rect(center=(x + w // 2, y + row_h // 2)))

        if current is not None and current < holes:
            shade = pygame.Rect(inner.x + name_w + current * col, top, col, self.rect.h - 8)
            pygame.draw.rect(surface, NOW, shade)
        _blit_fit(surface, font, "Hole", TEXT_DIM, (inner.x, top + 1), name_w - 2)
        for h in range(holes):
            cell(str(h + 1), TEXT_DIM, inner.x + name_w + h * col, top, col)
        cell("Total", TEXT_DIM, inner.right - total_w, top, total_w)
        rows: list[tuple[str, list[Any], str, Any]] = []
        if state.solo:
            pars = list(state.pars) + ([state.par] if state.phase == "play" and state.par else [])
            scores = [row[0] for row in state.scores]
            over = sum(scores) - sum(state.pars)
            words = "level" if over == 0 else f"{over:+d}"
            rows.append(("Par", pars, str(sum(state.pars)), TEXT_DIM))
            rows.append(("You", scores, f"{sum(scores)} ({words})" if scores else "0", TEXT))
        else:
            totals = state.totals()
            best = min(totals) if state.scores else None
            for seat in range(state.n):
                scores: list[Any] = [row[seat] for row in state.scores]
                if shows_bids(state):
                    scores.append(("bid", seat))
                colour = GOOD if best is not None and totals[seat] == best else TEXT
                name = seat_name(state, seat, self.names)
                if font.size(name)[0] > name_w - 2:
                    name = f"P{seat + 1}"
                rows.append((name, scores, str(totals[seat]), colour))
        best = self._best_row(state)
        if best is not None:
            rows.append(best)
        for i, (name, values, total, colour) in enumerate(rows, start=1):
            y = top + i * row_h
            pygame.draw.line(surface, CARD_BORDER, (inner.x, y), (inner.right, y))
            _blit_fit(surface, font, name, colour, (inner.x, y + 1), name_w - 2)
            for h, value in enumerate(values[:holes]):
                x = inner.x + name_w + h * col
                if isinstance(value, tuple):  # a bid on the hole being shown
                    seat = value[1]
                    shows = seat == state.demo
                    tone = BAD if seat in state.tried else (ACCENT if shows else TEXT_DIM)
                    cell(str(state.bids[seat]), tone, x, y, col, bold if shows else font)
                elif value is not None:
                    cell(str(value), TEXT_DIM if h >= played else TEXT, x, y, col)
            if name == BEST and self.assisted:  # across the empty holes: why it will not count
                _blit_fit(surface, font, ASSISTED, TEXT_DIM, (inner.x + name_w, y + 1), col * holes)
            cell(total, colour, inner.right - total_w, y, total_w, bold)
