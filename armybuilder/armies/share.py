"""Share codes: a whole army as one short, copy-pasteable line.

``MK`` then the base64url (no padding) of a compact binary encoding:

    version (1 byte, now 1)
    build total / 100, flags (bit 0: castle player), profile name
    the expansion slugs the figure keys use, once each
    the entries: slug index, collector number, count, options (castle heavy/light,
                 a passenger), the passenger's slug index and number
    CRC-32 of everything before it (4 bytes)

Numbers are unsigned LEB128 varints, strings a varint length and UTF-8. The army's name
is not in the code (the receiver names it); its notes are not either. A code that is
changed, cut short or lengthened fails the checksum and is refused with the reason.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass, field

PREFIX = "MK"
VERSION = 1
CASTLE = {"": 0, "heavy": 1, "light": 2}
_CASTLE_NAMES = {v: k for k, v in CASTLE.items()}
_PASSENGER = 4
#: The option bits version 1 writes (castle Heavy/Light, a passenger) and its flag bits
#: (castle player): any other bit set is not a code this version wrote.
_OPTION_BITS = 3 | _PASSENGER
_FLAG_BITS = 1
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")
_KEY = re.compile(r"^(.+):(\d+)$")


class ShareCodeError(ValueError):
    """A share code that cannot be read; the message says why."""


@dataclass(frozen=True, slots=True)
class SharedEntry:
    figure_key: str
    count: int
    castle: str = ""
    passenger: str = ""


@dataclass(frozen=True, slots=True)
class SharedArmy:
    build_total: int
    profile: str
    castle_player: bool = False
    entries: tuple[SharedEntry, ...] = field(default_factory=tuple)


# --- writing ---------------------------------------------------------------------------


def _varint(n: int) -> bytes:
    if n < 0:
        raise ShareCodeError(f"cannot encode the negative number {n}")
    out = bytearray()
    while True:
        low = n & 0x7F
        n >>= 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _text(s: str) -> bytes:
    raw = s.encode("utf-8")
    return _varint(len(raw)) + raw


def _split(key: str) -> tuple[str, int]:
    found = _KEY.match(key)
    if not found:
        raise ShareCodeError(f"figure key {key!r} is not expansion:number")
    return found.group(1), int(found.group(2))


def encode(army: SharedArmy) -> str:
    if army.build_total <= 0 or army.build_total % 100:
        raise ShareCodeError(f"build total {army.build_total} is not a positive multiple "
                             "of 100")
    slugs: list[str] = []

    def slug_index(key: str) -> tuple[int, int]:
        slug, number = _split(key)
        if slug not in slugs:
            slugs.append(slug)
        return slugs.index(slug), number

    body = bytearray()
    body += _varint(len(army.entries))
    for e in army.entries:
        where, number = slug_index(e.figure_key)
        options = CASTLE[e.castle] | (_PASSENGER if e.passenger else 0)
        body += _varint(where) + _varint(number) + _varint(e.count) + bytes([options])
        if e.passenger:
            where, number = slug_index(e.passenger)
            body += _varint(where) + _varint(number)
    head = bytearray([VERSION])
    head += _varint(army.build_total // 100)
    head += bytes([1 if army.castle_player else 0])
    head += _text(army.profile)
    head += _varint(len(slugs))
    for slug in slugs:
        head += _text(slug)
    payload = bytes(head + body)
    payload += zlib.crc32(payload).to_bytes(4, "big")
    return PREFIX + base64.urlsafe_b64encode(payload).decode("ascii").rstrip("=")


# --- reading ---------------------------------------------------------------------------


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise ShareCodeError("damaged share code: it ends too early")
        value = self.data[self.at]
        self.at += 1
        return value

    def varint(self) -> int:
        value = shift = 0
        while True:
            b = self.byte()
            value |= (b & 0x7F) << shift
            if not b & 0x80:
                return value
            shift += 7
            if shift > 63:
                raise ShareCodeError("damaged share code: a number is too long")

    def text(self) -> str:
        n = self.varint()
        raw = self.data[self.at:self.at + n]
        if len(raw) != n:
            raise ShareCodeError("damaged share code: it ends too early")
        self.at += n
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ShareCodeError("damaged share code: a name is not text") from None


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is meant as a share code (rather than, say, a file name)."""
    squeezed = "".join(text.split())
    return squeezed.startswith(PREFIX) and bool(_ALPHABET.fullmatch(squeezed[len(PREFIX):]))


def decode(code: str) -> SharedArmy:
    squeezed = "".join(code.split())  # a code wrapped or spaced by a mail program reads too
    if not squeezed.startswith(PREFIX):
        raise ShareCodeError(f"not an armybuilder share code: it should start with {PREFIX}")
    body = squeezed[len(PREFIX):]
    bad = _ALPHABET.match(body)
    assert bad is not None
    if bad.end() != len(body):
        raise ShareCodeError(f"damaged share code: {body[bad.end()]!r} (character "
                             f"{bad.end() + len(PREFIX) + 1}) is not part of a share code")
    try:
        payload = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise ShareCodeError("damaged share code: its length is wrong (a character was "
                             "lost or added)") from None
    if len(payload) < 6:
        raise ShareCodeError("damaged share code: too short")
    data, check = payload[:-4], payload[-4:]
    if zlib.crc32(data).to_bytes(4, "big") != check:
        raise ShareCodeError("damaged share code: the checksum does not match (a character "
                             "was changed, lost or added)")
    r = _Reader(data)
    version = r.byte()
    if version != VERSION:
        raise ShareCodeError(f"a version {version} share code, from a newer armybuilder "
                             f"(this one reads version {VERSION})")
    build_total = r.varint() * 100
    flags = r.byte()
    if flags & ~_FLAG_BITS:
        raise ShareCodeError(f"damaged share code: its flags ({flags:#04x}) hold bits no "
                             f"version {VERSION} code has")
    profile = r.text()
    slugs = [r.text() for _ in range(r.varint())]

    def key() -> str:
        where, number = r.varint(), r.varint()
        if where >= len(slugs):
            raise ShareCodeError("damaged share code: a figure names no expansion")
        return f"{slugs[where]}:{number}"

    entries = []
    for _ in range(r.varint()):
        figure = key()
        count = r.varint()
        options = r.byte()
        castle = _CASTLE_NAMES.get(options & 3)
        if castle is None or count < 1:
            raise ShareCodeError("damaged share code: an entry's options make no sense")
        if options & ~_OPTION_BITS:
            raise ShareCodeError(f"damaged share code: {figure}'s options ({options:#04x}) "
                                 f"hold bits no version {VERSION} code has")
        passenger = key() if options & _PASSENGER else ""
        entries.append(SharedEntry(figure, count, castle, passenger))
    if r.at != len(data):
        raise ShareCodeError("damaged share code: there is more after the army")
    if build_total <= 0:
        raise ShareCodeError("damaged share code: no build total")
    return SharedArmy(build_total, profile, bool(flags & 1), tuple(entries))
