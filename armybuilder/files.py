"""Safe writes for every file armybuilder writes: exports, catalogue spreadsheets, saved
games, gauntlet shards. A base module (it imports only ``armybuilder.text``), so that
every package that writes a file can use it.

- **Whole or not at all**: the file is written to a temporary file beside its destination,
  flushed to disk and renamed into place; a crash or a full disk leaves the old file (or
  none), never half a file. An export of several files (``write_all``) is all or none:
  every temporary file is written before any is renamed, and a failure takes back the
  files already renamed (a file ``force`` replaced gets its old content back).
- **Never over a file unasked**: an existing destination is refused unless the caller says
  ``force`` (the command line's ``--force``; the app asks first).
- **Never through a link**: a symbolic link at the destination is never followed; with
  ``force`` the link itself is replaced, its target is never written.
- **No live formulas**: text that a spreadsheet would take for a formula (starting with
  ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, as OWASP's "CSV Injection" page
  lists) is neutralised: a CSV cell gets a leading ``'``, which ``restored_cell`` takes off
  when armybuilder reads the file back; an .xlsx cell is stored as text with Excel's
  quote prefix (``text_cell``).
"""

from __future__ import annotations

import contextlib
import errno
import gc
import io
import os
import secrets
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from armybuilder.text import shown

#: The first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV
#: Injection").
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
QUOTE = "'"


#: The errors of ``os.link`` on a file system without hard links (FAT, some network
#: shares), or with too many already.
_NO_HARD_LINKS = (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK)


class ExportError(ValueError):
    """An export that cannot be written; the message names the file and why."""


# --- formulas ---------------------------------------------------------------------------


def _formula_like(text: str) -> bool:
    # Leading quotes are looked through, so that a value which already starts with a
    # quote before a formula character gets one more, and restored_cell can always
    # take exactly one off.
    return text.lstrip(QUOTE).startswith(FORMULA_PREFIXES)


def neutral_cell(value: Any) -> Any:
    """A CSV cell that no spreadsheet runs as a formula: text that could be one gets a
    leading quote. Numbers are left as they are."""
    if isinstance(value, str) and _formula_like(value):
        return QUOTE + value
    return value


def restored_cell(text: str) -> str:
    """The value ``neutral_cell`` was given, from the cell it wrote."""
    if text.startswith(QUOTE) and _formula_like(text):
        return text[1:]
    return text


def text_cell(cell: Any) -> None:
    """Keep an openpyxl cell holding formula-like text a plain string (openpyxl makes
    ``=...`` a formula), marked with the quote prefix so that Excel keeps it text even
    after the cell is edited."""
    value = cell.value
    if isinstance(value, str) and value.startswith(FORMULA_PREFIXES):
        cell.data_type = "s"
        cell.quotePrefix = True


# --- writing ----------------------------------------------------------------------------


def workbook_bytes(build: Callable[[], Any], path: Path) -> bytes:
    """The .xlsx file of the openpyxl workbook ``build()`` makes, in memory.

    openpyxl writes each sheet through a temporary file first; when that fails (a full
    disk) its half-written sheet writers complain as they are collected ("Exception
    ignored in ..."), after the real error. That noise is silenced here, and the error is
    one line naming ``path``."""
    quiet, sys.unraisablehook = sys.unraisablehook, _ignore
    try:
        try:
            buffer = io.BytesIO()
            build().save(buffer)
            return buffer.getvalue()
        except OSError as exc:
            failure = exc.strerror or str(exc)
        gc.collect()  # the failed writers, while complaints are ignored
    finally:
        sys.unraisablehook = quiet
    raise ExportError(f"{shown(path)}: cannot write it ({failure}); nothing was written")


def _ignore(_: Any) -> None:
    return None


def check_destination(path: Path, force: bool = False) -> None:
    """Refuse a destination that is a folder, or that exists when ``force`` is not given."""
    if path.is_symlink():
        if not force:
            raise ExportError(f"{shown(path)} is a symbolic link; armybuilder never writes "
                              "through one: choose another name, or pass --force to replace "
                              "the link itself")
        return
    if path.is_dir():
        raise ExportError(f"{shown(path)} is a folder; give a file name")
    if path.exists() and not force:
        raise ExportError(f"{shown(path)} already exists; pass --force to overwrite it")


def write_atomically(path: Path, data: bytes | str, force: bool = False) -> Path:
    """Write ``data`` (text is written as UTF-8) to ``path`` whole or not at all."""
    path = Path(path)
    check_destination(path, force)
    _check_folder(path)
    temporary = None
    try:
        temporary = _temporary(path, _payload(data))
        _move_into_place(temporary, path, force)
    except OSError as exc:
        if temporary is not None:
            _remove(temporary)
        raise ExportError(f"{shown(path)}: cannot write it "
                          f"({exc.strerror or exc}); nothing was written") from None
    except BaseException:
        if temporary is not None:
            _remove(temporary)
        raise
    return path


