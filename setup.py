"""The compiled part of the engine; pyproject.toml holds the project's metadata.

``engine.domino._kernel`` (engine/domino/_kernel.c, _kernel_spinner.c,
_kernel_random.c) plays the hard player's greedy rollouts of simple rounds, on a line
and around a spinner, shuffles a round's seeded deal and plays simulate's random
rounds. It is optional: where it cannot be built (no C compiler or no Python headers)
the install goes on without it and the engine uses its pure Python paths, which give
the same deals and play the same moves.
"""

from __future__ import annotations

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class BuildExt(build_ext):
    """Keep the kernel's floating point exactly Python's: no fused multiply-adds
    (a compiler may contract ``a * b + c`` into one rounding where Python rounds
    twice, and a greedy tie would then break differently)."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":  # gcc and clang
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, "-ffp-contract=off"]
        super().build_extensions()


setup(
    ext_modules=[Extension("engine.domino._kernel",
                           ["engine/domino/_kernel.c", "engine/domino/_kernel_spinner.c",
                            "engine/domino/_kernel_random.c"],
                           depends=["engine/domino/_kernel.h"], optional=True)],
    cmdclass={"build_ext": BuildExt},
)
