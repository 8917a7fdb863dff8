"""Python's overhead over the C entries: one `rank` call, and the batch
evaluator on a numpy array of 1,000,000 hands against `oddsmith_eval_batch`
on the same memory (through ctypes: one call, so its overhead is nil).

    cargo build --release            # target/release/liboddsmith.so
    python bindings/python/bench/overhead.py [path/to/liboddsmith.so]

Runs alternate between Python and C; medians are printed.
"""

import ctypes
import statistics
import sys
import time
import timeit

import numpy as np

import oddsmith

library = sys.argv[1] if len(sys.argv) > 1 else "target/release/liboddsmith.so"
c = ctypes.CDLL(library)
c.oddsmith_eval_batch.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t]
c.oddsmith_eval7.argtypes = [ctypes.c_void_p, ctypes.c_void_p]

rng = np.random.default_rng(1)
hands = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :7].astype(np.uint8)
out = np.empty(len(hands), dtype=np.uint16)


def c_batch():
    start = time.perf_counter()
    status = c.oddsmith_eval_batch(hands.ctypes.data, len(hands), 7, out.ctypes.data, len(out))
    assert status == 0
    return time.perf_counter() - start


def py_batch():
    start = time.perf_counter()
    oddsmith.rank_batch(hands)
    return time.perf_counter() - start


c_times, py_times = [], []
for _ in range(15):
    c_times.append(c_batch())
    py_times.append(py_batch())
assert (oddsmith.rank_batch(hands) == out).all()
c_ms, py_ms = statistics.median(c_times) * 1e3, statistics.median(py_times) * 1e3
print(f"batch of 1,000,000 7-card hands: C {c_ms:.2f} ms, Python (numpy) {py_ms:.2f} ms, ratio {py_ms / c_ms:.3f}")

text = "AhKhQhJhTh9c2d"
indices = [int(x) for x in hands[0]]
n = 200_000
per_call = lambda stmt: min(timeit.repeat(stmt, number=n, repeat=7, globals=globals())) / n * 1e9  # noqa: E731
py_text = per_call("oddsmith.rank(text)")
py_list = per_call("oddsmith.rank(indices)")
c_hand = c_ms * 1e6 / len(hands)
print(f"one rank call: Python {py_text:.0f} ns (text), {py_list:.0f} ns (index list); "
      f"C's own work per hand {c_hand:.1f} ns; overhead about {py_text - c_hand:.0f} ns and {py_list - c_hand:.0f} ns")
