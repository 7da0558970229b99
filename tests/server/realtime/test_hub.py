"""The fan-out hub: bounded per-subscriber queues, broadcasts that never block."""

from __future__ import annotations

import asyncio

from server.realtime.hub import RESYNC, Hub


def test_every_subscriber_of_a_channel_gets_the_message() -> None:
    async def scenario() -> None:
        hub = Hub()
        with hub.subscribe("a") as one, hub.subscribe("a") as two, hub.subscribe("b") as other:
            assert hub.publish("a", "hello") == 2
            assert await one.batch() == ["hello"]
            assert await two.batch() == ["hello"]
            assert other.drain() == []

    asyncio.run(scenario())


def test_a_full_queue_is_replaced_by_one_resync_marker() -> None:
    async def scenario() -> None:
        hub = Hub(queue_size=4)
        with hub.subscribe("a") as sleepy, hub.subscribe("a") as awake:
            for n in range(10):
                hub.publish("a", n)
                assert await awake.batch() == [n]
            items = sleepy.drain()
            assert RESYNC in items
            assert len(items) <= 4

    asyncio.run(scenario())


def test_publishing_to_nobody_is_fine_and_unsubscribe_cleans_up() -> None:
    async def scenario() -> None:
        hub = Hub()
        assert hub.publish("nobody", 1) == 0
        with hub.subscribe("a"):
            assert hub.subscriber_count("a") == 1
        assert hub.subscriber_count("a") == 0

    asyncio.run(scenario())


def test_a_subscriber_is_never_queued_what_it_does_not_accept() -> None:
    async def scenario() -> None:
        hub = Hub()
        with hub.subscribe("a", lambda n: n % 2 == 0) as evens, hub.subscribe("a") as all_:
            for n in range(6):
                hub.publish("a", n)
            assert evens.drain() == [0, 2, 4]
            assert all_.drain() == [0, 1, 2, 3, 4, 5]

    asyncio.run(scenario())


def test_a_batch_waits_for_the_first_message_then_takes_all_that_queued() -> None:
    async def scenario() -> None:
        hub = Hub()
        with hub.subscribe("a") as writer:
            waiting = asyncio.create_task(writer.batch())
            await asyncio.sleep(0)
            assert not waiting.done()
            hub.publish("a", 1)
            hub.publish("a", 2)
            assert await waiting == [1, 2]
            hub.publish("a", 3)
            assert await writer.batch() == [3]
            assert writer.qsize() == 0

    asyncio.run(scenario())


def test_a_full_queue_wakes_its_reader_with_the_resync_marker_alone() -> None:
    async def scenario() -> None:
        hub = Hub(queue_size=2)
        with hub.subscribe("a") as sleepy:
            for n in range(3):
                hub.publish("a", n)
            assert await sleepy.batch() == [RESYNC]
            assert sleepy.overflows == 1

    asyncio.run(scenario())


def test_a_subscription_has_one_reader() -> None:
    async def scenario() -> None:
        hub = Hub()
        with hub.subscribe("a") as one:
            first = asyncio.create_task(one.batch())
            await asyncio.sleep(0)
            try:
                await one.batch()
            except RuntimeError as refused:
                assert "one reader" in str(refused)
            else:
                raise AssertionError("a second reader was let wait")
            first.cancel()

    asyncio.run(scenario())
