"""The one error tree of ihmt-async.

Every error we raise on purpose is an ``IhmtError``; the server edge turns it into one clear
sentence for the agent (``str(err)``), so each message is written for a reader who cannot see
the code. Nothing here may import other modules of ours.

```
IhmtError
  StoreError ── LockTimeout(TimeoutError)  MalformedFile ── MalformedLeaf
             ── UnknownSchemaVersion  StoreNotInitialized  UnknownMemory
             ── DamagedDatabase  EventsLost  EventLineDamaged  MemoriesLost
             ── StoreIOError ── DiskFull  StoreReadOnly  StorePermission
  InputError ── EmptyContent ── OnlyADate
             ── ContentTooLarge  InvalidText  InvalidDomain
             ── UnknownContentType  UnknownOption  InvalidArgument  SecretRefused
  ConfigError
  ActorError ── ActorStopped ── ActorGaveUp
             ── ActorTimeout  ActorCrashed
```
"""

from __future__ import annotations

import errno
import pickle
from pathlib import Path
from typing import Any


class IhmtError(Exception):
    """Root of every error ihmt-async raises on purpose."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Subclasses build their message in __init__ from typed arguments, so the default
        # (``cls(*self.args)``, args being the message) cannot rebuild them. Rebuild without
        # __init__: the message as args, the typed payload from __dict__. Errors cross
        # process and thread boundaries, and a reply that cannot be unpickled is lost.
        return (_rebuild, (type(self), self.args, self.__dict__))


def _rebuild(cls: type[IhmtError], args: tuple[Any, ...], state: dict[str, Any]) -> IhmtError:
    err = cls.__new__(cls, *args)
    err.args = args
    err.__dict__.update(state)
    return err


# --------------------------------------------------------------------------- store


class StoreError(IhmtError):
    """Something about the files on disk."""


class LockTimeout(StoreError, TimeoutError):
    """A named lock was not acquired within its timeout."""

    def __init__(self, lock: str, waited_s: float, holder: dict[str, object] | None = None) -> None:
        self.lock = lock
        self.waited_s = waited_s
        self.holder = holder or {}
        pid = self.holder.get("pid")
        who = f"pid {pid}" if pid is not None else "an unknown process"
        actor = self.holder.get("actor")
        since = self.holder.get("since")
        detail = who + (f" ({actor})" if actor else "") + (f" since {since}" if since else "")
        super().__init__(
            f"Timed out after {waited_s:.2f}s waiting for the '{lock}' lock, held by {detail}."
        )

    @property
    def holder_pid(self) -> int | None:
        pid = self.holder.get("pid")
        return pid if isinstance(pid, int) else None


class MalformedFile(StoreError):
    """A store file could not be parsed."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path}: {reason}")


class MalformedLeaf(MalformedFile):
    """A leaf file has a missing or corrupt IHMT-META header."""


class UnknownSchemaVersion(MalformedFile):
    """A file declares a schema_version this code does not understand."""


class StoreNotInitialized(StoreError):
    """The store directory does not exist yet."""


class UnknownMemory(StoreError):
    """No memory or fact has the given id."""

    def __init__(self, memory_id: str) -> None:
        self.memory_id = memory_id
        super().__init__(
            f"No memory or fact with id '{memory_id}' exists in this store "
            "(ids look like L-<domain>-... for memories and F-... for facts)."
        )


class DamagedDatabase(MalformedFile):
    """``state/ihmt.sqlite3`` cannot be read (not a database, corrupt, from a newer version)."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.detail = reason
        super().__init__(path, f"the store's database is damaged ({reason}); nothing was "
                         "changed. Run `ihmt-async rebuild` to re-derive it from the memory "
                         "files (the damaged file is moved aside)")

    def __reduce__(self) -> tuple[object, ...]:
        return (DamagedDatabase, (self.path, self.detail))


class DatabaseGone(StoreError):
    """``state/ihmt.sqlite3`` was removed while this process had it open (``state/`` deleted
    under a running server). The memory files still hold everything, so nothing is lost; but
    a process must not go on with an empty database of its own (a search would say "the
    memory is empty", a save would start a database holding only itself): the start-up
    path rebuilds it from the files."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        super().__init__(
            f"the store's database ({self.path}) was deleted while this process was running; "
            "nothing was saved or read, and nothing stored is lost (the memory files hold it "
            "all). Restart the server (a start rebuilds the database from the files) or run "
            "`ihmt-async rebuild`.")

    def __reduce__(self) -> tuple[object, ...]:
        return (DatabaseGone, (self.path,))


class EventsLost(StoreError):
    """The event file is shorter than what the database applied from it: lines that only the
    database still holds (retractions, reviews, supersessions) would be undone by a rebuild."""

    def __init__(self, path: Path | str, applied: int, size: int) -> None:
        self.path = Path(path)
        self.applied = applied
        self.size = size
        super().__init__(
            f"{self.path} holds {size} bytes but the database applied {applied} from it: lines "
            "were lost from the event file, and the database is now the only copy of the "
            "retractions, reviews and supersessions they held. A rebuild replays the file and "
            "would undo them; nothing was changed. Run `ihmt-async doctor --repair` (it writes "
            "the file again from the database when that applied all of it), restore the file "
            "from a backup, or run `ihmt-async rebuild --accept-loss` to rebuild anyway.")

    def __reduce__(self) -> tuple[object, ...]:
        return (EventsLost, (self.path, self.applied, self.size))


