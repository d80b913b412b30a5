"""The catalogue's errors, in a module of their own so that raising or catching one loads
no database code."""

from __future__ import annotations


class CatalogueError(ValueError):
    """A catalogue operation that cannot be done (unknown figure, inconsistent data)."""


class RemovalRefused(CatalogueError):
    """An import that would take away more than it should; nothing was changed."""
