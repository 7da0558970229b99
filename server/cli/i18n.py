"""The command line's help in the user's language, read from the environment the way
gettext does: `LANGUAGE` (a colon-separated list), `LC_ALL`, `LC_MESSAGES`, then `LANG`.

Why evaluated at import: click builds help texts when the commands are declared, and a
CLI process has one environment. English is the default, and for "C"/"POSIX" locales.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import click.core
import click.decorators
import click.formatting

from server.i18n.catalogs import DEFAULT_LANGUAGE, N_, supported, translations

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def cli_language(environ: Mapping[str, str] = os.environ) -> str:
    """The first supported language the first set variable names; English otherwise."""
    for name in ENVIRONMENT:
        value = environ.get(name, "").strip()
        if not value:
            continue
        for tag in value.split(":"):
            language = supported(tag.split(".")[0].split("@")[0])
            if language:
                return language
        if name != "LANGUAGE":  # LANGUAGE only adds preferences; the locale decides
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


LANGUAGE = cli_language()
_ = translations(LANGUAGE).gettext


# click's own words on a help screen; it looks them up with `gettext` at run time.
CLICK_WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("default: {default}"),
    N_("required"),
    N_("%(prog)s, version %(version)s"),
)


def translate_click() -> None:
    """Let click's help screens use our catalog for its own words."""
    for module in (click.core, click.decorators, click.formatting):
        module._ = _  # type: ignore[attr-defined]
