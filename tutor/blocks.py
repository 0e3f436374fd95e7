"""Plain HTML building blocks for content drawn as one element: tables of rows, paragraphs, notes.

Every text is escaped here. One ``st.html`` element draws at once, where a table
of markdown cells or a dozen separate elements took a visible moment to redraw.
:data:`BLOCKS_CSS` is part of the page-wide styles (:func:`tutor.widgets.inject_css`).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

BLOCKS_CSS = """
.sm-scroll{overflow-x:auto}
.sm-small{font-size:.85rem;color:#5b5b5b}
.sm-cols{display:flex;flex-wrap:wrap;gap:.5rem 2rem}
.sm-cols>div{flex:1 1 16rem;min-width:0}
.sm-note{border-radius:.5rem;padding:.6rem .8rem;margin:.4rem 0}
.sm-good{background:#e6f4ea;color:#14532d}
.sm-warn{background:#fff4d6;color:#6b4e00}
.sm-info{background:#e7f0fb;color:#1e3a5f}
.sm-rows{border-collapse:collapse;font-size:.9rem}
.sm-rows th,.sm-rows td{border-bottom:1px solid #e6e0d0;padding:.25rem .5rem;text-align:left;vertical-align:top}
.sm-rows th{font-weight:600;background:#f1ede2}
.sm-rows.sm-first th:first-child,.sm-rows.sm-first td:first-child{position:sticky;left:0;z-index:1;min-width:7rem;
  max-width:12rem;background:#fffdf7;box-shadow:1px 0 0 #e6e0d0}
.sm-rows.sm-first th:first-child{background:#f1ede2}
.sm-result h3{font-size:1.25rem;margin:.8rem 0 .3rem}
.sm-result ul{margin:.3rem 0 .5rem 1.2rem;padding:0}
"""


def rows_html(rows: Sequence[dict[str, object]], first_column_stays: bool = False) -> str:
    """A plain HTML table of ``rows`` (the keys of the first row are the columns), every cell escaped.

    With ``first_column_stays`` the first column stays in place while a wide table scrolls sideways in its box
    (wrap it in ``sm-scroll``): on a phone every row keeps its name in view.

    >>> rows_html([{"discard": "5p", "why": "<safe>"}])
    '<table class="sm-rows"><thead><tr><th>discard</th><th>why</th></tr></thead><tbody><tr><td>5p</td><td>&lt;safe&gt;</td></tr></tbody></table>'
    """
    columns = list(rows[0]) if rows else []
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(row.get(c, '')))}</td>" for c in columns) + "</tr>"
                   for row in rows)
    css = "sm-rows sm-first" if first_column_stays else "sm-rows"
    return f'<table class="{css}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def para(text: str, css: str = "") -> str:
    """A paragraph of plain text; ``css`` names a class.

    >>> para("1 < 2", "sm-small")
    '<p class="sm-small">1 &lt; 2</p>'
    """
    attr = f' class="{css}"' if css else ""
    return f"<p{attr}>{html.escape(text)}</p>"


def bold(text: str) -> str:
    """A paragraph of bold plain text."""
    return f"<p><strong>{html.escape(text)}</strong></p>"


def note(kind: str, inner_html: str) -> str:
    """A coloured note (``good``, ``warn`` or ``info``) around already escaped HTML."""
    return f'<div class="sm-note sm-{kind}" role="note">{inner_html}</div>'
