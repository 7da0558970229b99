"""A caller shares a read only if it started after the caller arrived: callers that arrive
while a read runs share the one read started after it, so twenty readers make at most two
reads at a time, and none gets an answer older than its own arrival."""

from __future__ import annotations

import asyncio

import pytest

from server.core.fresh_flight import FreshFlight


def test_callers_arriving_while_a_read_runs_share_one_read_after_it() -> None:
    async def scenario() -> tuple[list[int], int]:
        flight: FreshFlight[int] = FreshFlight()
        releases: list[asyncio.Event] = []
        reads = 0

        async def read() -> int:
            nonlocal reads
            reads += 1
            release = asyncio.Event()
            releases.append(release)
            await release.wait()
            return reads  # the answer names the read that gave it

        first = asyncio.create_task(flight.run("k", read))
        while not releases:
            await asyncio.sleep(0)
        later = [asyncio.create_task(flight.run("k", read)) for _ in range(19)]
        await asyncio.sleep(0)
        assert reads == 1  # the later callers wait; they may not share the running read
        releases[0].set()
        while len(releases) < 2:
            await asyncio.sleep(0)
        releases[1].set()
        return [await first, *await asyncio.gather(*later)], reads

    answers, reads = asyncio.run(scenario())
    assert reads == 2
    assert answers == [1] + [2] * 19


def test_callers_before_the_read_starts_share_it() -> None:
    async def scenario() -> tuple[list[int], int]:
        flight: FreshFlight[int] = FreshFlight()
        reads = 0

        async def read() -> int:
            nonlocal reads
            reads += 1
            await asyncio.sleep(0)
            return 5

        calls = [asyncio.create_task(flight.run("k", read)) for _ in range(5)]
        return list(await asyncio.gather(*calls)), reads

    answers, reads = asyncio.run(scenario())
    assert answers == [5] * 5 and reads == 1


def test_keys_do_not_share_and_a_later_call_reads_again() -> None:
    async def scenario() -> list[str]:
        flight: FreshFlight[str] = FreshFlight()
        done: list[str] = []

        async def read(key: str) -> str:
            done.append(key)
            return key

        await asyncio.gather(flight.run("a", lambda: read("a")), flight.run("b", lambda: read("b")))
        await flight.run("a", lambda: read("a"))
        return done

    assert sorted(asyncio.run(scenario())) == ["a", "a", "b"]


def test_an_error_reaches_the_callers_of_that_read_and_the_next_call_reads_again() -> None:
    async def scenario() -> tuple[list[BaseException | int], int]:
        flight: FreshFlight[int] = FreshFlight()
        reads = 0

        async def read() -> int:
            nonlocal reads
            reads += 1
            await asyncio.sleep(0)
            if reads == 1:
                raise RuntimeError("the database is gone")
            return 3

        failed = await asyncio.gather(*(flight.run("k", read) for _ in range(3)),
                                      return_exceptions=True)
        return [*failed, await flight.run("k", read)], reads

    answers, reads = asyncio.run(scenario())
    assert [type(answer) for answer in answers[:3]] == [RuntimeError] * 3
    assert answers[3] == 3 and reads == 2


def test_a_caller_that_gives_up_leaves_the_read_to_the_others() -> None:
    async def scenario() -> int:
        flight: FreshFlight[int] = FreshFlight()
        release = asyncio.Event()

        async def read() -> int:
            await release.wait()
            return 9

        quitter = asyncio.create_task(flight.run("k", read))
        stayer = asyncio.create_task(flight.run("k", read))
        await asyncio.sleep(0)
        quitter.cancel()
        with pytest.raises(asyncio.CancelledError):
            await quitter
        release.set()
        return await stayer

    assert asyncio.run(scenario()) == 9
