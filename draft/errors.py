"""Errors the engine raises: one specific `ValueError` subclass per way input can be wrong.

Why subclasses: the server turns each into a clear message for a phone (and a stable
`code` for translation) without parsing strings, and tests can assert the exact reason.
"""

from __future__ import annotations


class DraftError(ValueError):
    """Input the draft engine refuses; the state it was given is unchanged."""

    code = "draft_error"


class UnknownSetError(DraftError):
    """The set code names no bundled or imported card set."""

    code = "unknown_set"


class UnknownCardError(DraftError):
    """A card name or collector number is not in the set."""

    code = "unknown_card"


class ConfigError(DraftError):
    """A draft configuration that cannot be run (seat count, picks per pass, players)."""

    code = "bad_config"


class UnknownSeatError(DraftError):
    """The seat number is not a seat of this draft."""

    code = "unknown_seat"


class DraftOverError(DraftError):
    """The draft has finished; no more picks are taken."""

    code = "draft_over"


class NoPackError(DraftError):
    """The seat has no pack in front of it yet (it waits for its neighbour)."""

    code = "no_pack"


class WrongPickCountError(DraftError):
    """The pick takes more or fewer cards than this pass requires."""

    code = "wrong_pick_count"


class DuplicateCardError(DraftError):
    """The same card id appears twice in one pick."""

    code = "duplicate_card"


class CardNotInPackError(DraftError):
    """A picked card id is not in the pack in front of the seat."""

    code = "card_not_in_pack"
