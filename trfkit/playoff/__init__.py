"""Play-off planning after Article 32.5 of the Russian chess rules of 2013 (``trfkit playoff``).

:func:`build_plan` gives the plan for N players tied for first place;
:func:`~trfkit.playoff.tied.plan_for_tournament` finds the tied players in a tournament
and names them;
:mod:`~trfkit.playoff.render` prints a plan as an announcement or as JSON.
"""

from __future__ import annotations

from .plan import Options, Plan
from .table import build_plan

__all__ = ["Options", "Plan", "build_plan"]
