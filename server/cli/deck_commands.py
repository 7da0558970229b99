"""`prismatic deck check|export|suggest` and `prismatic split`: the deck rules from the command
line.

Why a thin shell: every rule lives in `pods`; this module only reads files, maps options
to `pods` calls and turns bad input into one line on stderr with exit code 2.
A choose-a-color card (The Prismatic Piper) in a deck's Commander section is read as an
*added* copy, the usual case (the pool rarely holds one); `--piper` gives the chosen
colors, in order, to those commanders.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from pods.formats import WRITERS
from server.cli.i18n import LANGUAGE, _

if TYPE_CHECKING:  # types only: the commands import their libraries when they run
    from draft.cards import Card
    from pods.deck import Deck
    from pods.formats import CardLookup, DeckRead
    from pods.legality import DeckReport
    from pods.problems import Problem
    from pods.split import TableSplit
    from pods.suggest import Suggestion

COMMANDS: list[click.Command] = []

_READERS_BY_SUFFIX = {".json": "json", ".dck": "forge", ".csv": "csv"}
_FILE = click.Path(exists=True, dir_okay=False, path_type=Path)


class InputError(click.ClickException):
    """Unreadable input: one line on stderr and exit code 2."""

    exit_code = 2


@click.group("deck", help=_("Check a deck's legality or export it for other tools."))
def deck_group() -> None:
    pass


def _lookup(*set_codes: str) -> CardLookup:
    """Names resolve in the given sets first, then in the other bundled sets (so a Piper
    listed after a Baldur's Gate draft is found, and refused by CR 903.13e)."""
    from draft.cards import bundled_set_codes, load_set
    from draft.errors import UnknownSetError
    from pods.formats import CardLookup

    codes = dict.fromkeys([*(code.upper() for code in set_codes), *bundled_set_codes()])
    try:
        return CardLookup(*(load_set(code) for code in codes))
    except UnknownSetError as error:
        raise InputError(str(error)) from None


def _read(path: Path, lookup: CardLookup) -> DeckRead:
    """A deck file in the format its suffix names (Arena-style text otherwise)."""
    from pods.errors import PodsError
    from pods.formats import DeckRead, read_deck

    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read {path}: {error}") from None
    try:
        read = read_deck(text, _READERS_BY_SUFFIX.get(path.suffix.lower(), "arena"), lookup)
    except PodsError as error:
        raise InputError(f"{path}: {error}") from None
    if read.deck.name:
        return read
    return DeckRead(replace(read.deck, name=path.stem), read.problems)


def _with_colors(deck: Deck, pipers: tuple[str, ...]) -> Deck:
    from pods.deck import with_chosen_colors
    from pods.errors import PodsError

    try:
        return with_chosen_colors(deck, pipers)
    except PodsError as error:
        raise InputError(str(error)) from None


def _pool_cards(read: DeckRead) -> list[Card]:
    deck = read.deck
    return [c.card for c in deck.commanders] + list(deck.main) + list(deck.sideboard)


def _report_data(report: DeckReport, problems: list[Problem]) -> dict[str, Any]:
    """The report with `problems`: the lines that could not be read, then the deck's own
    (`pods.pasted` leaves out those the unread lines explain)."""
    from server.i18n.problems import problem_message

    return {
        "legal": not problems,
        "size": report.size,
        "commanders": [c.card.name for c in report.commanders],
        "color_identity": list(report.color_identity),
        "problems": [{"code": p.code, "card": p.card, "message": problem_message(p, LANGUAGE)}
                     for p in problems],
    }


def _report_text(data: dict[str, Any], report: DeckReport) -> str:
    """The report for a person, in the CLI's language (card names stay English)."""
    from server.i18n.catalogs import translations
    from server.i18n.problems import describe_colors

    tr = translations(LANGUAGE)
    commanders = ", ".join(
        c.card.name + (tr.gettext(" (chosen color: %(colors)s)") % {
            "colors": describe_colors(tr, c.identity)} if c.chosen_color else "")
        for c in report.commanders
    )
    lines = [
        tr.ngettext("Deck: %(n)s card", "Deck: %(n)s cards", data["size"]) % {"n": data["size"]},
        tr.gettext("Commanders: %(names)s") % {"names": commanders or tr.gettext("none")},
        tr.gettext("Color identity: %(colors)s") % {
            "colors": describe_colors(tr, report.color_identity)},
    ]
    if data["legal"]:
        lines.append(tr.gettext("Legal."))
    else:
        count = len(data["problems"])
        lines.append(tr.ngettext("Not legal: %(n)s problem.", "Not legal: %(n)s problems.",
                                 count) % {"n": count})
        lines += [f"  - {p['message']} [{p['code']}]" for p in data["problems"]]
    return "\n".join(lines)


def _pool_and_draft(command: Callable[..., None]) -> Callable[..., None]:
    """`--pool`, and the draft it came from (`--set` or a `--packs` line-up): what both
    `deck check` and `deck suggest` read, so the two take the same pool files."""
    for option in reversed((
        click.option("--pool", "pool_file", required=True, type=_FILE,
                     help=_("The drafted pool, N Name lines.")),
        click.option("--set", "set_code", default="CMR", show_default=True,
                     help=_("Card set of the pool.")),
        click.option("--packs", "packs", default=None, metavar="SET,SET,SET",
                     help=_("The draft's line-up, one set per round (e.g. CMM,CLB,CLB): its "
                            "boosters decide the Piper, Faceless One and CMM partner rules "
                            "(CR 903.13e-f).")),
    )):
        command = option(command)
    return command


_size_rule = click.option(
    "--size", type=click.Choice(["at-least", "exact"]), default="at-least", show_default=True,
    help=_("At least 60 cards (CR 903.13f), or exactly 60 (a house rule)."),
)


@deck_group.command(
    "check",
    help=_("Check DECK against POOL: exit 0 when legal, 1 when not, 2 on unreadable input."),
)
@click.argument("deck_file", metavar="DECK", type=_FILE)
@_pool_and_draft
@click.option("--piper", "pipers", multiple=True, help=_("Chosen color of each Piper, in order."))
@_size_rule
@click.option("--json", "as_json", is_flag=True, help=_("Print the report as JSON."))
@click.pass_context
def check_command(
    ctx: click.Context,
    deck_file: Path,
    pool_file: Path,
    set_code: str,
    packs: str | None,
    pipers: tuple[str, ...],
    size: str,
    as_json: bool,
) -> None:
    from pods.formats import DeckRead
    from pods.legality import DeckRules, SizeRule, check_deck
    from pods.pasted import check_pasted
    from server.cli.draft_commands import parse_packs

    sets = parse_packs(packs) if packs is not None else [set_code.upper()]
    lookup = _lookup(*sets)
    read = _read(deck_file, lookup)
    pool = _read(pool_file, lookup)
    deck = _with_colors(read.deck, pipers)
    rules = DeckRules.for_draft(sets, SizeRule(size))
    report = check_deck(deck, _pool_cards(pool), rules)
    problems = check_pasted(DeckRead(deck, read.problems), _pool_cards(pool), rules)
    said = {(p.code, p.card) for p in problems}  # a typo in both files is reported once
    problems += [p for p in pool.problems if (p.code, p.card) not in said]
    data = _report_data(report, problems)
    click.echo(json.dumps(data, indent=2) if as_json else _report_text(data, report))
    ctx.exit(0 if data["legal"] else 1)


@deck_group.command("export", help=_("Print DECK in another tool's format."))
@click.argument("deck_file", metavar="DECK", type=_FILE)
@click.option("--to", "format_name", required=True, type=click.Choice(sorted(WRITERS)))
@click.option("--piper", "pipers", multiple=True, help=_("Chosen color of each Piper, in order."))
@click.option(
    "--set", "set_code", default="CMR", show_default=True,
    help=_("Card set of the deck."),
)
@click.option("--as-pool", is_flag=True, help=_("Export every card as a pool (the sideboard)."))
def export_command(
    deck_file: Path, format_name: str, pipers: tuple[str, ...], set_code: str, as_pool: bool
) -> None:
    from pods.formats import write_deck, write_pool

    read = _read(deck_file, _lookup(set_code))
    if read.problems:
        raise InputError(f"{deck_file}: " + " ".join(p.message for p in read.problems))
    if as_pool:
        click.echo(write_pool(_pool_cards(read), format_name), nl=False)
        return
    click.echo(write_deck(_with_colors(read.deck, pipers), format_name), nl=False)


@deck_group.command(
    "suggest",
    help=_("Suggest a deck from POOL: the best commander choice first, its 60 cards as deck "
           "text that 'deck check' reads, and why."),
)
@_pool_and_draft
@_size_rule
@click.option("--json", "as_json", is_flag=True, help=_("Print the suggestions as JSON."))
def suggest_command(
    pool_file: Path, set_code: str, packs: str | None, size: str, as_json: bool
) -> None:
    from pods.legality import DeckRules, SizeRule
    from pods.suggest import suggest_decks
    from server.cli.draft_commands import parse_packs

    sets = parse_packs(packs) if packs is not None else [set_code.upper()]
    pool = _read(pool_file, _lookup(*sets))
    if pool.problems:
        raise InputError(f"{pool_file}: " + " ".join(p.message for p in pool.problems))
    suggestions = suggest_decks(_pool_cards(pool), DeckRules.for_draft(sets, SizeRule(size)))
    if not suggestions:
        raise InputError(f"{pool_file}: no card of this pool can lead a deck, and the draft "
                         "allows no Piper or Faceless One")
    if as_json:
        click.echo(json.dumps({"suggestions": [_suggestion_data(s) for s in suggestions]},
                              indent=2))
        return
    click.echo(_suggestion_text(suggestions), nl=False)


def suggested_deck_text(suggestion: Suggestion) -> str:
    """The deck (no sideboard) as Arena text, with its chosen colors as a comment line."""
    from pods.formats import write_deck
    from pods.formats.text_list import chosen_colors_comment

    deck = replace(suggestion.deck, sideboard=())
    comment = chosen_colors_comment(deck)
    return write_deck(deck, "arena") + (comment + "\n" if comment else "")


def _suggestion_data(suggestion: Suggestion) -> dict[str, Any]:
    from server.i18n.suggestions import note_message

    return {
        "commanders": [{"name": c.card.name, "chosen_color": c.chosen_color, "added": c.added}
                       for c in suggestion.deck.commanders],
        "color_identity": list(suggestion.identity),
        "playables": suggestion.playables,
        "size": suggestion.deck.size,
        "legal": suggestion.report.legal,
        "notes": [{**n.as_dict(), "message": note_message(n, LANGUAGE)}
                  for n in suggestion.notes],
        "deck": suggested_deck_text(suggestion),
    }


def _suggestion_text(suggestions: tuple[Suggestion, ...]) -> str:
    """The best deck, its notes as `//` comments (readers skip them), then the other
    choices in one comment line each."""
    from server.i18n.catalogs import translations
    from server.i18n.suggestions import note_message

    tr = translations(LANGUAGE)
    best, *others = suggestions
    lines = [f"// {note_message(note, LANGUAGE)}" for note in best.notes]
    for other in others:
        names = " & ".join(c.card.name for c in other.deck.commanders)
        lines.append("// " + tr.gettext("Also possible: %(names)s (%(colors)s, %(n)s playables)")
                     % {"names": names, "colors": "/".join(other.identity),
                        "n": other.playables})
    return "\n".join(lines) + "\n" + suggested_deck_text(best)


@click.command("split", help=_("Split the pod into game tables of three to five."))
@click.option(
    "--players", required=True,
    help=_("Player names in draft seat order, comma-separated."),
)
@click.option("--seed", default=None, help=_("Seed for a repeatable split."))
@click.option(
    "--tables", type=int, default=None,
    help=_("Number of tables (e.g. 3 for 9 players)."),
)
@click.option("--sizes", default=None, help=_("Exact table sizes, comma-separated (e.g. 3,2)."))
@click.option("--allow-small", is_flag=True, help=_("Allow a table of two."))
@click.option("--keep-neighbours-apart", is_flag=True, help=_("Seat draft neighbours apart."))
@click.option("--json", "as_json", is_flag=True, help=_("Print the tables as JSON."))
def split_command(
    players: str,
    seed: str | None,
    tables: int | None,
    sizes: str | None,
    allow_small: bool,
    keep_neighbours_apart: bool,
    as_json: bool,
) -> None:
    from pods.errors import PodsError
    from pods.split import SplitPolicy, split_tables

    names = [name.strip() for name in players.split(",") if name.strip()]
    try:
        size_tuple = tuple(int(s) for s in sizes.split(",")) if sizes else None
    except ValueError:
        raise InputError(f"--sizes must be numbers separated by commas, not {sizes!r}") from None
    policy = SplitPolicy(size_tuple, tables, allow_small, keep_neighbours_apart)
    rng = random.Random(int(seed) if seed and seed.lstrip("-").isdigit() else seed)
    try:
        split = split_tables(names, rng, policy)
    except PodsError as error:
        raise InputError(str(error)) from None
    click.echo(json.dumps(_split_data(split), indent=2) if as_json else _split_text(split))


def _split_data(split: TableSplit) -> dict[str, Any]:
    return {
        "tables": [{"number": t.number, "players": list(t.players)} for t in split.tables],
        "neighbours_together": split.neighbours_together,
    }


def _split_text(split: TableSplit) -> str:
    return "\n".join(f"Table {t.number}: {', '.join(t.players)}" for t in split.tables)


COMMANDS.extend([deck_group, split_command])
