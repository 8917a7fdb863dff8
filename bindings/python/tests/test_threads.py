"""Long calls release the GIL and stop on Ctrl-C."""

import multiprocessing
import os
import signal
import threading
import time

import pytest

import oddsmith

# A Monte Carlo run that only its deadline ends (the target error is out
# of reach): about `time_ms` of work.
LONG = dict(players=["random", "random", "random"], mode="mc", stderr=1e-9, threads=1)


@pytest.fixture(autouse=True)
def python_handles_ctrl_c():
    # A process started with SIGINT ignored (a background job of a
    # non-interactive shell) keeps it ignored, and Python then installs no
    # KeyboardInterrupt handler: Ctrl-C would do nothing there, in any
    # program. These tests are about a Python that hears Ctrl-C, as a
    # terminal's does, so they install its handler themselves.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_other_python_threads_run_during_a_long_call():
    # Another thread counts, then stops the call with Ctrl-C. A call that
    # held the GIL would leave it no turn: the call would run its whole
    # minute and return instead of raising. No timing involved.
    counted = []

    def count_then_interrupt():
        ticks = 0
        while ticks < 100_000:
            ticks += 1
        counted.append(ticks)
        os.kill(os.getpid(), signal.SIGINT)

    counter = threading.Thread(target=count_then_interrupt, daemon=True)
    with pytest.raises(KeyboardInterrupt):
        counter.start()
        oddsmith.equity(time_ms=60_000, **LONG)
    counter.join()
    assert counted == [100_000]


def test_two_threads_compute_equities_at_the_same_time():
    spans = {}
    ready = threading.Barrier(2)

    def work(name):
        ready.wait()
        start = time.monotonic()
        oddsmith.equity(time_ms=2000, **LONG)
        spans[name] = (start, time.monotonic())

    threads = [threading.Thread(target=work, args=(n,)) for n in "ab"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (a0, a1), (b0, b1) = spans["a"], spans["b"]
    overlap = min(a1, b1) - max(a0, b0)
    # Each call runs its own 2 s on a worker of its own: they overlap for
    # most of their length. Holding the GIL, the second could not even
    # start its clock before the first returned (overlap <= 0). Half the
    # length leaves a second for a loaded machine's scheduling.
    assert overlap > 1.0, spans


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
    lambda: oddsmith.board("random", all_flops=True, vs="random", threads=1),
], ids=["equity-mc", "equity-exact", "combat", "pig", "board"])
def test_ctrl_c_stops_a_long_call_soon(call):
    fire = interrupt_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with fire:
            call()
    stopped = time.monotonic()
    assert stopped - start < 30, "the call ran to its end instead of stopping"
    # About 20 ms here (the wait polls signals every 20 ms); the bound is
    # 100 times that, for a loaded machine.
    assert stopped - fire.sent < 2.0, f"{(stopped - fire.sent) * 1e3:.0f} ms from Ctrl-C to the exception"


def test_ctrl_c_stops_a_python_game():
    class Endless:
        def root(self):
            return 0

        def expand(self, state):
            time.sleep(0.001)
            return ("chance", [(0.5, 1.0, state + 1), (0.5, 0.0, state + 2)])

    fire = interrupt_after(0.2)
    with pytest.raises(KeyboardInterrupt):
        with fire:
            oddsmith.expectimax(Endless(), max_states=10**9)
    # The game's own sleep is 1 ms between checks; 2 s is for a loaded
    # machine.
    assert time.monotonic() - fire.sent < 2.0


def test_the_interpreter_is_usable_after_an_interrupt():
    with pytest.raises(KeyboardInterrupt), interrupt_after(0.1):
        oddsmith.equity(time_ms=60_000, **LONG)
    assert oddsmith.equity(["AhKh", "QsQd"]).exact


def _equity_of_ak():
    return oddsmith.equity(["AhKh", "random", "random"], mode="mc", stderr=0.004, seed=3,
                           time_ms=600_000).players[0].equity


def test_a_forked_child_computes_on_its_own_pool():
    # The pool runs in this process; a child made by fork() has none of its
    # threads, and its calls still answer (the same, for a seed and target).
    want = _equity_of_ak()
    with multiprocessing.get_context("fork").Pool(1) as pool:
        got = pool.apply_async(_equity_of_ak).get(timeout=120)
    assert got == want
