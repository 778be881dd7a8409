"""§12.12(8): permits numbered YYYY-NNNN in order of issuance, no gaps, no reuse."""

import threading
from datetime import date

import pytest

from deerfield_desk.errors import NotAllowed
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store.numbering import assign_permit_number
from deerfield_desk.store.register import Register


def _drafts(register, n):
    return [
        register.insert("permits", {"kind": "building", "address_text": f"{i} Main St"})["uuid"]
        for i in range(n)
    ]


def test_numbers_follow_issuance_within_the_year(register):
    a, b, c = _drafts(register, 3)
    assert assign_permit_number(register, b, date(2026, 3, 2))["permit_number"] == "2026-0001"
    assert assign_permit_number(register, a, date(2026, 3, 2))["permit_number"] == "2026-0002"
    assert assign_permit_number(register, c, date(2027, 1, 4))["permit_number"] == "2027-0001"


def test_voided_permit_keeps_its_number_and_it_is_not_reused(register):
    a, b = _drafts(register, 2)
    assign_permit_number(register, a, date(2026, 5, 1))
    register.void("permits", a, "issued to the wrong parcel")
    assert register.get("permits", a)["permit_number"] == "2026-0001"
    assert assign_permit_number(register, b, date(2026, 5, 1))["permit_number"] == "2026-0002"
    with pytest.raises(NotAllowed):
        assign_permit_number(register, a, date(2026, 5, 2))


def test_rolled_back_issuance_gives_the_number_back(register):
    a, b = _drafts(register, 2)
    with pytest.raises(RuntimeError), register.transaction():
        assign_permit_number(register, a, date(2026, 6, 1))
        raise RuntimeError("printer jammed before the clerk confirmed")
    assert register.get("permits", a)["permit_number"] is None
    assert assign_permit_number(register, b, date(2026, 6, 1))["permit_number"] == "2026-0001"


def test_concurrent_issuance_from_two_connections_never_duplicates_or_skips(db_path, clerk):
    setup = Register.create(db_path, clerk)
    uuids = _drafts(setup, 60)
    setup.close()
    halves = [uuids[0::2], uuids[1::2]]
    errors = []
    barrier = threading.Barrier(2)

    def desk(name, batch):
        reg = Register.open(db_path, Actor(name, Role.CLERK, name), check=False)
        try:
            barrier.wait()
            for permit_uuid in batch:
                assign_permit_number(reg, permit_uuid, date(2026, 7, 1))
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            reg.close()

    threads = [threading.Thread(target=desk, args=(f"desk{i}", b)) for i, b in enumerate(halves)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    check = Register.open(db_path, clerk)
    numbers = [r["permit_number"] for r in check.query("SELECT permit_number FROM permits")]
    check.close()
    assert sorted(numbers) == [f"2026-{i:04d}" for i in range(1, 61)]
