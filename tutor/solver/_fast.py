"""The kernels of :mod:`tutor.solver.kernels` compiled with numba (the fast path).

Imported only when a solve asks for the numba engine (never at ``import tutor``), so the
package still runs where numba does not (the browser). Each kernel is recompiled from
its own code object with globals where every other kernel is its compiled dispatcher
(numba calls only compiled functions from compiled code); ``popcount`` and ``msb`` become
``kernels.popcount_bits`` and ``kernels.msb_bits``, bit tricks numba compiles. How each
kernel compiles (``INLINE``, ``SIGNATURES``) is also written in ``kernels``: numba's cache
is keyed by that file alone, so any change there compiles afresh.
"""

from __future__ import annotations

import types

from numba import njit

from tutor.solver import kernels

__all__ = ["KERNELS"]


def _compile() -> types.SimpleNamespace:
    """Every kernel as a numba dispatcher, in one namespace (compiled on first call, but
    ``ab`` at once: its callees must be in the namespace before it)."""
    ns = dict(vars(kernels))
    plain = {"popcount": kernels.popcount_bits, "msb": kernels.msb_bits}
    plain.update((name, fn) for name, fn in vars(kernels).items()
                 if isinstance(fn, types.FunctionType) and fn.__module__ == kernels.__name__
                 and name not in plain and name not in ("popcount_bits", "msb_bits"))
    for name, fn in plain.items():
        clone = types.FunctionType(fn.__code__, ns, name, fn.__defaults__, fn.__closure__)
        clone.__qualname__ = fn.__qualname__
        ns[name] = njit(kernels.SIGNATURES.get(name), cache=True,
                        inline="always" if name in kernels.INLINE else "never")(clone)
    return types.SimpleNamespace(**{name: ns[name] for name in plain})


KERNELS = _compile()
