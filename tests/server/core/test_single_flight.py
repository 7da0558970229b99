"""Concurrent callers of one key share one computation; an error reaches each of them and
the next call computes afresh; a caller that gives up leaves the others their answer."""

from __future__ import annotations

import asyncio

import pytest

from server.core.single_flight import SingleFlight


async def _joined(flight: SingleFlight[int], key: str, callers: int) -> None:
    while flight.callers(key) < callers:
        await asyncio.sleep(0)


def test_callers_meanwhile_share_one_computation() -> None:
    async def scenario() -> tuple[list[int], int]:
        flight: SingleFlight[int] = SingleFlight()
        release = asyncio.Event()
        computed = 0

        async def compute() -> int:
            nonlocal computed
            computed += 1
            await release.wait()
            return 7

        calls = [asyncio.create_task(flight.run("k", compute)) for _ in range(3)]
        await _joined(flight, "k", 3)
        release.set()
        return list(await asyncio.gather(*calls)), computed

    answers, computed = asyncio.run(scenario())
    assert answers == [7, 7, 7] and computed == 1


def test_an_error_reaches_every_caller_and_the_next_call_computes_again() -> None:
    async def scenario() -> tuple[list[BaseException | int], int, int]:
        flight: SingleFlight[int] = SingleFlight()
        release = asyncio.Event()
        computed = 0

        async def failing() -> int:
            nonlocal computed
            computed += 1
            await release.wait()
            raise ValueError("no")

        async def working() -> int:
            nonlocal computed
            computed += 1
            return 3

        calls = [asyncio.create_task(flight.run("k", failing)) for _ in range(2)]
        await _joined(flight, "k", 2)
        release.set()
        answers = await asyncio.gather(*calls, return_exceptions=True)
        return list(answers), await flight.run("k", working), computed

    answers, again, computed = asyncio.run(scenario())
    assert all(isinstance(answer, ValueError) for answer in answers)
    assert again == 3 and computed == 2


def test_a_cancelled_caller_leaves_the_others_their_answer() -> None:
    async def scenario() -> int:
        flight: SingleFlight[int] = SingleFlight()
        release = asyncio.Event()

        async def compute() -> int:
            await release.wait()
            return 5

        leaving = asyncio.create_task(flight.run("k", compute))
        staying = asyncio.create_task(flight.run("k", compute))
        await _joined(flight, "k", 2)
        leaving.cancel()
        with pytest.raises(asyncio.CancelledError):
            await leaving
        release.set()
        return await staying

    assert asyncio.run(scenario()) == 5
