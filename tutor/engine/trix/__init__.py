"""Trix (Trex): the Levantine compendium of five contracts in four kingdoms."""

from __future__ import annotations

from tutor.engine.trix.contracts import TRICK_CONTRACTS, Contract
from tutor.engine.trix.game import (TrixGame, kingdom_owners, may_claim_king_redeal,
                                    may_claim_trex_redeal)
from tutor.engine.trix.rules import TrixRules
from tutor.engine.trix.trex import TREX_POINTS, Layout

__all__ = ["TrixGame", "TrixRules", "Contract", "TRICK_CONTRACTS", "Layout", "TREX_POINTS",
           "kingdom_owners", "may_claim_king_redeal", "may_claim_trex_redeal"]
