"""What a suggestion says about itself: message ids with parameters, never sentences.

Why ids and params: `pods` stays untranslated (docs/i18n.md); the server and the CLI turn
each note into a sentence in the reader's language (`server/i18n/suggestions.py`), with
card names kept English, as deck problems do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SUMMARY = "summary"
"""params: colors (letters), playables, spells, two_drops, lands, basics ([name, n]...)."""
COMMANDERS = "commanders"
"""params: names, rule (single, partner, background, granted_partner, ...), chosen_colors."""
NONBASIC_LANDS = "nonbasic_lands"
"""params: count, names."""
SHORT_OF_PLAYABLES = "short_of_playables"
"""params: missing (slots filled with extra basic lands)."""
LEFT_OUT_CURVE = "left_out_curve"
"""params: name, mana_value, value: a strong card of the identity the curve left out."""
LEFT_OUT_IDENTITY = "left_out_identity"
"""params: name, card_colors, outside: a strong card outside the commanders' identity."""


@dataclass(frozen=True, slots=True)
class Note:
    """One line of a suggestion's explanation."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "params": self.params}
