"""The broker's wake-ups (``fiveup.shared.broker``): what every live stream waits on.

A waiter taken before a publish is woken by it, one taken after waits for the next; a
wait on several keys ends at the first; a timeout ends a wait; a wait that ends (woken,
timed out or cancelled) leaves nothing in the wakes it listened to; a shutdown
(``publish_all``) wakes everyone.  Real event loop, no mocks."""

from __future__ import annotations

import asyncio

import pytest

from fiveup.shared.broker import Broker, wait_any


async def _waiting(task: asyncio.Task[None]) -> None:
    """Let ``task`` reach its wait."""
    for _ in range(5):
        await asyncio.sleep(0)
    assert not task.done()


async def test_a_waiter_taken_before_a_publish_is_woken_by_it() -> None:
    broker = Broker()
    wake = broker.waiter("m")
    waiters = [asyncio.ensure_future(wake.wait()) for _ in range(3)]
    await _waiting(waiters[0])
    assert wake.waiting() == 3
    broker.publish("m")
    await asyncio.wait_for(asyncio.gather(*waiters), 1)
    assert wake.is_set() and wake.waiting() == 0
    later = broker.waiter("m")  # taken after: a fresh wake, for the next publish
    assert later is not wake and not later.is_set()
    await wake.wait()  # a wake already set answers at once
    await wait_any((later, wake))


async def test_the_first_of_several_wakes_ends_the_wait_and_nothing_is_left_behind() -> None:
    broker = Broker()
    room, match = broker.waiter("room"), broker.waiter("match")
    task = asyncio.ensure_future(wait_any((room, match)))
    await _waiting(task)
    assert (room.waiting(), match.waiting()) == (1, 1)
    broker.publish("match")
    await asyncio.wait_for(task, 1)
    assert not room.is_set() and room.waiting() == 0


@pytest.mark.parametrize("several", [False, True], ids=["one wake", "several"])
async def test_a_timeout_or_a_cancellation_ends_a_wait_and_leaves_nothing_behind(
    several: bool,
) -> None:
    broker = Broker()
    wake = broker.waiter("m")

    def wait(timeout: float | None = None) -> asyncio.Future[None]:
        waiting = wait_any((wake, broker.waiter("n")), timeout) if several else wake.wait(timeout)
        return asyncio.ensure_future(waiting)

    await asyncio.wait_for(wait(timeout=0.01), 1)  # no publish: the timeout
    assert not wake.is_set() and wake.waiting() == 0
    task = wait()
    other = wait()
    await _waiting(task)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert wake.waiting() == 1  # the other waiter only, which a publish still wakes
    broker.publish("m")
    await asyncio.wait_for(other, 1)


async def test_publish_all_wakes_every_waiter() -> None:
    broker = Broker()
    tasks = [asyncio.ensure_future(broker.waiter(key).wait()) for key in ("a", "b", "c")]
    await _waiting(tasks[0])
    broker.publish_all()
    await asyncio.wait_for(asyncio.gather(*tasks), 1)
