"""Learning the games: rule sheets' diagrams, lessons, puzzles, the deal of the day (headless)."""
