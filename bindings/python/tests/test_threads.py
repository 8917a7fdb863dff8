"""Long calls release the GIL and stop on Ctrl-C."""

import os
import signal
import threading
import time

import pytest

import oddsmith

# A Monte Carlo run that only its deadline ends (the target error is out
# of reach): about `time_ms` of work.
LONG = dict(players=["random", "random", "random"], mode="mc", stderr=1e-9, threads=1)


def test_other_python_threads_run_during_a_long_call():
    done = threading.Event()
    ticks = 0

    def work():
        oddsmith.equity(time_ms=400, **LONG)
        done.set()

    t = threading.Thread(target=work)
    t.start()
    time.sleep(0.05)
    while not done.is_set():
        ticks += 1
    t.join()
    # Holding the GIL for the call would leave this thread almost no turns
    # (one per 5 ms switch interval); released, it spins freely.
    assert ticks > 100_000, ticks


def test_two_threads_compute_equities_at_the_same_time():
    spans = {}

    def work(name):
        start = time.monotonic()
        oddsmith.equity(time_ms=300, **LONG)
        spans[name] = (start, time.monotonic())

    threads = [threading.Thread(target=work, args=(n,)) for n in "ab"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (a0, a1), (b0, b1) = spans["a"], spans["b"]
    overlap = min(a1, b1) - max(a0, b0)
    # Each call runs its own 300 ms on a worker of its own: they overlap
    # for most of their length (serialized, they could not overlap).
    assert overlap > 0.2, spans


class interrupt_after:
    """Sends this process SIGINT (Ctrl-C) `seconds` after the block starts;
    the block waits for the sender on exit, so a signal never leaks into
    the next test."""

    def __init__(self, seconds):
        self.seconds, self.sent = seconds, None

    def fire(self):
        time.sleep(self.seconds)
        self.sent = time.monotonic()
        os.kill(os.getpid(), signal.SIGINT)

    def __enter__(self):
        self.thread = threading.Thread(target=self.fire, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        try:
            self.thread.join()
        except KeyboardInterrupt:
            pass
        return False


@pytest.mark.parametrize("call", [
    lambda: oddsmith.equity(time_ms=60_000, **LONG),
    lambda: oddsmith.equity(["random", "random", "AhKh"], mode="exact", time_ms=60_000, threads=1),
    lambda: oddsmith.combat("3/9+taunt+shield,4/8+reborn,2/9+windfury,5/7+dr=2/2x2,3/8+shield,4/9,2/8+reborn",
                            "3/9+taunt+shield,4/8+reborn,2/9+windfury,5/7+dr=2/2x2,3/8+shield,4/9,2/8+reborn",
                            mode="mc", samples=10**12, threads=1),
    lambda: oddsmith.pig(goal=400, tolerance=1e-15),
], ids=["equity-mc", "equity-exact", "combat", "pig"])
def test_ctrl_c_stops_a_long_call_within_a_tenth_of_a_second(call):
    with interrupt_after(0.3) as fire:
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            call()
        stopped = time.monotonic()
    assert stopped - start < 10, "the call ran to its end instead of stopping"
    # About 20 ms here (the wait polls signals every 20 ms); the bound
    # leaves room for a loaded machine.
    assert stopped - fire.sent < 0.25, f"{(stopped - fire.sent) * 1e3:.0f} ms from Ctrl-C to the exception"


def test_ctrl_c_stops_a_python_game():
    class Endless:
        def root(self):
            return 0

        def expand(self, state):
            time.sleep(0.001)
            return ("chance", [(0.5, 1.0, state + 1), (0.5, 0.0, state + 2)])

    with interrupt_after(0.2) as fire:
        with pytest.raises(KeyboardInterrupt):
            oddsmith.expectimax(Endless(), max_states=10**9)
        assert time.monotonic() - fire.sent < 0.25


def test_the_interpreter_is_usable_after_an_interrupt():
    with interrupt_after(0.1), pytest.raises(KeyboardInterrupt):
        oddsmith.equity(time_ms=60_000, **LONG)
    assert oddsmith.equity(["AhKh", "QsQd"]).exact
