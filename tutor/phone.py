"""Phone habits of the frame: on a narrow screen the sidebar closes once a page is chosen in it.

Streamlit leaves the sidebar open over most of a phone's screen after a page
link in it is tapped; a small script in the page closes it (widths up to
``NARROW_PX``), so the chosen page is what the learner sees and can tap.
"""

from __future__ import annotations

import streamlit as st

NARROW_PX = 640

_SCRIPT = """<script>
const w = window;
if (!w.__sanmaSidebarCloser) {
  w.__sanmaSidebarCloser = true;
  w.document.addEventListener("click", (ev) => {
    const link = ev.target.closest && ev.target.closest('[data-testid="stSidebarNavLink"]');
    if (!link || w.innerWidth > NARROW_PX) return;
    const close = (tries) => {
      const bar = w.document.querySelector('[data-testid="stSidebar"]');
      const button = w.document.querySelector('[data-testid="stSidebarCollapseButton"] button');
      const open = bar && bar.getBoundingClientRect().right > 1;
      if (open && button) button.click();
      else if (open && tries > 0) w.setTimeout(() => close(tries - 1), 100);
    };
    w.setTimeout(() => close(20), 50);
  }, true);
}
</script>""".replace("NARROW_PX", str(NARROW_PX))


def close_sidebar_after_navigation() -> None:
    """Install (once per browser tab) the script that closes the sidebar after a page is chosen on a phone."""
    st.html(_SCRIPT, unsafe_allow_javascript=True)
