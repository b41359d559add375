"""What the tests share: drivers, players, servers and stacked deals, imported as
``from helpers.<module> import ...`` (``tests/`` is on the import path, ``pyproject.toml``)."""
