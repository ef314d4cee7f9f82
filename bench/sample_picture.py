"""Writing a sample picture for the docs: drawn ``runs`` times, the last one written,
the median time printed (the rating chart's and the standings' samples)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from renderer.scene import RenderResult

__all__ = ["write_sample"]


def write_sample(out: Path, draw: Callable[[], RenderResult], runs: int) -> None:
    """Draw ``runs`` times (at least once), write the picture to ``out``, print its size
    and the median time."""
    times = []
    result = None
    for _ in range(max(1, runs)):
        t0 = time.perf_counter()
        result = draw()
        times.append((time.perf_counter() - t0) * 1000)
    assert result is not None
    out.write_bytes(result.data)
    times.sort()
    print(f"{out}: {result.width}x{result.height} {len(result.data)} bytes;"
          f" render median {times[len(times) // 2]:.1f} ms over {len(times)} runs")
