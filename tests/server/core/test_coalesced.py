"""Background runs by key: one at a time, asks meanwhile merge into one more run after it,
an error is logged and the next ask runs again, and `close` cancels what runs."""

from __future__ import annotations

import asyncio

import pytest

from server.core.coalesced import Coalesced


def test_asks_while_a_run_goes_on_make_exactly_one_more_run() -> None:
    async def scenario() -> list[int]:
        runs = Coalesced()
        started: list[int] = []
        release = asyncio.Event()

        async def run() -> None:
            started.append(len(started))
            await release.wait()

        runs.ask("season", run)
        await asyncio.sleep(0)
        for _ in range(5):  # five writes while the first warm-up computes
            runs.ask("season", run)
        release.set()
        await runs.settle()
        return started

    assert asyncio.run(scenario()) == [0, 1]


def test_keys_run_apart_and_an_error_does_not_stop_the_next_ask(
        caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> list[str]:
        runs = Coalesced()
        done: list[str] = []

        async def fails() -> None:
            raise RuntimeError("the database went away")

        async def works(key: str) -> None:
            done.append(key)

        runs.ask("a", fails)
        runs.ask("b", lambda: works("b"))
        await runs.settle()
        runs.ask("a", lambda: works("a"))
        await runs.settle()
        assert runs.runs == 3
        return done

    assert asyncio.run(scenario()) == ["b", "a"]
    assert "the database went away" in caplog.text


def test_close_cancels_what_runs() -> None:
    async def scenario() -> bool:
        runs = Coalesced()
        forever = asyncio.Event()
        runs.ask("season", forever.wait)
        await asyncio.sleep(0)
        runs.ask("season", forever.wait)  # asked again: dropped by close
        await runs.close()
        await runs.settle()  # nothing left to wait for
        return forever.is_set()

    assert asyncio.run(scenario()) is False
