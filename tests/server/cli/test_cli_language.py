"""`prismatic --help` follows LANGUAGE / LC_ALL / LC_MESSAGES / LANG; English otherwise."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from server.cli.i18n import cli_language
from tests.server.support.spawn import run_cli

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LC_ALL": "it_IT.UTF-8", "LANG": "ru_RU.UTF-8"}, "it"),
        ({"LC_MESSAGES": "ru_RU", "LANG": "it_IT"}, "ru"),
        ({"LANGUAGE": "de:it", "LANG": "ru_RU.UTF-8"}, "it"),
        ({"LANGUAGE": "de", "LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_cli_language_comes_from_the_locale_variables(environ: dict[str, str],
                                                          expected: str) -> None:
    assert cli_language(environ) == expected


def help_text(lang: str, *args: str) -> str:
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env["LANG"] = lang
    result = run_cli([*args, "--help"], env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_help_is_russian_under_a_russian_locale() -> None:
    text = help_text("ru_RU.UTF-8", "deck", "check")
    assert "Использование:" in text
    assert "Проверить DECK по пулу POOL" in text
    assert "Показать эту справку и выйти." in text


def test_help_is_italian_under_an_italian_locale() -> None:
    assert "Avvia il server del draft" in help_text("it_IT.UTF-8", "serve")


def test_help_is_english_by_default() -> None:
    text = help_text("C.UTF-8")
    assert "Usage:" in text and "Run the draft server" in text


def test_deck_check_reports_in_russian_and_keeps_card_names_and_codes(tmp_path: Path) -> None:
    deck, pool = tmp_path / "deck.txt", tmp_path / "pool.txt"
    deck.write_text("Commander\n1 Alharu, Solemn Ritualist\n\nDeck\n1 Boarding Party\n"
                    "57 Plains\n")
    pool.write_text("1 Alharu, Solemn Ritualist\n1 Boarding Party\n")
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    result = run_cli(["deck", "check", str(deck), "--pool", str(pool)],
                     env={**env, "LANG": "ru_RU.UTF-8"})
    assert result.returncode == 1, result.stderr
    assert "Колода: 59 карт" in result.stdout
    assert "Не по правилам: 2 проблемы." in result.stdout
    assert ("Цвета карты Boarding Party: красный, а вашего командира: белый. "
            "[outside_identity]") in result.stdout
