"""The fan-out hub: bounded per-subscriber queues, broadcasts that never block."""

from __future__ import annotations

import asyncio

from server.realtime.hub import RESYNC, Hub


def test_every_subscriber_of_a_channel_gets_the_message() -> None:
    async def scenario() -> None:
        hub = Hub()
        with hub.subscribe("a") as one, hub.subscribe("a") as two, hub.subscribe("b") as other:
            assert hub.publish("a", "hello") == 2
            assert await one.get() == "hello"
            assert await two.get() == "hello"
            assert other.drain() == []

    asyncio.run(scenario())


def test_a_full_queue_is_replaced_by_one_resync_marker() -> None:
    async def scenario() -> None:
        hub = Hub(queue_size=4)
        with hub.subscribe("a") as sleepy, hub.subscribe("a") as awake:
            for n in range(10):
                hub.publish("a", n)
                assert await awake.get() == n
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
