"""Wording: game events and the player's view as Utterances, cards and numbers as words.

No module here plays sound or draws; the interface hands what these functions return to the
speaker. All player-facing text of the game lives here, in small functions. What every game
shares (numbers, seats, menus, results) is at this level; each family's narrator, queries,
hints and refusals live in its own subpackage (``present/adding``), and families never import
each other.
"""
