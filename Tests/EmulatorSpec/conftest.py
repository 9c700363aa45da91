"""pytest set-up for the port of firebase-tools' Auth emulator test suite (`src/emulator/auth/*.spec.ts`).

Each test gets a brand-new `fauth-tui emulator` (firebase-tools' suite clears every project's state before each
case), reached through the `api` fixture. Cases whose behaviour still differs from Firebase's emulator are listed
in `known_differences/<spec>.txt`; they run as strict expected failures, so a case that starts passing fails
the run until its line is removed.
"""
import os
import pathlib

import pytest

from helpers import Emulator, EmulatorAPI, FakeBlockingFunctions

HERE = pathlib.Path(__file__).parent
BINARY = os.environ.get("FAUTH_TUI", str(HERE.parent.parent / ".build" / "debug" / "fauth-tui"))


def known_differences():
    """`file.py::test_name` → reason, from known_differences/*.txt (blank lines and # comments skipped)."""
    table = {}
    lines = [line for path in sorted((HERE / "known_differences").glob("*.txt"))
             for line in path.read_text().splitlines()]
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        case, _, reason = line.partition(" ")
        table[case] = reason.strip() or "differs from Firebase's emulator"
    return table


def pytest_collection_modifyitems(config, items):
    table = known_differences()
    seen = set()
    for item in items:
        case = f"{pathlib.Path(item.fspath).name}::{item.name}"
        if case in table:
            seen.add(case)
            item.add_marker(pytest.mark.xfail(strict=True, reason=table[case]))
    collected = {pathlib.Path(item.fspath).name for item in items}
    stale = sorted(case for case in set(table) - seen if case.partition("::")[0] in collected)
    if stale:
        raise pytest.UsageError("known_differences/ names cases that do not exist: " + ", ".join(stale))


@pytest.fixture
def start_emulator():
    """Starts fresh emulators with extra command-line arguments: `start_emulator("--flag")`; all stop after."""
    started = []

    def start(*arguments):
        started.append(Emulator(BINARY, *arguments))
        return started[-1]
    yield start
    for process in started:
        process.stop()


@pytest.fixture
def emulator(start_emulator):
    """A fresh `fauth-tui emulator` for project `example` on a free loopback port."""
    return start_emulator()


@pytest.fixture
def api(emulator):
    """The REST surface of the fresh emulator."""
    return EmulatorAPI(emulator.base_url)


@pytest.fixture
def functions():
    """A fresh `FakeBlockingFunctions` server on 127.0.0.1 (the suite's nock); stopped after the test."""
    fake = FakeBlockingFunctions()
    yield fake
    fake.stop()
