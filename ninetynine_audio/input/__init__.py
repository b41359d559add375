"""Player input: commands, keymaps and gesture names (pygame only in ``gestures.py``)."""
