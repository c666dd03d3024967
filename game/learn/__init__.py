"""Learning the games, headless: rule-sheet diagrams, lessons, puzzles, the deal of the
day and statistics."""
