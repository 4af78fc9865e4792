"""The parts of ``bench/load.py`` and ``bench/watchers.py``: measurements, conversations, the
runner, database set-up, the report, the page-faithful client (``browser``), the relay's
fan-out (``fanout``); and the bars they are read against (quality.md)."""

P99_SATURATION = 0.250  # s: the saturation throughput is the highest moves/s with p99 under this
P99_BAR_200 = 0.100  # s: p99 at 200 matches, one move per match per second
SAT_RATIO_BAR = 0.6  # game saturation / relay saturation
SAT_PAGE_BAR = 0.8  # page-faithful clients' game saturation / bot-like clients' (--compare-bot-like)
SAT_VS_BASELINE_BAR = 0.7  # this tree's game saturation / the baseline tree's (--baseline-tree)
SCALE_OUT_BAR = 1.3  # two processes / one process
CHAT_LINE_BAR = 1.0  # server CPU of a chat line / of a move (--chat)
CONNECT_CONCURRENCY = 32
IDLE_WINDOW = 5.0  # s: the "talk" phase first measures its open sockets doing nothing
# s between a match's lines in the "talk" phase: its lines come at about the rate of the game
# phase's moves (133 a second at 200 matches against 200 moves), as near the chat's flood
# control as is safe (each player every 3 s: 4 lines in 10 s are allowed), so a line's CPU
# is measured at a load like a move's, not at a fifth of it where each event costs more
TALK_EVERY = 1.5


def loopback_address(n: int) -> str:
    """The ``n``-th of many loopback addresses (all of 127.0.0.0/8 is this machine). A load
    client binding each socket to its own looks like many people, as real traffic does: the
    server's per-address limits (sockets open, messages a second) are meant for one person."""
    return f"127.1.{n // 250 % 250}.{1 + n % 250}"
