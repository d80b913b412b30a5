"""Share codes: an army as one line, read back whole; a damaged code refused with why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armybuilder.armies.share import (
    ShareCodeError,
    SharedArmy,
    SharedEntry,
    decode,
    encode,
    looks_like_code,
)
from armybuilder.cli import main

ARMY = SharedArmy(300, "open", True, (
    SharedEntry("demo:3", 3), SharedEntry("fixtures:1", 1, "light"),
    SharedEntry("fixtures:6", 2, "", "demo:1"), SharedEntry("rebellion:158", 1)))


def test_round_trip_is_short_and_url_safe() -> None:
    code = encode(ARMY)
    assert decode(code) == ARMY
    assert code.startswith("MK") and looks_like_code(code)
    assert set(code[2:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                "0123456789-_")
    assert len(code) < 90  # four entries from three expansions
    assert decode(f"  {code[:20]}\n{code[20:]} ") == ARMY  # wrapped by a mail program


entries = st.lists(st.builds(
    SharedEntry, st.sampled_from(["demo:1", "rebellion:58", "lancers:160", "fixtures:2"]),
    st.integers(1, 500), st.sampled_from(["", "heavy", "light"]),
    st.sampled_from(["", "demo:9"])), max_size=12).map(tuple)


@given(st.integers(1, 50).map(lambda n: n * 100), st.sampled_from(["open", "casual"]),
       st.booleans(), entries)
def test_any_army_round_trips(total: int, profile: str, castle: bool,
                              entries: tuple[SharedEntry, ...]) -> None:
    army = SharedArmy(total, profile, castle, entries)
    assert decode(encode(army)) == army


@given(st.integers(2, 40), st.sampled_from("ABCdef019-_"))
def test_any_changed_character_is_refused(at: int, new: str) -> None:
    code = encode(ARMY)
    at = min(at, len(code) - 1)
    if code[at] == new:
        return
    with pytest.raises(ShareCodeError, match="damaged share code"):
        decode(code[:at] + new + code[at + 1:])


@pytest.mark.parametrize(("code", "reason"), [
    ("hello", "it should start with MK"),
    (encode(ARMY)[:-3], "damaged share code"),
    (encode(ARMY) + "A", "damaged share code"),
    (encode(ARMY)[:10] + "*" + encode(ARMY)[11:], "'*' (character 11) is not part of"),
    ("MKAA", "too short"),
])
def test_damaged_codes_say_why(code: str, reason: str) -> None:
    with pytest.raises(ShareCodeError, match=reason.replace("(", r"\(").replace(")", r"\)")
                       .replace("*", r"\*")):
        decode(code)


def test_a_newer_version_is_refused() -> None:
    import base64
    import zlib

    payload = bytes([9]) + base64.urlsafe_b64decode(encode(ARMY)[2:] + "==")[1:-4]
    payload += zlib.crc32(payload).to_bytes(4, "big")
    code = "MK" + base64.urlsafe_b64encode(payload).decode().rstrip("=")
    with pytest.raises(ShareCodeError, match="version 9 share code, from a newer armybuilder"):
        decode(code)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_code_and_import_on_the_command_line(db_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "army", "new", "Siege", "--total", "300", "--castle-player")[0] == 0
    for argv in (["demo:3", "--count", "2"], ["Castle Keep", "--castle", "light"],
                 ["Atlantean Ram", "--passenger", "demo:1"]):
        assert run(capsys, "army", "add", "Siege", *argv)[0] == 0
    code, out, _ = run(capsys, "army", "code", "Siege")
    assert code == 0
    share = out.strip()
    code, out, _ = run(capsys, "army", "import", share)
    assert code == 0 and "imported 'Shared army' from a share code" in out
    assert run(capsys, "army", "import", share, "--name", "Siege again")[0] == 0
    _, original, _ = run(capsys, "army", "show", "Siege", "--json")
    _, copy, _ = run(capsys, "army", "show", "Siege again", "--json")
    keep = ("build_total", "profile", "castle_player", "entries", "points", "legal")
    assert {k: json.loads(copy)[k] for k in keep} == {k: json.loads(original)[k] for k in keep}
    code, _, err = run(capsys, "army", "import", share[:-2] + "zz")
    assert code == 2 and "the checksum does not match" in err
    assert run(capsys, "army", "list")[1].count("Shared army") == 1  # nothing half-saved


def test_a_code_naming_a_figure_the_catalogue_lacks(db_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "army", "import", encode(ARMY))
    assert code == 2 and "rebellion:158, not in this catalogue" in err


@pytest.mark.parametrize(("army", "reason"), [
    # A code is easy to write by hand (its checksum is not a seal): its entries get the
    # checks `army add` gives them.
    (SharedArmy(200, "open", False, (SharedEntry("demo:3", 5000),)),
     "demo:3: the count must be at least 1 and at most 999, not 5000"),
    (SharedArmy(200, "open", False, (SharedEntry("demo:3", 1, "heavy"),)),
     "is not a castle section"),
    (SharedArmy(200, "open", False, (SharedEntry("demo:3", 1, "", "demo:1"),)),
     "is not a chariot"),
    (SharedArmy(10**6, "open", False, (SharedEntry("demo:3", 1),)),
     "build total must be at most 10,000"),
    (SharedArmy(200, "open", False, (SharedEntry("x\x1b]0;t\x07:1", 1),)),
     "the share code names x\\x1b]0;t\\x07:1, not in this catalogue"),
])
def test_a_hand_made_code_is_checked_as_army_add_checks(
        db_path: Path, capsys: pytest.CaptureFixture[str], army: SharedArmy,
        reason: str) -> None:
    code, out, err = run(capsys, "army", "import", encode(army))
    assert code == 2 and out == "" and err.count("\n") == 1 and reason in err, err
    assert "\x1b" not in err
    assert "Shared army" not in run(capsys, "army", "list")[1]


def _with_bits(army: SharedArmy, at: int, bits: int) -> str:
    """``army``'s code with ``bits`` set in byte ``at`` of its payload, the checksum made
    to match again (a stranger's crafted code)."""
    import base64
    import zlib

    payload = bytearray(base64.urlsafe_b64decode(encode(army)[2:] + "=="))[:-4]
    payload[at] |= bits
    payload += zlib.crc32(bytes(payload)).to_bytes(4, "big")
    return "MK" + base64.urlsafe_b64encode(bytes(payload)).decode().rstrip("=")


PLAIN = SharedArmy(300, "open", False, (SharedEntry("demo:3", 1),))


@pytest.mark.parametrize(("code", "reason"), [
    # Chariot rules, Passengers: the demo's lancer rides a horse (the horseshoe symbol).
    (encode(SharedArmy(300, "open", False, (SharedEntry("fixtures:6", 1, "", "demo:12"),
                                            SharedEntry("demo:12", 1)))),
     "demo:12) has the horseshoe speed symbol (cavalry) and cannot be a passenger"),
    # A chariot carries no chariot, nor a castle section (Castle rules, General Rules).
    (encode(SharedArmy(300, "open", False, (SharedEntry("fixtures:6", 1, "", "fixtures:5"),
                                            SharedEntry("fixtures:5", 1)))),
     "fixtures:5) cannot ride as a passenger; only a warrior with a single combat dial"),
    (encode(SharedArmy(300, "open", True, (SharedEntry("fixtures:6", 1, "", "fixtures:4"),
                                           SharedEntry("fixtures:4", 1, "heavy")))),
     "is a castle section and can never be moved, so it cannot ride"),
    # Castle rules, Playing Area and Set-Up: sections only in the castle player's army.
    (encode(SharedArmy(300, "open", False, (SharedEntry("fixtures:4", 1, "heavy"),))),
     "castle sections (Castle Wall (fixtures:4)) in the army of a player who is not the "
     "castle player"),
    # Option and flag bits no version writes: the entry's options byte is the payload's
    # third last (slug, number, count, options), the flags byte the third.
    (_with_bits(PLAIN, -1, 0x40), "demo:3's options (0x40) hold bits no version 1 code has"),
    (_with_bits(PLAIN, 2, 0x80), "its flags (0x80) hold bits no version 1 code has"),
])
def test_a_crafted_code_is_refused_with_what_the_builder_finds(
        db_path: Path, capsys: pytest.CaptureFixture[str], code: str, reason: str) -> None:
    """A code with a good checksum is still a stranger's: the army it holds gets every
    check adding the same figures by hand gets, and is refused in one line, nothing
    saved."""
    status, out, err = run(capsys, "army", "import", code)
    assert status == 2 and out == "" and err.count("\n") == 1 and reason in err, err
    assert "Shared army" not in run(capsys, "army", "list")[1]


def test_by_hand_the_same_riders_are_refused_and_a_code_is_only_written_for_an_army_it_reads(
        db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "army", "new", "Carts", "--total", "300")[0] == 0
    status, _, err = run(capsys, "army", "add", "Carts", "Atlantean Ram", "--passenger",
                         "Demo Lancer On Charger")
    assert status == 2 and "horseshoe speed symbol" in err
    # A draft with a castle section and no castle player is kept, but not shared.
    assert run(capsys, "army", "add", "Carts", "Castle Wall")[0] == 0
    status, out, err = run(capsys, "army", "code", "Carts")
    assert status == 2 and out == "" and "not the castle player" in err
    assert run(capsys, "army", "set", "Carts", "--castle-player")[0] == 0
    status, out, _ = run(capsys, "army", "code", "Carts")
    assert status == 0 and run(capsys, "army", "import", out.strip())[0] == 0
