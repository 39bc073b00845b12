"""json_text writes exactly json.dumps's text and reads as json.loads reads: match logs
written before and after it are the same bytes, and every request body (and every refusal
of one) reads as before."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.infra import json_text

SCALARS = (st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8)
           | st.sampled_from([1e-7, 2.5e-05, 9.99e-05, 1e-4, 0.00012, 1e16, 1e22, -0.0,
                              2**63, 2**64 - 1, -2**63 - 1, "e-7", "é", "😀", "\x00", "\x7f"]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.tuples(inner, inner)
                      | st.dictionaries(st.text(max_size=6) | st.integers(0, 9), inner,
                                        max_size=4), max_leaves=20)


@settings(max_examples=600, deadline=None)
@given(VALUES, st.booleans())
def test_the_text_is_json_dumps_text(value, sort_keys):
    try:
        expected = json.dumps(value, separators=(",", ":"), sort_keys=sort_keys)
    except TypeError:  # keys of mixed types cannot be sorted: refused alike
        with pytest.raises(TypeError):
            json_text.dumps(value, sort_keys)
        return
    assert json_text.dumps(value, sort_keys) == expected
    assert json_text.dumps_bytes(value, sort_keys) == expected.encode()


@settings(max_examples=600, deadline=None)
@given(VALUES)
def test_reading_is_json_loads(value):
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        for given_as in (text, text.encode()):
            assert repr(json_text.loads(given_as)) == repr(json.loads(given_as))


@pytest.mark.parametrize("text", ["NaN", "[1e400]", "Infinity", '"\\ud800"',
                                  "-9468569800500514991", "123456789012345678901234567890"])
def test_what_orjson_refuses_or_reads_otherwise_is_read_by_json(text):
    assert repr(json_text.loads(text)) == repr(json.loads(text))


@pytest.mark.parametrize("text", ['{"a":1', "[1,]", "", "\ufeff{}", '{"a":"x\ny"}', "01"])
def test_what_json_refuses_is_refused_alike(text):
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    with pytest.raises(json.JSONDecodeError) as got:
        json_text.loads(text)
    assert str(got.value) == str(expected.value)


def test_types_json_leaves_to_default_are_written_by_json():
    class Level(int):
        pass

    assert json_text.dumps({"level": Level(3)}) == json.dumps({"level": Level(3)},
                                                              separators=(",", ":"))
    with pytest.raises(TypeError):
        json_text.dumps({1, 2})
    assert json_text.dumps_bytes({"s": {1}}, default=sorted) == b'{"s":[1]}'
