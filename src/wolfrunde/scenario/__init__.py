"""Scenario files: a whole game as a script (see shared spec scenario-format.md, docs/scenarios.md)."""

from wolfrunde.scenario.runner import ScenarioError, run_scenario

__all__ = ["ScenarioError", "run_scenario"]
