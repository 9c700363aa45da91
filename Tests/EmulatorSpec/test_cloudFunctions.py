"""Port of firebase-tools src/emulator/auth/cloudFunctions.spec.ts (commit a786bda).

firebase-tools' case calls its `AuthCloudFunction.dispatch("create", {localId: "foobar"})` directly, with a Functions
emulator registered in the same process. Here the same event is produced from outside: a fake Emulator Hub and
Functions emulator on 127.0.0.1 (found through FIREBASE_EMULATOR_HUB, the variable firebase-tools' emulators use to
find each other), and an account "foobar" created in project `project-foo`.
"""
import json
import time

import pytest

from helpers import EmulatorAPI, V1, expect_status

FUNCTIONS_PROJECT = "project-foo"
TRIGGER_PATH = f"/functions/projects/{FUNCTIONS_PROJECT}/trigger_multicast"


@pytest.fixture
def functions_emulator(functions):
    """The shared fake server on 127.0.0.1 acting as the Emulator Hub (GET /emulators, answered every time, names a
    running Functions emulator at the same address) and as that Functions emulator (records each POST and answers
    the trigger's with 200 `{}`)."""
    host, port = functions.server.server_address[:2]
    info = {"name": "functions", "host": host, "port": port,
            "listen": [{"address": host, "family": "IPv4", "port": port}]}
    functions.reply("/emulators", {"functions": info}, method="GET", always=True)
    functions.reply(TRIGGER_PATH, {})
    return functions


# cloudFunctions > dispatch

def test_should_make_a_request_to_the_functions_emulator(functions_emulator, start_emulator, monkeypatch):
    monkeypatch.setenv("FIREBASE_EMULATOR_HUB", functions_emulator.address)
    api = EmulatorAPI(start_emulator("--project", FUNCTIONS_PROJECT).base_url)

    expect_status(200, api.post(f"{V1}/projects/{FUNCTIONS_PROJECT}/accounts", {"localId": "foobar"},
                                key=None, bearer="owner"))

    deadline = time.monotonic() + 2  # firebase-tools' suite gives the case 2 seconds
    while not functions_emulator.calls() and time.monotonic() < deadline:
        time.sleep(0.05)
    triggers = functions_emulator.calls(TRIGGER_PATH)
    assert len(triggers) == 1, functions_emulator.requests

    event = json.loads(triggers[0]["raw"])
    assert isinstance(event.get("eventId"), str), event
    assert event.get("eventType") == "providers/firebase.auth/eventTypes/user.create", event
    assert event.get("resource") == {"name": f"projects/{FUNCTIONS_PROJECT}",
                                     "service": "firebaseauth.googleapis.com"}, event
    assert event.get("params") == {}, event
    assert isinstance(event.get("timestamp"), str), event
    # firebase-tools dispatches a bare {localId: "foobar"} and so expects data {uid, metadata: {}, customClaims: {}};
    # an account created through the API also has its creation time, so only those three fields are checked.
    data = event.get("data") or {}
    assert data.get("uid") == "foobar", event
    assert isinstance(data.get("metadata"), dict), event
    assert data.get("customClaims") == {}, event
