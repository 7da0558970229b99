"""`prismatic packs` and `prismatic simulate`: the draft engine from the command line."""

from __future__ import annotations

import click

COMMANDS: list[click.Command] = []
