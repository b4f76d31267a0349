"""Compile a module of kernels with numba: the optional accelerator of the solver
(:mod:`tutor.solver.kernels`) and of the Trixter play-out
(:mod:`tutor.search.rollout_kernels`).

Imported only when a caller asks for the fast path (never at ``import tutor``), so the
package still runs where numba does not (the browser). Each kernel is recompiled from its
own code object with globals where every other kernel is its compiled dispatcher (numba
calls only compiled functions from compiled code); ``popcount`` and ``msb`` become LLVM's
``ctpop`` and ``ctlz`` (numba has no ``int.bit_count``). How each kernel compiles
(``INLINE``, ``SIGNATURES``, ``NRT``) is written in the kernels' own module: numba's cache
is keyed by that file alone, so any change there compiles afresh.
"""

from __future__ import annotations

import types

from llvmlite import ir
from numba import njit, types as nbtypes
from numba.extending import intrinsic

__all__ = ["compile_kernels"]


@intrinsic
def _ctpop(typingctx, x):
    """LLVM's ``ctpop`` (one ``popcnt`` instruction) on an int64."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return nbtypes.int64(nbtypes.int64), codegen


@intrinsic
def _ctlz(typingctx, x):
    """LLVM's ``ctlz`` (one ``lzcnt``/``bsr``) on an int64 > 0."""
    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))
    return nbtypes.int64(nbtypes.int64), codegen


def _popcount(x):
    return _ctpop(x)


def _msb(x):
    return 63 - _ctlz(x)


def compile_kernels(module: types.ModuleType) -> types.SimpleNamespace:
    """Every function of ``module`` as a numba dispatcher, in one namespace (compiled on
    first call, or at once where ``module.SIGNATURES`` gives its signature: its callees
    must be in the namespace before it)."""
    ns = dict(vars(module), _ctpop=_ctpop, _ctlz=_ctlz)
    plain = {"popcount": _popcount, "msb": _msb}
    plain.update((name, fn) for name, fn in vars(module).items()
                 if isinstance(fn, types.FunctionType) and fn.__module__ == module.__name__
                 and name not in plain)
    for name, fn in plain.items():
        clone = types.FunctionType(fn.__code__, ns, name, fn.__defaults__, fn.__closure__)
        clone.__qualname__ = fn.__qualname__
        ns[name] = njit(module.SIGNATURES.get(name), cache=True, _nrt=module.NRT,
                        inline="always" if name in module.INLINE else "never")(clone)
    return types.SimpleNamespace(**{name: ns[name] for name in plain})
