"""Errors the night-level rules raise: one specific `ValueError` subclass per bad input.

Why subclasses with a `code`: the server and CLI turn each into one clear line (and a
stable code for translation) without parsing messages. Problems a *player* should fix in
a deck are not errors: they are `Problem` entries in a `DeckReport`, so one check lists
them all. Errors are for input that cannot be understood at all.
"""

from __future__ import annotations


class PodsError(ValueError):
    """Input the night-level rules refuse."""

    code = "pods_error"


class ColorChoiceError(PodsError):
    """A chosen color is not one of W, U, B, R, G (or their English names)."""

    code = "bad_color"


class DeckFormatError(PodsError):
    """A deck, pool or log file cannot be read in the format it claims to be."""

    code = "bad_format"


class UnknownFormatError(PodsError):
    """The format name is not one we read or write."""

    code = "unknown_format"


class BadNameError(PodsError):
    """A player's name nobody could read on the host screen (`pods.player_names`)."""

    code = "bad_name"


class BadCharactersError(BadNameError):
    """A name holding a control character (NUL included) or a bidi override or isolate
    (`pods.player_names.check_characters`): refused, never silently dropped."""

    code = "bad_characters"


class ReservedNameError(PodsError):
    """A player's name the server gives its bots (`pods.player_names`)."""

    code = "reserved_name"


class SplitError(PodsError):
    """The players cannot be split into tables the way the host asked."""

    code = "bad_split"
