"""oddsmith.cluster's progress line: drawn on a terminal only."""

import io
import sys

from oddsmith import cluster


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_progress_line_is_drawn_on_a_terminal(monkeypatch):
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    cluster.range_vs_board("QQ+", "JJ-88", boards=["Ks7c2d", "AhKhQh", "7s7d2c"], per_task=1)
    drawn = screen.getvalue()
    assert "range vs board" in drawn and "3/3 tasks" in drawn and drawn.endswith("\n")
    assert drawn.count("\r") == 3


def test_no_progress_line_elsewhere(monkeypatch):
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    cluster.range_vs_board("QQ+", "JJ-88", boards=["Ks7c2d", "AhKhQh"], per_task=1)
    assert pipe.getvalue() == ""
