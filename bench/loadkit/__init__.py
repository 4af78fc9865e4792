"""The parts of ``bench/load.py``: measurements, conversations, the runner, database set-up,
the report; and the bars they are read against (quality.md)."""

P99_SATURATION = 0.250  # s: the saturation throughput is the highest moves/s with p99 under this
P99_BAR_200 = 0.100  # s: p99 at 200 matches, one move per match per second
SAT_RATIO_BAR = 0.6  # game saturation / relay saturation
SCALE_OUT_BAR = 1.3  # two processes / one process
CONNECT_CONCURRENCY = 32