def write_all(files: Mapping[Path, bytes | str], force: bool = False) -> list[Path]:
    """Several files of one export, all or none: every destination is checked before any
    is written, every file is written to its temporary file before any is moved into
    place, and when one step fails the files already moved are taken back out (a file
    ``force`` replaced gets its old content back) and the temporary files are removed."""
    items = [(Path(path), _payload(data)) for path, data in files.items()]
    for path, _ in items:
        check_destination(path, force)
    for path, _ in items:
        _check_folder(path)
    temporaries: dict[Path, Path] = {}
    backups: dict[Path, Path] = {}  # a replaced file's old content, until all are placed
    placed: list[Path] = []
    path = items[0][0] if items else Path()
    try:
        for path, payload in items:
            temporaries[path] = _temporary(path, payload)
        for path, _ in items:
            if force and os.path.lexists(path):
                backups[path] = _backup(path)
            _move_into_place(temporaries[path], path, force)
            del temporaries[path]
            placed.append(path)
    except OSError as exc:
        left = _undo(placed, backups, temporaries)
        raise ExportError(f"{shown(path)}: cannot write it ({exc.strerror or exc}); "
                          + _outcome(left)) from None
    except BaseException as exc:
        left = _undo(placed, backups, temporaries)
        if left and isinstance(exc, ExportError):
            raise ExportError(f"{exc}; {_outcome(left)}") from None
        raise
    for backup in backups.values():
        _remove(backup)
    return [path for path, _ in items]


def _payload(data: bytes | str) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data


def _check_folder(path: Path) -> None:
    if not path.parent.is_dir():
        raise ExportError(f"{shown(path.parent)}: no such folder")


def _hidden(path: Path, kind: str) -> Path:
    """A new hidden name beside ``path`` for a temporary (``part``) or a backup (``old``)."""
    return path.with_name(f".{path.name}.{secrets.token_hex(4)}.{kind}")


def _temporary(path: Path, payload: bytes) -> Path:
    """``payload`` in a new temporary file beside ``path``, flushed to disk."""
    temporary = _hidden(path, "part")
    # O_EXCL: never a file (or link) that is already there; 0o666 and the umask give the
    # mode any new file would have.
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                 | getattr(os, "O_BINARY", 0), 0o666)
    try:
        try:
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        _remove(temporary)
        raise
    return temporary


def _backup(path: Path) -> Path:
    """Keep what is at ``path`` (a file, or the link itself) under a hidden name, so that
    a failed export can put it back: a second hard link, which leaves ``path`` as it is
    until it is replaced; on a file system without hard links it is moved aside."""
    backup = _hidden(path, "old")
    try:
        os.link(path, backup, follow_symlinks=False)
    except NotImplementedError:  # a platform that cannot link a link itself
        os.replace(path, backup)
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
        os.replace(path, backup)
    return backup


def _undo(placed: list[Path], backups: Mapping[Path, Path],
          temporaries: Mapping[Path, Path]) -> list[Path]:
    """Take a failed export back: the old content of every file it replaced (or moved
    aside) put back, every file it created removed, its temporary files removed. Returns
    the destinations that could not be put back as they were."""
    left: list[Path] = []
    for path in reversed(placed):
        if path not in backups:
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                left.append(path)
    for path, backup in backups.items():
        try:
            os.replace(backup, path)  # the same file when it was never replaced: no change
        except OSError:
            left.append(path)
        _remove(backup)
    for temporary in temporaries.values():
        _remove(temporary)
    return left


def _outcome(left: list[Path]) -> str:
    if not left:
        return "nothing was written"
    return ("the export is incomplete: " + ", ".join(shown(p) for p in left)
            + " could not be put back as it was")


def _move_into_place(temporary: Path, path: Path, force: bool) -> None:
    if force:
        os.replace(temporary, path)  # replaces a link at ``path``, never its target
        return
    try:
        # A hard link creates ``path`` only if nothing (not even a dangling link) is there:
        # a file that appeared since the check is not overwritten either.
        os.link(temporary, path)
    except FileExistsError:
        raise ExportError(f"{shown(path)} already exists; pass --force to overwrite "
                          "it") from None
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
        # A file system without hard links (FAT, some network shares): check, then rename.
        if os.path.lexists(path):
            raise ExportError(f"{shown(path)} already exists; pass --force to overwrite "
                              "it") from None
        os.replace(temporary, path)
        return
    _remove(temporary)


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