class MemoriesLost(StoreError):
    """Memories the catalog holds have no readable file and no whole copy elsewhere: a
    rebuild from the files would drop them (probe-fault F2)."""

    def __init__(self, leaves: tuple[tuple[str, str], ...]) -> None:
        self.leaves = leaves
        """(leaf id, what happened to its file) of each."""
        named = "; ".join(f"{leaf_id}: its file {state}" for leaf_id, state in leaves[:5])
        more = f"; and {len(leaves) - 5} more" if len(leaves) > 5 else ""
        one = len(leaves) == 1
        super().__init__(
            f"{len(leaves)} stored memor{'y' if one else 'ies'} cannot be read from the files "
            f"and the store holds no whole copy ({named}{more}): a rebuild from the files "
            f"would drop {'it' if one else 'them'}; nothing was changed. Restore the files "
            "from a backup (`ihmt-async doctor` names them), forget the ones to let go "
            "(`ihmt-async forget ID`), or run `ihmt-async rebuild --accept-loss` to rebuild "
            "without them.")

    def __reduce__(self) -> tuple[object, ...]:
        return (MemoriesLost, (self.leaves,))


class EventLineDamaged(StoreError):
    """A line of the event file was changed on disk after it was written (its checksum does
    not match): a rebuild would replay the file without it and undo what it recorded."""

    def __init__(self, path: Path | str, line: int, offset: int, why: str) -> None:
        self.path = Path(path)
        self.line = line
        self.offset = offset
        self.why = why
        super().__init__(
            f"{self.path}: line {line} (from byte {offset}) is damaged ({why}); a rebuild "
            "replays this file and would lose what that line recorded (a forgotten memory "
            "served again, a review undone), which the database still holds; nothing was "
            "changed. Run `ihmt-async doctor --repair` (it writes the file again from the "
            "database when that applied all of it), restore the file from a backup, or run "
            "`ihmt-async rebuild --accept-loss` to rebuild without the line.")

    def __reduce__(self) -> tuple[object, ...]:
        return (EventLineDamaged, (self.path, self.line, self.offset, self.why))


class StoreIOError(StoreError):
    """The operating system refused a write or read of the store (mapped once, at the disk)."""

    consequence = "nothing was saved"

    def __init__(self, path: Path | str, errno_: int, what: str,
                 consequence: str | None = None) -> None:
        self.path = Path(path)
        self.errno = errno_
        self.what = what
        self.consequence = type(self).consequence if consequence is None else consequence
        """What did not happen: "nothing was saved", or for a refused read "nothing was read
        or changed"."""
        super().__init__(f"{what}; {self.consequence} ({self.path}).")

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.path, self.errno, self.what, self.consequence))


class DiskFull(StoreIOError):
    """ENOSPC / EDQUOT: the disk (or quota) is full."""


class StoreReadOnly(StoreIOError):
    """EROFS: the store is on a read-only file system."""


class StorePermission(StoreIOError):
    """EACCES / EPERM: this user may not write the store's files."""


READ_REFUSED = "nothing was read or changed"
"""The consequence a refused read states (``map_os_error(..., reading=True)``)."""


def map_os_error(exc: OSError, path: Path | str, *, reading: bool = False) -> StoreError:
    """The one mapping of an OSError met at the disk to a typed store error.

    ``reading``: the refused operation only read (the settings file, a folder listed): the
    message says so instead of "nothing was saved"."""
    code = exc.errno
    consequence = READ_REFUSED if reading else None
    if code in (errno.ENOSPC, errno.EDQUOT):
        return DiskFull(path, code, "the disk is full", consequence)
    if code == errno.EROFS:
        return StoreReadOnly(path, code, "the store is on a read-only file system", consequence)
    if code in (errno.EACCES, errno.EPERM):
        verb = "reading" if reading else "writing"
        return StorePermission(path, code, f"permission denied {verb} the store", consequence)
    verb = "read" if reading else "written"
    return StoreIOError(path, code or 0,
                        f"the store could not be {verb} ({exc.strerror or exc})", consequence)


# --------------------------------------------------------------------------- input


class InputError(IhmtError):
    """The caller gave us something we refuse; nothing was written."""


class EmptyContent(InputError):
    """The text to save is empty or only whitespace."""

    def __init__(self, what: str = "content") -> None:
        consequence = ("give a few words to search for" if what in ("query", "clue")
                       else "nothing was saved")
        super().__init__(f"The {what} is empty (or only whitespace or invisible characters); "
                         f"{consequence}.")


class OnlyADate(EmptyContent):
    """The text to save is a date and nothing else: a memory of that day saying nothing."""

    def __init__(self, date: str) -> None:
        self.date = date
        InputError.__init__(
            self, f"The content is only a date ({date[:40]}), with nothing said about it; "
            "nothing was saved. Save what happened or what to remember, e.g. "
            f"'{date[:40].strip('[]()')}: ...'.")


