"""A refusal: the protocol's code for it and the sentence the player hears, made together
where the refusal is made (a client reads the code, the player hears the sentence in their
own language, and neither is worked out from the other)."""

from __future__ import annotations

from dataclasses import dataclass

from ninetynine_audio.online import protocol as p


@dataclass(frozen=True)
class Refusal:
    """Why something a player asked for was not done."""

    code: str
    """The protocol's stable code (``join_limit``, ``no_table``, ``not_host`` ...)."""
    text: str
    """The sentence said to the player, in their language."""

    def error(self) -> p.Error:
        """The refusal as the protocol's error message."""
        return p.Error(code=self.code, text=self.text[:200])
