"""Milliseconds from Ctrl-C (SIGINT, sent by a thread 0.3 s into the call)
to the KeyboardInterrupt, five runs per long call; medians and maxima.

    python bindings/python/bench/interrupt_latency.py
"""
import os, signal, threading, time, statistics, oddsmith
def one(call):
    box = {}
    def fire():
        time.sleep(0.3); box['t'] = time.monotonic(); os.kill(os.getpid(), signal.SIGINT)
    th = threading.Thread(target=fire); th.start()
    try: call()
    except KeyboardInterrupt: pass
    d = time.monotonic() - box['t']; th.join(); return d*1e3
calls = {
 'equity mc': lambda: oddsmith.equity(["random"]*3, mode="mc", stderr=1e-9, time_ms=60000, threads=1),
 'equity exact': lambda: oddsmith.equity(["random","random","AhKh"], mode="exact", time_ms=60000, threads=1),
 'combat mc': lambda: oddsmith.combat("3/9+taunt+shield,4/8+reborn,2/9+windfury", "3/9+taunt+shield,4/8+reborn,2/9+windfury", mode="mc", samples=10**12, threads=1),
 'pig 400': lambda: oddsmith.pig(goal=400, tolerance=1e-15),
}
for k, c in calls.items():
    xs = [one(c) for _ in range(5)]
    print(f"{k}: median {statistics.median(xs):.1f} ms, max {max(xs):.1f} ms")
