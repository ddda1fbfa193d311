"""Every IhmtError survives pickle: errors cross process and thread boundaries.

The classes are found by walking the tree after importing every product module, so an error
class added later (in any module) is checked too; its constructor arguments are made from its
signature.
"""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
from pathlib import Path
from typing import Any

import pytest

import store.errors as errors
from store.errors import ActorCrashed, IhmtError


def _import_everything() -> None:
    for package in ("store", "actors", "ihmt_async"):
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
            if not info.name.endswith("__main__"):
                importlib.import_module(info.name)


def _all_errors() -> list[type[IhmtError]]:
    _import_everything()
    found: list[type[IhmtError]] = []
    todo: list[type[IhmtError]] = [IhmtError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return sorted(set(found), key=lambda c: c.__qualname__)


def _sample(name: str, annotation: str) -> Any:
    """A plausible value for one constructor parameter, from its annotation (a string)."""
    text = annotation.replace(" ", "")
    if "BaseException" in text or "Exception" in text:
        return ValueError(f"bad {name}")
    if text.startswith("dict"):
        return {"pid": 4242, "actor": "writer", "since": "2026-01-02T03:04:05Z"}
    if text.startswith("tuple[tuple[str,str]"):
        return (("L-personal-0001-aaaaaaaaaa", "is gone"),)
    if text.startswith(("list", "tuple", "Sequence")):
        return ["api_key", "password"]
    if text.startswith("float"):
        return 1.5
    if text.startswith("int"):
        return 7
    if "Path" in text:
        return Path("/tmp/store/layer_0/leaf.txt")
    return f"some {name}"


def _instance(cls: type[IhmtError]) -> IhmtError:
    params = [p for p in inspect.signature(cls.__init__).parameters.values()
              if p.name != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if not params:
        return cls(f"{cls.__name__} happened")
    args = {p.name: _sample(p.name, str(p.annotation)) for p in params
            if p.default is inspect.Parameter.empty}
    return cls(**args)


ERRORS = _all_errors()


def test_the_tree_is_walked() -> None:
    """The walk finds the classes named in the issue, so the loop below checks real errors."""
    names = {c.__name__ for c in ERRORS}
    assert {"LockTimeout", "MalformedFile", "ActorCrashed", "ConfigError", "SecretRefused",
            "ActorGaveUp"} <= names
    assert len(ERRORS) >= 20
    declared = {obj for obj in vars(errors).values()
                if isinstance(obj, type) and issubclass(obj, IhmtError)}
    assert declared <= set(ERRORS)


@pytest.mark.parametrize("cls", ERRORS, ids=lambda c: c.__name__)
def test_error_round_trips_through_pickle(cls: type[IhmtError]) -> None:
    err = _instance(cls)
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is cls
    assert str(back) == str(err) and back.args == err.args
    assert set(vars(back)) == set(vars(err))
    for key, value in vars(err).items():
        if isinstance(value, BaseException):
            assert type(vars(back)[key]) is type(value) and str(vars(back)[key]) == str(value)
        else:
            assert vars(back)[key] == value, key


def test_actor_crashed_keeps_its_cause() -> None:
    cause = KeyError("lost a key")
    err = ActorCrashed("facts", cause)
    assert err.cause is cause and err.__cause__ is cause and err.cause_type == "KeyError"
    back = pickle.loads(pickle.dumps(err))
    assert isinstance(back.cause, KeyError) and back.cause.args == ("lost a key",)


def test_actor_crashed_with_an_unpicklable_cause_still_pickles() -> None:
    class Local(Exception):  # a class defined in a function cannot be pickled
        pass

    err = ActorCrashed("ingest", Local("disk gone"))
    back = pickle.loads(pickle.dumps(err))
    assert str(back) == str(err)
    assert isinstance(back.cause, RuntimeError) and "Local: disk gone" in str(back.cause)


def test_lock_timeout_keeps_its_payload() -> None:
    err = errors.LockTimeout("catalog", 0.5, {"pid": 99, "actor": "consolidator"})
    back = pickle.loads(pickle.dumps(err))
    assert (back.lock, back.waited_s, back.holder_pid) == ("catalog", 0.5, 99)
    assert isinstance(back, TimeoutError)
