"""The safe writes, by their older name: they live in ``armybuilder.files``, below every
package that writes a file."""

from armybuilder.files import (
    FORMULA_PREFIXES,
    QUOTE,
    ExportError,
    check_destination,
    neutral_cell,
    restored_cell,
    text_cell,
    workbook_bytes,
    write_all,
    write_atomically,
)

__all__ = ["FORMULA_PREFIXES", "QUOTE", "ExportError", "check_destination", "neutral_cell",
           "restored_cell", "text_cell", "workbook_bytes", "write_all", "write_atomically"]
