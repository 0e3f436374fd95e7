"""Keep the server's long-lived objects out of the garbage collector's full passes.

Everything imported (the engine, its tables, Streamlit) lives as long as the
process. A full collection walks all of it: about 0.1 s once the pages are
loaded, and while it runs no answer to a click goes out. Streamlit's own
collection after every run is therefore off (``runner.postScriptGC`` in
``.streamlit/config.toml``), and after a run that imported new modules this
module collects once and freezes what is alive, so that Python's automatic
full passes skip it.
"""

from __future__ import annotations

import gc
import sys

_modules_seen = 0


def freeze_long_lived() -> bool:
    """Collect, then move every live object into the permanent generation, if modules were imported since the
    last call (a page's first visit); returns whether it did. Cheap otherwise: it compares one count.

    >>> freeze_long_lived() in (True, False)
    True
    >>> freeze_long_lived()
    False
    """
    global _modules_seen
    count = len(sys.modules)
    if count == _modules_seen:
        return False
    _modules_seen = count
    gc.collect()
    gc.freeze()
    return True
