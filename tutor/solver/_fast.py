"""The kernels of :mod:`tutor.solver.kernels` compiled with numba (the fast path), by
:func:`tutor.engine.jit.compile_kernels`.

Imported only when a solve asks for the numba engine (never at ``import tutor``), so the
package still runs where numba does not (the browser).
"""

from __future__ import annotations

from tutor.engine.jit import compile_kernels
from tutor.solver import kernels

__all__ = ["KERNELS"]

KERNELS = compile_kernels(kernels)
