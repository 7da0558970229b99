"""`prismatic packs` and `prismatic simulate`: the draft engine from the command line.

Why these exist: they let a person (or an acceptance check) see real packs and whole
drafts for any seed without starting a server, and their JSON shapes are fixed so
scripts can rely on them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from draft.state import DraftConfig
from server.cli.i18n import _

if TYPE_CHECKING:  # types only: the commands import their libraries when they run
    from draft.cube import Cube
    from draft.errors import DraftError
    from draft.packs import PackSource
    from draft.state import CardInstance, DraftState

MAX_PACKS = 10_000


def _seed_or_random(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(2**63)


def _card_json(instance: CardInstance) -> dict[str, Any]:
    card = instance.card
    return {
        "id": instance.id,
        "name": card.name,
        "number": card.number,
        "rarity": card.rarity,
        "slot": instance.slot,
        "foil": instance.foil,
    }


def _usage(error: DraftError) -> click.UsageError:
    return click.UsageError(str(error))


set_option = click.option(
    "--set", "set_code", default="CMR", show_default=True, help=_("Set code of the boosters.")
)
seed_option = click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    default=None,
    help=_("Random seed (default: a fresh random one, printed)."),
)
json_option = click.option("--json", "as_json", is_flag=True, help=_("Print JSON."))
cube_option = click.option(
    "--cube", "cube_file", type=click.Path(path_type=Path, dir_okay=False), default=None,
    help=_("Draft from a cube list (N Name lines) instead of the set's boosters."),
)
packs_option = click.option(
    "--packs", "packs", default=None, metavar="SET,SET,SET",
    help=_("A line-up, one set per round (e.g. CMM,CLB,CLB), instead of --set."),
)


def parse_packs(text: str, rounds: int = DraftConfig().rounds) -> list[str]:
    """`CMM,CLB,CLB` as set codes, each a bundled set, one per round; a usage error if not."""
    from draft.cards import load_set
    from draft.errors import DraftError

    codes = [code.strip().upper() for code in text.split(",") if code.strip()]
    if len(codes) != rounds:
        raise click.UsageError(
            f"--packs names one set for each of the {rounds} rounds, not {len(codes)}")
    try:
        for code in dict.fromkeys(codes):
            load_set(code)
    except DraftError as error:
        raise _usage(error) from None
    return codes


data_dir_option = click.option(
    "--data-dir", type=click.Path(path_type=Path, file_okay=False), default=None,
    help=_("Server data directory (default ./data): its imported cards resolve cube names too."),
)


def load_cube(path: Path, data_dir: Path | None) -> Cube:
    """A cube list resolved against the bundled sets and the cards imported into DATA_DIR."""
    from draft.catalog import build_catalog
    from draft.cube import parse_cube
    from draft.errors import DraftError
    from server.cli.card_commands import imported_cards, make_settings

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise click.UsageError(f"cannot read cube list {path}: {error}") from None
    try:
        catalog = build_catalog(imported_cards(make_settings(None, data_dir)))
        return parse_cube(text, catalog, name=path.stem)
    except DraftError as error:
        raise _usage(error) from None


def _pack_source(set_code: str, cube_file: Path | None, data_dir: Path | None) -> PackSource:
    from draft.errors import DraftError
    from draft.packs import booster_for_set

    if cube_file is not None:
        return load_cube(cube_file, data_dir)
    try:
        return booster_for_set(set_code)
    except DraftError as error:
        raise _usage(error) from None


@click.command(
    "packs",
    help=_("Open booster packs. The packs of a seed are the packs a draft with that seed opens."),
)
@set_option
@click.option(
    "--count", type=click.IntRange(1, MAX_PACKS), default=1, show_default=True,
    help=_("How many packs."),
)
@seed_option
@json_option
@cube_option
@data_dir_option
def packs_command(
    set_code: str, count: int, seed: int | None, as_json: bool, cube_file: Path | None,
    data_dir: Path | None,
) -> None:
    from draft.engine import deal_packs
    from draft.errors import DraftError

    seed = _seed_or_random(seed)
    booster = _pack_source(set_code, cube_file, data_dir)
    try:
        cards, packs = deal_packs(booster, seed, count)
    except DraftError as error:
        raise _usage(error) from None
    if as_json:
        payload = {
            "set": booster.set_code,
            "seed": seed,
            "packs": [[_card_json(cards[i]) for i in pack] for pack in packs],
        }
        click.echo(json.dumps(payload, ensure_ascii=False))
        return
    click.echo(f"{count} {booster.set_code} pack(s), seed {seed}")
    for number, pack in enumerate(packs, start=1):
        click.echo(f"\nPack {number}")
        for i in pack:
            card = cards[i].card
            foil = " (foil)" if cards[i].foil else ""
            click.echo(f"  {card.rarity[:1].upper()} {card.name}{foil}  [{cards[i].slot}]")


@click.command(
    "simulate",
    help=_("Run a whole draft with a bot in every seat and print every pick and pool."),
)
@set_option
@click.option(
    "--seats", type=click.IntRange(2, 8), default=8, show_default=True,
    help=_("Seats at the table."),
)
@packs_option
@seed_option
@click.option(
    "--picks-per-pass", type=click.IntRange(1, 3), default=2, show_default=True,
    help=_("Cards taken from each pack per pass."),
)
@json_option
@cube_option
@data_dir_option
def simulate_command(
    set_code: str, seats: int, packs: str | None, seed: int | None, picks_per_pass: int,
    as_json: bool, cube_file: Path | None, data_dir: Path | None,
) -> None:
    from draft.cube import Cube
    from draft.errors import DraftError
    from draft.packs import line_up
    from draft.simulate import simulate

    seed = _seed_or_random(seed)
    if packs is not None and cube_file is not None:
        raise click.UsageError("give --packs or --cube, not both")
    line = parse_packs(packs) if packs is not None else None
    source = line_up(line, seats) if line else _pack_source(set_code, cube_file, data_dir)
    try:
        if line:
            config = DraftConfig.for_packs(line, seats=seats, picks_per_pass=picks_per_pass)
        else:
            config = DraftConfig(
                set_code=source.set_code.upper(), seats=seats, picks_per_pass=picks_per_pass
            )
        if isinstance(source, Cube):
            source.check_size(seats, config.rounds)
        state, picks = simulate(config, seed, booster=source)
    except DraftError as error:
        raise _usage(error) from None
    if as_json:
        payload = {
            "set": config.set_code,
            "packs": list(config.round_sets),
            "seed": seed,
            "seats": seats,
            "picks": [
                {
                    "seat": p.seat,
                    "round": p.round,
                    "pick": p.pick,
                    "pack_id": p.pack_id,
                    "pack": [state.cards[i].card.name for i in p.pack_before],
                    "cards": [state.cards[i].card.name for i in p.cards],
                }
                for p in picks
            ],
            "pools": {
                str(seat.index): [state.cards[i].card.name for i in seat.pool]
                for seat in state.seats
            },
        }
        click.echo(json.dumps(payload, ensure_ascii=False))
        return
    _print_summary(state, len(picks))


def _print_summary(state: DraftState, pick_count: int) -> None:
    from draft.cards import sort_colors

    config = state.config
    click.echo(
        f"{'+'.join(config.round_sets) if config.packs else config.set_code} draft, "
        f"{config.seats} seats, seed {state.seed}: "
        f"{pick_count} picks, {config.rounds} packs each"
    )
    for seat in state.seats:
        pool = state.pool_of(seat.index)
        colors: Counter[str] = Counter(c for i in pool for c in i.card.color_identity)
        main = "".join(sort_colors([c for c, _n in colors.most_common(2)]))
        legends = [i.card.name for i in pool if i.card.can_be_commander]
        click.echo(
            f"  seat {seat.index}: {len(pool)} cards, mostly {main or 'colorless'}; "
            f"commanders: {', '.join(legends[:3]) or 'none'}"
            + (f" (+{len(legends) - 3})" if len(legends) > 3 else "")
        )


COMMANDS: list[click.Command] = [packs_command, simulate_command]
