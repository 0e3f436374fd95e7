"""YAML syntax errors as a person reads them: line, column and the problem, without the parser's stream names.

>>> import yaml
>>> try:
...     yaml.safe_load("base: tenhou\\n  name: x\\n")
... except yaml.YAMLError as exc:
...     print(yaml_error_text(exc))
line 2, column 7: mapping values are not allowed here
"""

from __future__ import annotations

import yaml


def yaml_problem(exc: yaml.YAMLError) -> tuple[int | None, int | None, str]:
    """1-based line and column of a YAML error (None when the parser gives none) and what is wrong there."""
    if isinstance(exc, yaml.MarkedYAMLError):
        problem = exc.problem or exc.context or "the parser gives no reason"
        if exc.problem and exc.context:
            problem = f"{exc.problem} ({exc.context})"
        mark = exc.problem_mark or exc.context_mark
        if mark is not None:
            return mark.line + 1, mark.column + 1, problem
        return None, None, problem
    return None, None, str(exc)


def yaml_error_text(exc: yaml.YAMLError) -> str:
    """``line 2, column 7: mapping values are not allowed here``."""
    line, column, problem = yaml_problem(exc)
    return problem if line is None else f"line {line}, column {column}: {problem}"


__all__ = ["yaml_error_text", "yaml_problem"]
