"""A match without a face: the authoritative table and what one seat of it may know.

``table.TableCore`` holds the set-up, the true state, the saved match, the computer players,
the events and the outcome; it checks and applies every action through the game's spec.
``seat.SeatPort`` is all a table controller gets: one seat's view, the public facts, and
``propose(action)``. ``eventlog`` writes events as JSON Lines. Nothing here speaks, draws,
reads keys or touches a file by name, so the same table runs in the window, in text mode and
on a server that gives each connected player one seat's port.
"""
