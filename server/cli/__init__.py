"""The `prismatic` command line: one group, one module per family of commands.

Why a custom entry point: people and acceptance checks call these commands from scripts,
so a bad argument must give one line on stderr and exit code 2, never a traceback or a
screenful of usage text.
"""

from __future__ import annotations

import sys

import click

from server.cli.i18n import _, translate_click

translate_click()


@click.group(
    context_settings={"help_option_names": ["-h", "--help"]},
    help=_("Prismatic: run a Commander Draft night from a laptop and everyone's phones."),
)
@click.version_option(package_name="prismatic")
def cli() -> None:
    pass


def _register() -> None:
    """Attach every command family (imported here so the group has no import cycle)."""
    from server.cli import (
        backup_commands,
        bench_commands,
        card_commands,
        deck_commands,
        draft_commands,
        image_commands,
    )

    for module in (draft_commands, deck_commands, bench_commands, card_commands, image_commands,
                   backup_commands):
        for command in module.COMMANDS:
            cli.add_command(command)
    try:
        from server.cli import serve_commands
    except ImportError:  # pragma: no cover - serve is added by the server issue
        return
    for command in serve_commands.COMMANDS:
        cli.add_command(command)


_register()


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; usage errors become one line and exit code 2."""
    try:
        result = cli.main(args=argv, prog_name="prismatic", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("prismatic: aborted", err=True)
        sys.exit(130)
    except click.UsageError as error:
        click.echo(f"prismatic: error: {error.format_message()}", err=True)
        sys.exit(2)
    except click.ClickException as error:
        click.echo(f"prismatic: error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    sys.exit(result if isinstance(result, int) else 0)
