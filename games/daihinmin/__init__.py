"""Daihinmin under the UECda rules."""
