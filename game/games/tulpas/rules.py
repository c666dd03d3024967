"""Maces, Horse-apults and Tulpas: the Maces game plus five Tulpas a side,
created by a secret card duel before each turn. The position class is the
Maces one (game/games/maces/rules.py), which holds the Tulpa hands."""

from __future__ import annotations

from game.games import register
from game.games.maces.rules import MacesGame


@register
class TulpasGame(MacesGame):
    id = "tulpas"
    title = "Maces, Horse-apults and Tulpas"
    blurb = (
        "Maces and Horse-apults, plus five Tulpas per side brought to life by a "
        "secret card duel before each turn: Amazon, Wild Ox, Archer, Spider, Tulpa Mace."
    )
    private_views = True  # the card duel's secret choices
    tulpas = True
