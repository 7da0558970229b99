"""Player names: what a name may be, and when two names are the same.

Why here and not only in the request schema: the rules need stable error codes a phone can
translate (`bad_name`, `reserved_name`), and pods and nights must apply the same ones.

What the host screen must not show: two players who look the same ("Ann", "Ann" with an
invisible joiner, Cyrillic "Аnn"), a name nobody can see (U+2800, U+3164), or a tower of
combining marks spilling into the next row. So a name is
1. NFKC-normalized (full-width and styled letters become plain ones) and stored that way;
2. refused if it holds a control character or a bidi override or isolate
   (`check_characters`), and stripped of the other default-ignorable code points
   (joiners, fillers, variation selectors), which draw nothing;
3. required to hold a letter or a digit, and at most `MAX_MARKS_IN_A_ROW` combining marks
   on one character;
4. compared with the others by its *skeleton*: case-folded, decomposed, and with letters
   of other scripts that look like Latin ones mapped to those (our own short table of
   the look-alikes a phone keyboard can type, in the spirit of Unicode's UTS #39).
"""

from __future__ import annotations

import re
import unicodedata

from pods.errors import BadCharactersError, BadNameError, ReservedNameError

NAME_MAX = 32
"""The most characters a name may have once cleaned (the host screen's rows fit it)."""
MAX_MARKS_IN_A_ROW = 3
"""Enough for Vietnamese (two stacked marks) and Indic vowel signs; not for a tower."""
_BOT_SKELETON = re.compile(r"^bot\s*[2-9lo]+$")
"""The skeleton of what `lifecycle._bot_names` gives the seats bots fill ("Bot 1", "Bot 10"
read as "bot l", "bot lo": the skeleton maps 1 to l and 0 to o), so "B0t 1" and Cyrillic
"Вot 1" are refused like "Bot 1"."""

# Default_Ignorable_Code_Point (Unicode DerivedCoreProperties), as ranges.
_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_INVISIBLE_SYMBOLS = frozenset({"\u2800"})
"""Not ignorable by Unicode's list, but blank on every screen (Braille pattern blank)."""

# Lower-case letters of other scripts that a reader cannot tell from a Latin one.
_LOOKALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j",
    "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
    "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c", "ϳ": "j",
    # Latin and digits that read as other letters
    "ı": "i", "ℓ": "l", "1": "l", "|": "l", "0": "o",
})


_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 controls (NUL included), DEL, and the bidi embeddings, overrides and isolates.

Why refused and not stripped like the other ignorables: a name that holds one was not
typed on a keyboard. It is a pasted or crafted string (a season file, a script), and an
override turns the rest of a row on the host screen or in a spreadsheet around; a NUL is
refused by PostgreSQL's text columns. Saying so (422 `bad_characters`) beats storing
something other than what was sent."""


def check_characters(text: str) -> str:
    """`text`, or `BadCharactersError` naming the first control or direction character
    in it. Every name a person or a file gives (players, seasons, achievements) passes
    here first (`clean_name` does, and `pods.season.checks.clean_season_name`)."""
    found = _UNSAFE.search(text)
    if found is not None:
        raise BadCharactersError(f"a name cannot hold the control or direction character "
                                 f"U+{ord(found.group()):04X}")
    return text


_IGNORABLE_CHARACTERS = re.compile(
    "[" + "".join(f"{re.escape(chr(low))}-{re.escape(chr(high))}" for low, high in _IGNORABLE)
    + "]")
"""`_IGNORABLE` as one character class: a season's standings take the skeleton of
thousands of names, and one regex pass is many times cheaper than a range test per letter."""


def _visible_text(name: str) -> str:
    return _IGNORABLE_CHARACTERS.sub("", unicodedata.normalize("NFKC", name))


def clean_name(raw: str, max_length: int = NAME_MAX) -> str:
    """The name as stored and shown, or `BadNameError` saying what is wrong (also used
    for other short names people type, like an achievement's, with their own length)."""
    name = " ".join(_visible_text(check_characters(raw)).split())
    if not any(unicodedata.category(ch)[0] in "LN" for ch in name
               if ch not in _INVISIBLE_SYMBOLS):
        raise BadNameError("a name needs at least one letter or digit people can see")
    if len(name) > max_length:
        raise BadNameError(f"a name has at most {max_length} characters")
    run = 0
    for ch in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.combining(ch) else 0
        if run > MAX_MARKS_IN_A_ROW:
            raise BadNameError(f"at most {MAX_MARKS_IN_A_ROW} accents on one letter")
    check_not_reserved(name)
    return name


def skeleton(name: str) -> str:
    """What a name looks like: two names with the same skeleton are the same name."""
    folded = unicodedata.normalize("NFD", " ".join(_visible_text(name).split()).casefold())
    return unicodedata.normalize("NFC", folded.translate(_LOOKALIKES))


def same_name(a: str, b: str) -> bool:
    return skeleton(a) == skeleton(b)


def check_not_reserved(name: str) -> None:
    """Refuse names a bot seat would get, so nobody can pass for a bot (or a bot for them):
    compared by skeleton, as the lobby compares two players' names (`same_name`)."""
    if _BOT_SKELETON.match(skeleton(name)):
        raise ReservedNameError(f"{name!r} is what the server calls its bots; pick another name")
