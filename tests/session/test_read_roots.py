"""read_file, project_map and find_code read only inside the session's folders, over real stdio.

probe-fault F6: the file tools read any path the server's user may read; the server often
runs as root, and ``read_file("/etc/shadow")`` or ``~/.ssh/id_rsa`` answered with the file.
Now a path (resolved: symbolic links and ".." followed) must lie under the client's MCP
roots, the server's working directory (not / nor the home folder) or a folder of
``IHMT_READ_ROOTS``; anything else is one sentence, the same whether the path exists or not,
and the server keeps serving.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession, stdio_client
from mcp import types as mcp_types
from mcp.shared.exceptions import MCPDeprecationWarning

from tests.mcp_client import Session, server_params

pytestmark = pytest.mark.anyio

OUTSIDE = "is outside the folders this session may read"


@contextlib.asynccontextmanager
async def client(home: Path, roots: list[Path] | None, cwd: Path | str, **env: str
                 ) -> AsyncIterator[tuple[Session, ClientSession]]:
    """A server started in ``cwd``; its client lists ``roots`` (read at each roots/list, so
    a test may change them), or declares no roots capability at all when None."""
    async def list_roots(_: Any) -> mcp_types.ListRootsResult:
        assert roots is not None
        return mcp_types.ListRootsResult(roots=[mcp_types.Root(uri=root.as_uri())
                                                for root in roots])

    params = server_params(home, **env)
    params.cwd = str(cwd)
    with open(os.devnull, "w") as errlog:  # noqa: ASYNC230 (opening /dev/null never blocks)
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write,
                              list_roots_callback=list_roots if roots is not None else None,
                              client_info=mcp_types.Implementation(name="ide", version="1")
                              ) as session:
            await session.initialize()
            yield Session(session), session


def layout(base: Path) -> dict[str, Path]:
    """A workspace (the client's root), the server's directory, an extra folder, and an
    outside folder with a secret and a project; links and '..' from the workspace to it."""
    paths = {name: base / name for name in ("workspace", "servercwd", "extra", "outside")}
    for folder in paths.values():
        folder.mkdir()
    (paths["workspace"] / "notes.txt").write_text("workspace notes\n", encoding="utf-8")
    (paths["workspace"] / "app.py").write_text("def checkout(cart):\n    return sum(cart)\n",
                                               encoding="utf-8")
    (paths["servercwd"] / "cwd.txt").write_text("server directory file\n", encoding="utf-8")
    (paths["extra"] / "extra.txt").write_text("extra folder file\n", encoding="utf-8")
    secret = paths["outside"] / "secret.txt"
    secret.write_text("-----BEGIN OPENSSH PRIVATE KEY-----\n", encoding="utf-8")
    (paths["outside"] / "proj").mkdir()
    (paths["outside"] / "proj" / "billing.py").write_text(
        "def invoice_total(lines):\n    return sum(lines)\n", encoding="utf-8")
    (paths["workspace"] / "link.txt").symlink_to(secret)
    (paths["workspace"] / "linked_dir").symlink_to(paths["outside"] / "proj")
    (paths["outside"] / "loop").symlink_to(paths["outside"] / "loop2")
    (paths["outside"] / "loop2").symlink_to(paths["outside"] / "loop")
    paths["secret"] = secret
    return paths


async def test_reads_stay_inside_the_clients_roots(tmp_path: Path) -> None:
    p = layout(tmp_path)
    home, workspace, outside = tmp_path / "home", p["workspace"], p["outside"]
    async with client(home, [workspace], p["servercwd"]) as (s, _):
        read = await s.ok("read_file", {"path": str(workspace / "notes.txt")})
        assert "workspace notes" in read
        assert "server directory file" in await s.ok(
            "read_file", {"path": str(p["servercwd"] / "cwd.txt")})

        refused = {
            "system file": "/etc/passwd",
            "outside folder": str(p["secret"]),
            "missing outside": str(outside / "missing.txt"),
            "symbolic link out": str(workspace / "link.txt"),
            "dot-dot escape": f"{workspace}/../outside/secret.txt",
            "home shorthand": "~/.ssh/id_rsa",
            "extra folder not listed": str(p["extra"] / "extra.txt"),
            "link loop outside": str(outside / "loop" / "x"),
        }
        replies = {}
        for name, path in refused.items():
            for args in ({"path": path}, {"path": path, "start_line": 1, "end_line": 1}):
                text, is_error = await s.call("read_file", args)
                assert is_error and text.startswith(f"{path} {OUTSIDE} ({workspace}"), (name,
                                                                                         text)
                assert "IHMT_READ_ROOTS" in text and "BEGIN OPENSSH" not in text, (name, text)
            replies[name] = text.replace(path, "<path>")
        # a missing file outside reads exactly like an existing one: nothing leaks
        assert replies["missing outside"] == replies["outside folder"]

        for tool, extra in (("project_map", {}), ("find_code", {"query": "invoice_total"})):
            for path in (str(outside / "proj"), str(workspace / "linked_dir"),
                         f"{workspace}/../outside/proj", "/etc"):
                text, is_error = await s.call(tool, {"path": path, **extra})
                assert is_error and text.startswith(f"{path} {OUTSIDE}"), (tool, path, text)
                assert "invoice_total(lines)" not in text
        mapped = await s.ok("project_map", {"path": str(workspace)})
        assert "app.py" in mapped and "billing.py" not in mapped
        assert "return sum(cart)" in await s.ok("find_code", {"query": "checkout",
                                                               "path": str(workspace)})

        # the server keeps serving, and remembered the first read
        again = await s.ok("read_file", {"path": str(workspace / "notes.txt")})
        assert again.startswith("UNCHANGED")


async def test_a_folder_listed_in_the_environment_is_readable(tmp_path: Path) -> None:
    p = layout(tmp_path)
    listed = os.pathsep.join([str(p["extra"]), "relative/ignored", str(p["outside"] / "proj")])
    async with client(tmp_path / "home", [p["workspace"]], p["servercwd"],
                      IHMT_READ_ROOTS=listed) as (s, _):
        assert "extra folder file" in await s.ok("read_file",
                                                 {"path": str(p["extra"] / "extra.txt")})
        assert "invoice_total" in await s.ok("find_code", {"query": "invoice_total",
                                                            "path": str(p["outside"] / "proj")})
        text, is_error = await s.call("read_file", {"path": str(p["secret"])})
        assert is_error and OUTSIDE in text and str(p["extra"]) in text, text
        assert "relative/ignored" not in text


async def test_a_client_without_roots_reads_in_the_servers_directory(tmp_path: Path) -> None:
    """Codex declares no roots and starts the server in the project: that folder is read."""
    p = layout(tmp_path)
    async with client(tmp_path / "home", None, p["servercwd"]) as (s, _):
        assert "server directory file" in await s.ok(
            "read_file", {"path": str(p["servercwd"] / "cwd.txt")})
        text, is_error = await s.call("read_file", {"path": str(p["workspace"] / "notes.txt")})
        assert is_error and text.startswith(
            f"{p['workspace'] / 'notes.txt'} {OUTSIDE} ({p['servercwd']};"), text


async def test_a_server_started_in_the_disks_root_or_home_reads_nothing_unlisted(
        tmp_path: Path) -> None:
    """A desktop client without roots may start its servers in / or the home folder: that
    says nothing about a project, and admitting it would admit every file (or ~/.ssh)."""
    p = layout(tmp_path)
    user = tmp_path / "user"
    (user / ".ssh").mkdir(parents=True)
    (user / ".ssh" / "id_rsa").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\n",
                                          encoding="utf-8")
    for cwd in (Path("/"), user):
        async with client(tmp_path / "home", None, cwd, HOME=str(user)) as (s, _):
            for path in ("/etc/passwd", str(p["workspace"] / "notes.txt"), "~/.ssh/id_rsa"):
                text, is_error = await s.call("read_file", {"path": path})
                assert is_error and text.startswith(f"{path} {OUTSIDE} (none;"), (cwd, text)
            assert await s.ok("search_memory", {"query": "anything at all"})


async def test_the_refusal_names_many_folders_in_a_bounded_sentence(tmp_path: Path) -> None:
    p = layout(tmp_path)
    many = [tmp_path / f"{'long-folder-name-' * 5}{number}" for number in range(40)]
    for folder in many:
        folder.mkdir()
    async with client(tmp_path / "home", many, p["servercwd"]) as (s, _):
        text, is_error = await s.call("read_file", {"path": "/etc/passwd"})
    assert is_error and text.startswith(f"/etc/passwd {OUTSIDE} ({many[0]}, "), text
    assert "more;" in text and len(text) < 800, text


async def test_changed_roots_move_what_may_be_read(tmp_path: Path) -> None:
    p = layout(tmp_path)
    roots = [p["workspace"]]
    async with client(tmp_path / "home", roots, p["servercwd"]) as (s, session):
        await s.ok("read_file", {"path": str(p["workspace"] / "notes.txt")})
        roots[0] = p["extra"]
        with warnings.catch_warnings():  # the SDK deprecates roots (SEP-2577); clients use them
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            await session.send_roots_list_changed()
        assert "extra folder file" in await s.ok("read_file",
                                                 {"path": str(p["extra"] / "extra.txt")})
        text, is_error = await s.call("read_file", {"path": str(p["workspace"] / "notes.txt")})
        assert is_error and OUTSIDE in text, text
