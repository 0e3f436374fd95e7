"""Explanation data (nested dicts, lists and scalars) as indented bullet text.

The engine, the drills and the course explain as data; this renders that data
for people, as Markdown for the app or as plain text for a terminal; the words it adds (yes, no, none) are
in the language spoken now.

>>> print(explanation_text({"steps": ["30 fu", "3 han"], "total": 3900, "ura_counted": True, "melds": []}, markup=False))
- steps:
  - 30 fu
  - 3 han
- total: 3900
- ura counted: yes
- melds: none
"""

from __future__ import annotations

from .i18n import gettext


def explanation_text(data: object, depth: int = 0, markup: bool = True) -> str:
    """Bullet lists, one level of indent per level of nesting; ``markup`` bolds the keys (Markdown).

    A list of dicts puts each dict on one line ("key: value · key: value").
    """
    pad = "  " * depth
    if isinstance(data, dict):
        lines = []
        for k, v in data.items():
            label = str(k).replace("_", " ")
            label = f"**{label}**" if markup else label
            if isinstance(v, dict | list | tuple) and v:
                lines.append(f"{pad}- {label}:\n{explanation_text(v, depth + 1, markup)}")
            else:
                lines.append(f"{pad}- {label}: {_scalar(v)}")
        return "\n".join(lines)
    if isinstance(data, list | tuple):
        lines = []
        for v in data:
            if isinstance(v, dict):
                parts = [f"{str(k).replace('_', ' ')}: {_inline(x)}" for k, x in v.items()]
                lines.append(f"{pad}- " + (" · ".join(parts) or "—"))
            elif isinstance(v, list | tuple):
                lines.append(f"{pad}- " + (", ".join(_inline(x) for x in v) or "—"))
            else:
                lines.append(f"{pad}- {_scalar(v)}")
        return "\n".join(lines)
    return f"{pad}{_scalar(data)}"


def _inline(v: object) -> str:
    if isinstance(v, dict):
        return "(" + ", ".join(f"{k} {_inline(x)}" for k, x in v.items()) + ")"
    if isinstance(v, list | tuple):
        return ", ".join(_inline(x) for x in v) or "—"
    return _scalar(v)


def _scalar(v: object) -> str:
    if isinstance(v, bool):
        return gettext("yes") if v else gettext("no")
    if v is None or v == "":
        return "—"
    if isinstance(v, dict | list | tuple) and not v:
        return gettext("none")
    return str(v)
