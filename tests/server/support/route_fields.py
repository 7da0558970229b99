"""Route fields built once per test worker, not once per app (issue #43).

Why: FastAPI (since 0.137) builds an included router's routes for each app on its first
request, and each route's parameters and response model become pydantic `TypeAdapter`s:
the first request of every app cost 0.23-0.38 s of CPU, about half of it these adapters,
and nearly every server test starts an app of its own. The adapters are a pure function
of the annotation and its field settings, the same for every app of this code, so the
test worker builds each once and hands the same one to the next app's field. Every app
still builds its own routes, dependencies and handlers; only the validators are shared.
The servers the tests start as processes (`prismatic serve`, the browser modules') build
their own, as in production.

The endpoints' and dependencies' typed signatures are shared the same way: FastAPI reads
each one again for every app (`get_typed_signature`: `inspect.signature` with its string
annotations evaluated, a quarter of an app's start), and a signature is an immutable
function of the function it describes. They are kept by the function, weakly, so a
function made for one app leaves with it.

So is FastAPI's check that no route uses a pydantic v1 model (`annotation_is_pydantic_v1`,
for every field of every route of every app): it enters `warnings.catch_warnings()` and an
import for each annotation, and was 13 % of an app's start (py-spy, 80 apps). Its answer
is a pure function of the annotation, kept like the adapters.

tests/server/routes/test_route_fields.py checks that an app on shared adapters and
signatures documents exactly what an app on its own does. On a FastAPI without these
internals nothing is shared, and the tests run as before.
"""

from __future__ import annotations

import inspect
import warnings
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any

from pydantic import Field, TypeAdapter

try:
    from fastapi._compat import v2 as _fields
except ImportError:  # pragma: no cover - another FastAPI: nothing is shared
    _fields = None  # type: ignore[assignment]

from fastapi import utils as _fastapi_utils
from fastapi.dependencies import utils as _dependencies

_UNUSED_FIELD_SETTING: type[Warning] | None
try:
    from pydantic.warnings import UnsupportedFieldAttributeWarning as _UNUSED_FIELD_SETTING
except ImportError:  # pragma: no cover - pydantic < 2.12 does not warn
    _UNUSED_FIELD_SETTING = None

_ADAPTERS: dict[tuple[Any, ...], tuple[Any, TypeAdapter[Any]]] = {}
"""(the annotation, its metadata, its field settings, the config) → (what the key names,
kept alive so no id in the key is reused; the adapter)."""


def _same(annotation: Any) -> Any:
    """What finds an annotation again: itself, when hashable (a signature's `str | None` is
    a new but equal object for each app), else its identity."""
    try:
        hash(annotation)
    except TypeError:
        return ("id", id(annotation))
    return annotation


def _shared_post_init(self: Any) -> None:
    """`ModelField.__post_init__`, with the adapter taken from `_ADAPTERS` when built."""
    field = _fields.asdict(self.field_info)
    key = (_same(field["annotation"]), repr(field["metadata"]), repr(field["attributes"]),
           repr(self.config))
    known = _ADAPTERS.get(key)
    if known is None:
        with warnings.catch_warnings():
            # As FastAPI does: field settings an annotation alone cannot carry (an alias)
            # would warn here; the field reads them from its `field_info`.
            if _UNUSED_FIELD_SETTING is not None:
                warnings.simplefilter("ignore", category=_UNUSED_FIELD_SETTING)
            annotated = (field["annotation"], *field["metadata"], Field(**field["attributes"]))
            adapter: TypeAdapter[Any] = TypeAdapter(Annotated[annotated],  # type: ignore[arg-type]
                                                    config=self.config)
        known = _ADAPTERS[key] = ((field, self.config), adapter)
    self._type_adapter = known[1]


_SIGNATURES: weakref.WeakKeyDictionary[Callable[..., Any], inspect.Signature] = (
    weakref.WeakKeyDictionary())
"""A function → its typed signature, as FastAPI's `get_typed_signature` gave it."""

_ORIGINAL_SIGNATURE: Callable[[Callable[..., Any]], inspect.Signature] | None = None


