"""Playing online: the table server, its protocol and the game as its client.

Nothing here is imported by the offline game; the main menu's "Play online" and the ``serve``
command load it when they are used.
"""
