"""Uploaded files as text: the one place where their bytes are decoded, so that pages see a
:class:`~sanma_core.errors.SanmaError` and never a decoding error.

>>> upload_text("rules.yaml", "name: x".encode(), "UTF-8 YAML")
'name: x'
>>> upload_text("rules.yaml", b"\\xff", "UTF-8 YAML")
Traceback (most recent call last):
...
sanma_core.errors.InputError: rules.yaml: not a text file (byte 0 is not UTF-8; expected UTF-8 YAML)
"""

from __future__ import annotations

from sanma_core.errors import InputError
from sanma_core.i18n import gettext


def upload_text(name: str, data: bytes, expected: str) -> str:
    """``data`` decoded as UTF-8 (a byte-order mark dropped); raises :class:`InputError` naming the file (in the
    language spoken now)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(gettext("{name}: not a text file (byte {byte} is not UTF-8; expected {expected})").format(
            name=name, byte=exc.start, expected=expected)) from None


__all__ = ["upload_text"]