class ContentTooLarge(InputError):
    """The text is over the configured size limit."""

    def __init__(self, size: int, limit: int, what: str = "content") -> None:
        self.size = size
        self.limit = limit
        if what in ("query", "clue"):
            message = (f"The {what} is {size:,} characters, over the limit of {limit:,}; "
                       "search with a few distinctive words instead.")
        else:
            message = (f"The {what} is {size:,} bytes, over the limit of {limit:,} bytes; "
                       "nothing was saved. Split it into smaller pieces.")
        super().__init__(message)


class InvalidText(InputError):
    """The text holds characters that cannot be stored (NUL bytes, lone surrogates)."""


class InvalidDomain(InputError):
    """A domain name that is not a safe single directory name."""

    def __init__(self, domain: str, reason: str) -> None:
        self.domain = domain
        super().__init__(
            f"Invalid domain {domain!r}: {reason}. Use dotted lowercase words such as "
            "'software.python' or 'personal'."
        )


class UnknownContentType(InputError):
    """A content_type outside the known set."""

    def __init__(self, value: str, allowed: tuple[str, ...]) -> None:
        super().__init__(
            f"Unknown content_type {value!r}; use one of: {', '.join(allowed)}."
        )


class UnknownOption(InputError):
    """An option value outside its allowed set (detail, origin, scope ...)."""

    def __init__(self, name: str, value: object, allowed: tuple[str, ...]) -> None:
        super().__init__(f"Unknown {name} {value!r}; use one of: {', '.join(allowed)}.")


class InvalidArgument(InputError):
    """An argument of the wrong type or shape."""


class SecretRefused(InputError):
    """The text holds secrets and the store is set to refuse them."""

    def __init__(self, kinds: list[str]) -> None:
        self.kinds = kinds
        super().__init__(
            "The content contains what looks like secrets ("
            + ", ".join(kinds)
            + "); this store refuses them, so nothing was saved. Remove them and save again."
        )


# --------------------------------------------------------------------------- config


class ConfigError(IhmtError):
    """An invalid setting; the message names the key."""

    def __init__(self, key: str, reason: str) -> None:
        self.key = key
        super().__init__(f"Invalid setting '{key}': {reason}.")


# --------------------------------------------------------------------------- actors


class ActorError(IhmtError):
    """Something went wrong talking to an actor."""


class ActorStopped(ActorError):
    """The actor stopped before it could answer."""

    def __init__(self, actor: str) -> None:
        self.actor = actor
        super().__init__(f"The {actor} actor has stopped; the request was not handled.")


class ActorTimeout(ActorError, TimeoutError):
    """The actor did not answer in time."""

    def __init__(self, actor: str, timeout_s: float, *, queued: bool = False) -> None:
        self.actor = actor
        self.timeout_s = timeout_s
        self.queued = queued
        """The request was in the actor's inbox when the caller stopped waiting: the actor
        still handles it (only the wait ended)."""
        super().__init__(f"The {actor} actor did not answer within {timeout_s:.1f}s.")


class SaveStillRunning(ActorError):
    """A save the ingest actor had taken in had not finished when the caller stopped waiting
    (a text of a megabyte under load, or one queued behind it): it is still stored. Said as
    a failure ("did not answer"), an agent saved it again."""

    def __init__(self, timeout_s: float) -> None:
        self.timeout_s = timeout_s
        super().__init__(
            f"The save is still running after {timeout_s:.0f}s (a long text or a busy store): "
            "it was accepted and will be stored; do not save it again. Search for it in a "
            "minute to confirm.")


class ActorCrashed(ActorError):
    """The actor failed on this request with an unexpected error; it has been restarted."""

    def __init__(self, actor: str, cause: BaseException) -> None:
        self.actor = actor
        self.cause = cause
        """The original exception, for the logs and for callers that inspect it."""
        self.cause_type = type(cause).__name__
        super().__init__(
            f"Internal error in the {actor} actor ({self.cause_type}: {cause}); "
            "the request was not completed and the actor was restarted."
        )
        self.__cause__ = cause

    def __reduce__(self) -> tuple[Any, ...]:
        # The cause may hold things that do not pickle (a lock, a file); then it travels as a
        # RuntimeError with the same type name and message, which is all a reader can use.
        state = dict(self.__dict__)
        try:
            pickle.dumps(self.cause)
        except Exception:
            state["cause"] = RuntimeError(f"{self.cause_type}: {self.cause}")
        return (_rebuild, (type(self), self.args, state))


class ActorGaveUp(ActorStopped):
    """The actor crashed too often in a short window and stopped instead of restarting again."""

    def __init__(self, actor: str, restarts: int, window_s: float, last_error: str) -> None:
        self.restarts = restarts
        self.window_s = window_s
        self.last_error = last_error
        ActorError.__init__(
            self,
            f"The {actor} actor crashed {restarts} times within {window_s:g}s and was stopped "
            f"rather than restarted again (last error: {last_error}); fix the cause and "
            "restart the server.",
        )
        self.actor = actor
