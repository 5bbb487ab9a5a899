"""Temperature theory: exact thermographs, mean and temperature, cooling, heating and
overheating, incentives, and pictures of thermographs.
"""

from cgt.thermal.thermography import (
    ThermalError,
    Thermograph,
    cool,
    heat,
    mean,
    overheat,
    temperature,
    thermograph,
)

__all__ = [
    "ThermalError",
    "Thermograph",
    "cool",
    "heat",
    "mean",
    "overheat",
    "temperature",
    "thermograph",
]
