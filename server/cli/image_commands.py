"""`prismatic images fetch --set CMR`: cache a set's card images for a night offline.

Why a command and not the server: the host runs it once while online; the server then
serves whatever is on disk and never waits on the Internet during a draft.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from server.cards.images import DEFAULT_BASE_URL
from server.cli.i18n import _


@click.group("images", help=_("Card images cached for nights without Internet."))
def images_group() -> None:
    pass


@images_group.command(
    "fetch",
    help=_("Download the set's card images into DATA_DIR/images (skips those already there)."),
)
@click.option("--set", "set_code", required=True, help=_("Set code, e.g. CMR or CLB."))
@click.option("--data-dir", type=click.Path(path_type=Path, file_okay=False), default=Path("data"),
              show_default=True, help=_("Data directory of the server."))
@click.option("--base-url", default=DEFAULT_BASE_URL, show_default=True,
              help=_("URL template with {set} (lower case) and {number}."))
@click.option("--concurrency", type=click.IntRange(1, 8), default=4, show_default=True,
              help=_("Downloads at once (be polite)."))
@click.option("--retries", type=click.IntRange(0, 10), default=3, show_default=True)
@click.option("--timeout", type=click.FloatRange(0.1, 300), default=20.0, show_default=True,
              help=_("Seconds per request."))
@click.option("--delay", type=click.FloatRange(0, 10), default=0.1, show_default=True,
              help=_("Seconds between two requests (Scryfall asks for 0.05-0.1)."))
def fetch_command(
    set_code: str, data_dir: Path, base_url: str, concurrency: int, retries: int, timeout: float,
    delay: float,
) -> int:
    from draft.cards import load_set
    from draft.errors import DraftError
    from server.cards.images import Fetcher
    from server.cards.scryfall import Pacer

    try:
        cards = load_set(set_code).cards
    except DraftError as error:
        raise click.UsageError(str(error)) from None
    if "{number}" not in base_url:
        raise click.UsageError("--base-url must contain {number}")
    fetcher = Fetcher(base_url=base_url, concurrency=concurrency, retries=retries,
                      timeout=timeout, pacer=Pacer(delay))
    with click.progressbar(length=len(cards), label=f"{set_code.upper()} images",
                           file=sys.stderr) as bar:
        report = fetcher.fetch(cards, data_dir, progress=bar.update)
    click.echo(f"{report.downloaded} downloaded, {report.skipped} already there, "
               f"{len(report.failed)} failed")
    for line in report.failed[:20]:
        click.echo(f"  failed: {line}", err=True)
    return 1 if report.failed else 0


COMMANDS: list[click.Command] = [images_group]