def _shared_signature(call: Callable[..., Any]) -> inspect.Signature:
    """`get_typed_signature`, read once per function; a callable that cannot be kept
    weakly (a bound method is a new object each time) is read as before."""
    assert _ORIGINAL_SIGNATURE is not None
    try:
        return _SIGNATURES[call]
    except KeyError:
        signature = _SIGNATURES[call] = _ORIGINAL_SIGNATURE(call)
        return signature
    except TypeError:
        return _ORIGINAL_SIGNATURE(call)


_V1_ANSWERS: dict[Any, tuple[Any, bool]] = {}
"""An annotation (as `_same` finds it) → (the annotation, kept alive; whether it is or
holds a pydantic v1 model)."""

_ORIGINAL_V1_CHECK: Callable[[Any], bool] | None = None


def _shared_v1_check(annotation: Any) -> bool:
    """`annotation_is_pydantic_v1`, answered once per annotation."""
    assert _ORIGINAL_V1_CHECK is not None
    key = _same(annotation)
    known = _V1_ANSWERS.get(key)
    if known is None:
        known = _V1_ANSWERS[key] = (annotation, _ORIGINAL_V1_CHECK(annotation))
    return known[1]


_ORIGINAL: Callable[[Any], None] | None = None


def share_route_fields() -> None:
    """Share each route field's adapter, each endpoint's and dependency's typed signature
    and each annotation's pydantic v1 check between the apps of this process (see above)."""
    global _ORIGINAL, _ORIGINAL_SIGNATURE, _ORIGINAL_V1_CHECK
    if _ORIGINAL_SIGNATURE is None and hasattr(_dependencies, "get_typed_signature"):
        _ORIGINAL_SIGNATURE = _dependencies.get_typed_signature
        _dependencies.get_typed_signature = _shared_signature
    if _ORIGINAL_V1_CHECK is None and hasattr(_fastapi_utils, "annotation_is_pydantic_v1"):
        _ORIGINAL_V1_CHECK = _fastapi_utils.annotation_is_pydantic_v1
        _fastapi_utils.annotation_is_pydantic_v1 = _shared_v1_check
    if _fields is None or not hasattr(_fields, "asdict") or _ORIGINAL is not None:
        return
    model_field = getattr(_fields, "ModelField", None)
    if model_field is None or not hasattr(model_field, "__post_init__"):
        return
    _ORIGINAL = model_field.__post_init__
    model_field.__post_init__ = _shared_post_init


def shared() -> bool:
    """Whether this process shares the adapters (`share_route_fields` found FastAPI's)."""
    return _ORIGINAL is not None


def shared_signatures() -> bool:
    """Whether this process shares the typed signatures (`share_route_fields` found FastAPI's)."""
    return _ORIGINAL_SIGNATURE is not None


def shared_v1_checks() -> bool:
    """Whether this process answers FastAPI's pydantic v1 check once per annotation."""
    return _ORIGINAL_V1_CHECK is not None


def signature_kept(call: Callable[..., Any]) -> inspect.Signature | None:
    """The typed signature kept for `call`, if one is."""
    return _SIGNATURES.get(call)


@contextmanager
def fresh_route_fields() -> Iterator[None]:
    """Within the block, each field builds its own adapter, each function's signature is
    read again and each annotation checked again, as without this module."""
    if _ORIGINAL_SIGNATURE is not None:
        _dependencies.get_typed_signature = _ORIGINAL_SIGNATURE  # type: ignore[assignment]
    if _ORIGINAL_V1_CHECK is not None:
        _fastapi_utils.annotation_is_pydantic_v1 = _ORIGINAL_V1_CHECK
    model_field: Any = _fields.ModelField if _ORIGINAL is not None else None
    if model_field is not None:
        model_field.__post_init__ = _ORIGINAL
    try:
        yield
    finally:
        if model_field is not None:
            model_field.__post_init__ = _shared_post_init
        if _ORIGINAL_SIGNATURE is not None:
            _dependencies.get_typed_signature = _shared_signature
        if _ORIGINAL_V1_CHECK is not None:
            _fastapi_utils.annotation_is_pydantic_v1 = _shared_v1_check
