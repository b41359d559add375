"""Wording of the colour game: card names, narration, questions about the table, refusals."""
