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


def upload_text(name: str, data: bytes, expected: str) -> str:
    """``data`` decoded as UTF-8 (a byte-order mark dropped); raises :class:`InputError` naming the file."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not a text file (byte {exc.start} is not UTF-8; expected {expected})") from None


__all__ = ["upload_text"]
