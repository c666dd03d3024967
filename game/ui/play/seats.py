"""Who is who at the table, in words and colours for people.

A seat is named by its person's name when one was typed in the setup form
("Ann (White)"), by its label otherwise ("White", as always), and a computer
seat by its level ("Computer (Normal)"). Everything here comes from the
match's players and names and from who is to act: nothing a seat may not
see. The side panel's "whose turn" line is drawn by ``draw_turn``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame

from game import clock
from game.ai.levels import level_words
from game.engine import Seat
from game.ui import art

TEXT = (236, 229, 216)
TEXT_DIM = (154, 165, 177)
OUTLINE = (120, 128, 140)

# Swatches for the sides' usual names; any other side takes the palette in order.
SIDE_COLOURS = {
    "white": (240, 236, 226),
    "black": (28, 28, 32),
    "red": (200, 62, 56),
    "blue": (62, 110, 206),
    "green": (70, 160, 90),
    "yellow": (228, 196, 70),
    "gold": (214, 170, 70),
    "silver": (180, 186, 194),
}
PALETTE = ((240, 236, 226), (28, 28, 32), (200, 62, 56), (62, 110, 206), (70, 160, 90))


def player_text(match: Any, seat: Seat) -> str:
    """Who plays the seat: the person's name, "Human" when none was typed,
    or the computer's level ("Computer (Normal)")."""
    level = match.computer_level(seat)
    return match.name(seat) or ("Human" if level is None else level_words(level))


LOW_TIME = 10.0  # seconds: a clock under this is shown in the warning colour

#: The players' line styles (assets/theme.json): a clock standing, the
#: clock that runs, and one under LOW_TIME.
CLOCK_STYLES = ("#hint", "#clock_running", "#clock_low")


def clock_lines(match: Any, running: tuple[int, ...]) -> list[tuple[str, str]]:
    """In a game of two seats with a clock, a line for each seat, its time
    before its player ("• White 4:59  Ann"), each with its style: the
    running seat's clock bright and dotted, a clock under LOW_TIME in the
    warning colour. One line a seat: a narrow window never splits a seat
    from its time. [] where the players share one line (no clock, more
    seats than the panel has lines for)."""
    game = match.game
    in_play = game.seats_in_play(match.options)
    if match.clock is None or len(in_play) != 2:
        return []
    out = []
    for s in in_play:
        left = match.clock.left[s]
        style = CLOCK_STYLES[2] if left < LOW_TIME else CLOCK_STYLES[1 if s in running else 0]
        mark = "• " if s in running else ""
        out.append((f"{mark}{game.seats[s]} {clock.shown(left)}  {player_text(match, s)}", style))
    return out


def seats_text(match: Any) -> str:
    """Every seat in play and who plays it: "White: Ann · Black: Computer
    (Normal)"; with a clock, each seat's time left before its player, where
    a long name cut short at the panel's edge cannot hide it ("White 4:59
    Ann · Black 5:00 Computer (Normal)")."""
    game = match.game
    in_play = game.seats_in_play(match.options)
    if match.clock is not None:
        left = match.clock.left
        return " · ".join(
            f"{game.seats[s]} {clock.shown(left[s])} {player_text(match, s)}" for s in in_play
        )
    return " · ".join(f"{game.seats[s]}: {player_text(match, s)}" for s in in_play)


def seat_lines(match: Any, fits: Callable[[str], bool], lines: int) -> list[str]:
    """Who plays each seat in play in at most ``lines`` lines that each
    ``fits`` the panel, as few as it takes: a seat is never split from its
    player across lines (at 800 x 560 "Black: Computer (Nor…" was cut; now
    "White: Human" over "Black: Computer (Normal)", as the clocks' lines
    show them); where that is too long, seats played alike are named
    together ("White B, Black A: Computer (Normal)"), then the most shared
    player's seats as "the others". With a clock, seats are never grouped
    (each has its own time); where a seat's line does not fit, the game's
    ``short_seats`` name the seats ("White Q 2:59 Computer (Normal)"). The
    lines of the last form may still need cutting."""
    packed: list[str] = []
    for room in range(1, lines + 1):
        for parts in _seat_forms(match):
            packed = []
            for part in parts:
                if packed and fits(f"{packed[-1]} · {part}"):
                    packed[-1] = f"{packed[-1]} · {part}"
                else:
                    packed.append(part)
            packed = [line[:1].upper() + line[1:] for line in packed]  # "The others: ..."
            if len(packed) <= room and all(fits(line) for line in packed):
                return packed
    return [*packed[: lines - 1], " · ".join(packed[lines - 1 :])]


