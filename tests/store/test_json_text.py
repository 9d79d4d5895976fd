"""JSON columns are written with orjson (`store.database.json_text`): what is read back is exactly what the
standard library's text gave, for any JSON value, also where orjson refuses and the library writes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from wolfrunde.store import Database, default_url, rooms
from wolfrunde.store.database import json_text

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6) | st.integers(-5, 5), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(values)
def test_any_value_reads_back_as_the_standard_librarys_text_does(value: Any) -> None:
    assert json.loads(json_text(value)) == json.loads(json.dumps(value))


def test_what_orjson_refuses_is_written_by_the_standard_library() -> None:
    for value in ({"text": "a\ud800b"}, [2**70], {"name": "Jürgen", 3: None}):
        assert json.loads(json_text(value)) == json.loads(json.dumps(value))


def test_a_room_stores_and_loads_its_columns_through_it(tmp_path: Path) -> None:
    db = Database(default_url(tmp_path))
    db.migrate()
    state = {"seats": [{"name": "Jürgen \ud83d\ude00", "say": "Jür-gen"}], "big": 2**70, 7: "seven"}
    assert rooms.create_room(db, "JSONT", "online", state)
    record = rooms.load_room(db, "JSONT")
    assert record is not None and record.state == json.loads(json.dumps(state))
    db.close()
