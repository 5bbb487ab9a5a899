"""Verification: `verify` (a closed form against the generic recursion, exhaustively and at
random), the registry of claims behind ``cgt verify``, and plug-in discovery.
"""

from cgt.verification.harness import VerificationResult, compile_closed_form, verify
from cgt.verification.plugins import PluginImportError
from cgt.verification.registry import (
    Claim,
    ClaimNotFoundError,
    ClaimRun,
    ClaimsInterrupted,
    ClaimSizeError,
    GameNotFoundError,
    claims,
    register_claim,
    run_claims,
)

__all__ = [
    "Claim",
    "ClaimNotFoundError",
    "ClaimRun",
    "ClaimSizeError",
    "ClaimsInterrupted",
    "GameNotFoundError",
    "PluginImportError",
    "VerificationResult",
    "claims",
    "compile_closed_form",
    "register_claim",
    "run_claims",
    "verify",
]