def _seat_forms(match: Any) -> Iterator[list[str]]:
    """``seat_lines``' forms, longest first: each a list of parts, a seat
    or seats with their player."""
    game = match.game
    in_play = game.seats_in_play(match.options)
    if match.clock is not None:  # each seat's own time: never grouped
        left = match.clock.left
        for names in dict.fromkeys([game.seats, game.short_seats or game.seats]):
            yield [f"{names[s]} {clock.shown(left[s])} {player_text(match, s)}" for s in in_play]
        return
    yield [f"{game.seats[s]}: {player_text(match, s)}" for s in in_play]
    groups: dict[str, list[str]] = {}
    for s in in_play:
        groups.setdefault(player_text(match, s), []).append(game.seats[s])
    if len(groups) == len(in_play):
        return
    yield [f"{', '.join(labels)}: {who}" for who, labels in groups.items()]
    most = max(groups, key=lambda who: len(groups[who]))
    if len(groups) == 1:
        yield [f"Every seat: {most}"]
    else:
        rest = [f"{', '.join(labels)}: {who}" for who, labels in groups.items() if who != most]
        yield [*rest, f"the others: {most}"]


def prompt_text(
    match: Any, seat: Seat, prompt: str, addressed: bool = True, named: bool = True
) -> str:
    """The game's prompt for the seat, with its person's name where the
    prompt names the seat ("White to move" -> "Ann (White) to move"),
    else before it ("Ann: choose a card"); unchanged with no name.
    ``addressed`` False: the seat is not the one deciding at the screen, so
    a prompt spoken to "you" is headed by who it is for ("Black: choose
    ..."), never read as the onlooker's own task. ``named`` False: as if
    the seat had no name (a name too wide for the status's line)."""
    name = match.name(seat) if named else ""
    label = match.game.seats[seat]
    who = match.seat_name(seat) if name else label
    if prompt.startswith(label):
        return who + prompt[len(label) :]
    if not addressed:
        return f"{who}: {prompt[:1].lower()}{prompt[1:]}"
    return f"{name}: {prompt}" if name else prompt


def headline(match: Any, result: Any) -> str:
    """The result in a few words, naming the winners by name where they
    have one ("Ann (White) wins"); as the game says it otherwise."""
    game = match.game
    plain = result.headline(game)
    best = max(result.points)
    winners = [s for s, v in enumerate(result.points) if v == best]
    if result.verdict or plain == "Draw" or not any(match.name(s) for s in winners):
        return plain
    sides = {game.side_of(s) for s in winners}
    if len(sides) == 1 and len(winners) > 1 and len(game.sides) > 1:  # a side's team
        people = " and ".join(match.name(s) or game.seats[s] for s in winners)
        return f"{game.sides[next(iter(sides))]} wins ({people})"
    names = [match.seat_name(s) for s in winners]
    return f"{names[0]} wins" if len(names) == 1 else " and ".join(names) + " win"


def side_colour(game: Any, side: int) -> tuple[int, int, int]:
    name = game.sides[side].lower() if 0 <= side < len(game.sides) else ""
    return SIDE_COLOURS.get(name, PALETTE[side % len(PALETTE)])


def turn_parts(match: Any) -> list[tuple[tuple[int, int, int], str, str]]:
    """The "whose turn" line: per seat to act, its side's colour, who (the
    name or the computer's level; "" for a person with no name) and the
    rest (the seat's label, and the partners when the game has teams).
    Empty when the game is over."""
    if match.is_over():
        return []
    game = match.game
    waiting = match.waiting_for()
    in_play = game.seats_in_play(match.options)
    parts = []
    for seat in waiting:
        who = match.name(seat)
        if not match.is_human(seat):
            who = player_text(match, seat)
        side = match.state.side_acting(seat)
        # A seat moving another side's pieces (Cooperative alone) is told by that side.
        rest = game.seats[seat] if side == game.side_of(seat) else game.sides[side]
        team = [s for s in game.team_of(seat) if s != seat and s in in_play]
        if team and len(waiting) == 1:
            rest += " · with " + " and ".join(match.seat_name(s) for s in team)
        parts.append((side_colour(game, side), who, rest))
    return parts


def draw_turn(surface: pygame.Surface, rect: pygame.Rect, parts: list) -> None:
    """The line: a swatch of each seat's side, its person in bold, the rest
    dimmed; cut short with "…" where the panel is narrow."""
    if not parts or rect.w <= 0:
        return
    bold, plain = art.ui_font(15, "bold"), art.ui_font(15)
    r = max(5, rect.h // 3)
    x, cy = rect.x, rect.centery
    for i, (colour, who, rest) in enumerate(parts):
        if i:
            x += 12
        if x + 2 * r > rect.right:
            break
        pygame.draw.circle(surface, colour, (x + r, cy), r)
        pygame.draw.circle(surface, OUTLINE, (x + r, cy), r, 1)
        x += 2 * r + 8
        for text, font, ink in ((who, bold, TEXT), (rest, plain, TEXT_DIM)):
            if not text:
                continue
            if text is rest and who:
                text = " · " + text
            text = _fit(font, text, rect.right - x)
            if not text:
                return
            image = font.render(text, True, ink)
            surface.blit(image, (x, cy - image.get_height() // 2))
            x += image.get_width()


def _fit(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` cut with "…" to fit ``width`` pixels ("" if nothing fits)."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…" if text.strip() else ""
