"""What the commands tell the user when the input is wrong."""

from __future__ import annotations


class UserError(Exception):
    """A message for the user; the command exits non-zero."""
