"""Learning content: rule-sheet diagrams, lessons, puzzles, the deal of the day (headless)."""
