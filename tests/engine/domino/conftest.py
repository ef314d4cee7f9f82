"""What the domino engine's tests share: running a test on each path of the engine,
the compiled kernel's and the pure Python one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.domino import compiled


@pytest.fixture(params=["kernel", "python"])
def both_paths(request: pytest.FixtureRequest) -> Iterator[str]:
    """The test once with the compiled kernel (skipped where it was not built) and once
    in pure Python, as under ``DOMINO_PURE_PYTHON=1``."""
    if request.param == "kernel" and compiled.kernel is None:
        pytest.skip("engine.domino._kernel was not built (no C compiler)")
    saved = compiled.use_kernel
    compiled.use_kernel = request.param == "kernel"
    try:
        yield request.param
    finally:
        compiled.use_kernel = saved
