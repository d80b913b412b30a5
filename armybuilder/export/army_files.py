"""Army lists as files, by their older name: they live in ``armybuilder.armies.army_files``,
beside the saved armies that read and write them."""

from armybuilder.armies.army_files import (
    CSV_COLUMNS,
    FILLS,
    FORMATS,
    HEADER_ROW,
    LIST_COLUMNS,
    MAX_LIST_BYTES,
    MAX_LIST_ROWS,
    RANK_MARK,
    SKULL,
    csv_rows,
    read_army_file,
    read_bounded,
    text_list,
    write_army_file,
)

__all__ = ["CSV_COLUMNS", "FILLS", "FORMATS", "HEADER_ROW", "LIST_COLUMNS", "MAX_LIST_BYTES",
           "MAX_LIST_ROWS", "RANK_MARK", "SKULL", "csv_rows", "read_army_file", "read_bounded",
           "text_list", "write_army_file"]
