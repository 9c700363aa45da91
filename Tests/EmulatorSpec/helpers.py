"""Shared pieces of the firebase-tools Auth emulator suite port: the emulator process, its REST surface, and the
helpers every spec file uses (the same requests as firebase-tools' `testing/helpers.ts`, written for Python).
"""
import base64
import json
import re
import signal
import subprocess
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests

PROJECT_ID = "example"
API_KEY = "fake-api-key"
TEST_PHONE_NUMBER = "+15555550100"
TEST_PHONE_NUMBER_OBFUSCATED = "+*******0100"
TEST_PHONE_NUMBER_2 = "+15555550101"
TEST_PHONE_NUMBER_3 = "+15555550102"
TEST_MFA_INFO = {"displayName": "Cell Phone", "phoneInfo": TEST_PHONE_NUMBER}
TEST_INVALID_PHONE_NUMBER = "5555550100"  # no country code
DISPLAY_NAME = "Example User"
PHOTO_URL = "http://fakephotourl.test"
V1 = "/identitytoolkit.googleapis.com/v1"
V2 = "/identitytoolkit.googleapis.com/v2"


class Emulator:
    """`fauth-tui emulator --port 0 --project example` (plus `arguments`), stopped with SIGTERM."""

    def __init__(self, binary, *arguments):
        self.process = subprocess.Popen(
            [binary, "emulator", "--port", "0", "--project", PROJECT_ID, "--quiet", *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline, line = time.monotonic() + 30, ""
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            match = re.search(r"http://([0-9.]+:[0-9]+)", line)
            if match:
                self.base_url = "http://" + match.group(1)
                return
            if self.process.poll() is not None:
                break
        raise RuntimeError(f"emulator did not start: {line!r} {self.process.stderr.read()}")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        finally:
            self.process.stdout.close()
            self.process.stderr.close()
        assert self.process.returncode == 0, f"emulator exited with {self.process.returncode}"


class FakeBlockingFunctions:
    """Stand-in for blocking functions (firebase-tools' nock interceptors) on 127.0.0.1: `reply(path, body)`
    queues an answer (status 200 unless told, JSON body; `None` for an empty one) that the path gives once, in
    order; every request is recorded (method, path without query, raw target, headers, raw and parsed body);
    anything not queued answers 500 and is also kept in `unexpected`. `assert_done()` is nock's `isDone()` (every
    queued reply was used) and also requires that nothing unexpected was requested."""

    def __init__(self):
        self.replies = {}
        self.requests = []
        self.unexpected = []
        self.lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                path = self.path.split("?")[0]
                try:
                    parsed = json.loads(raw) if raw else None
                except ValueError:
                    parsed = None
                with owner.lock:
                    owner.requests.append({"method": self.command, "path": path, "target": self.path,
                                           "headers": dict(self.headers), "raw": raw, "body": parsed})
                    queue = owner.replies.get((self.command, path)) or []
                    if queue:
                        status, body = queue[0]
                        if not isinstance(queue, _Forever):
                            queue.pop(0)
                        payload = json.dumps(body).encode() if body is not None else b""
                    else:
                        owner.unexpected.append((self.command, self.path, raw))
                        status, payload = 500, b'{"error": "no reply queued for this request"}'
                self.send_response(status)
                if payload:
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = answer

            def log_message(self, *arguments):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.address = f"127.0.0.1:{self.server.server_address[1]}"
        self.host = f"http://{self.address}"

    def url(self, path):
        return self.host + path

    def reply(self, path, body, status=200, *, method="POST", always=False):
        """Queues one answer for `method path`; with `always`, `path` gives it to every request instead."""
        with self.lock:
            if always:
                self.replies[(method, path)] = _Forever([(status, body)])
            else:
                self.replies.setdefault((method, path), []).append((status, body))

    def calls(self, path=None, method="POST"):
        """The recorded `method` requests to `path` (query ignored; `None` for any path)."""
        with self.lock:
            return [request for request in self.requests
                    if request["method"] == method and (path is None or request["path"] == path)]

    def bodies(self, path, method="POST"):
        """The parsed JSON bodies sent to `path`, in order."""
        return [request["body"] for request in self.calls(path, method)]

    def paths_called(self):
        with self.lock:
            return [request["path"] for request in self.requests]

    def pending(self):
        """Queued answers not used yet, by (method, path)."""
        return {key: list(queue) for key, queue in self.replies.items()
                if queue and not isinstance(queue, _Forever)}

    def all_answered(self):
        """nock's `isDone()`: every queued answer was used."""
        return not self.pending()

    def assert_done(self):
        """nock's `isDone()` (every queued answer was requested), and nothing was requested that was not queued."""
        assert self.all_answered(), \
            f"blocking function replies not requested: {self.pending()}; requests: {self.paths_called()}"
        assert not self.unexpected, f"unexpected blocking function calls: {self.unexpected}"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class _Forever(list):
    """A reply queue whose single answer is never used up."""


class EmulatorAPI:
    """HTTP calls to one emulator. `key` goes in the query (None for none); `bearer` in Authorization."""

    def __init__(self, base_url):
        self.base_url = base_url
        self.session = requests.Session()

    def request(self, method, path, body=None, *, key=API_KEY, bearer=None, query=None, headers=None):
        params = dict(query or {})
        if key is not None:
            params["key"] = key
        sent = dict(headers or {})
        if bearer is not None:
            sent["Authorization"] = f"Bearer {bearer}"
        return self.session.request(method, self.base_url + path, params=params,
                                    json=body if body is not None else None, headers=sent, timeout=30)

    def post(self, path, body=None, **options):
        return self.request("POST", path, body, **options)

    def get(self, path, **options):
        return self.request("GET", path, **options)

    def patch(self, path, body=None, **options):
        return self.request("PATCH", path, body, **options)

    def delete(self, path, **options):
        return self.request("DELETE", path, **options)


def expect_status(expected, response):
    """Fails with the body when `response` has another status."""
    assert response.status_code == expected, \
        f"expected {expected}, got {response.status_code} with body {response.text}"
    return response.json() if response.content else None


def error_message(response):
    """The `error.message` of a Firebase error body."""
    return response.json()["error"]["message"]


def expect_error(response, status, message):
    """Asserts a Firebase error: HTTP `status` and `error.message` equal to `message`."""
    expect_status(status, response)
    assert error_message(response) == message, response.text


def expect_error_prefix(response, status, prefix):
    """Asserts a Firebase error whose `error.message` starts with `prefix`."""
    expect_status(status, response)
    assert error_message(response).startswith(prefix), response.text


def _b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unsigned_jwt(payload, header=None):
    """A JWT with `alg: none` and an empty signature, as the emulator issues and accepts."""
    head = header or {"alg": "none", "typ": "JWT"}
    return f"{_b64(json.dumps(head).encode())}.{_b64(json.dumps(payload).encode())}."


def decode_jwt(token):
    """(header, payload) of a JWT, without checking its signature."""
    def part(text):
        return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    head, payload, _ = token.split(".")
    return part(head), part(payload)


def fake_claims(**claims):
    """An IdP token payload with firebase-tools' default `iss`, `aud`, `exp` and `iat`, plus `claims`."""
    return {"iss": "example.com", "aud": "example.com", "exp": 1597974008, "iat": 1597970408, **claims}


FAKE_GOOGLE_ACCOUNT = {
    "displayName": "Example User",
    "email": "example@gmail.com",
    "emailVerified": True,
    "rawId": "123456789012345678901",
}
_GOOGLE_CLAIMS = {"iss": "accounts.google.com", "azp": "test.apps.googleusercontent.com",
                  "aud": "test.apps.googleusercontent.com", "sub": FAKE_GOOGLE_ACCOUNT["rawId"],
                  "at_hash": "0" * 22, "iat": 1597882681, "exp": 1597886281}
FAKE_GOOGLE_ACCOUNT["idToken"] = unsigned_jwt({**_GOOGLE_CLAIMS, "email": "example@gmail.com",
                                                "email_verified": True})
FAKE_GOOGLE_ACCOUNT["idTokenNoEmail"] = unsigned_jwt(_GOOGLE_CLAIMS)


def register_user(api, email, password, display_name=None, mfa_info=None, tenant_id=None):
    body = {"email": email, "password": password}
    if display_name is not None:
        body["displayName"] = display_name
    if mfa_info is not None:
        body["mfaInfo"] = mfa_info
    if tenant_id is not None:
        body["tenantId"] = tenant_id
    result = expect_status(200, api.post(f"{V1}/accounts:signUp", body))
    return {name: result.get(name) for name in ("idToken", "localId", "refreshToken", "email")}


def register_anon_user(api):
    result = expect_status(200, api.post(f"{V1}/accounts:signUp", {"returnSecureToken": True}))
    return {name: result.get(name) for name in ("idToken", "localId", "refreshToken")}


def create_email_sign_in_oob(api, email, tenant_id=None):
    body = {"email": email, "requestType": "EMAIL_SIGNIN", "returnOobLink": True}
    if tenant_id is not None:
        body["tenantId"] = tenant_id
    result = expect_status(200, api.post(f"{V1}/accounts:sendOobCode", body, key=None, bearer="owner"))
    return {"oobCode": result["oobCode"], "oobLink": result["oobLink"]}


def sign_in_with_email_link(api, email, id_token_to_link=None):
    oob = create_email_sign_in_oob(api, email)
    body = {"email": email, "oobCode": oob["oobCode"]}
    if id_token_to_link is not None:
        body["idToken"] = id_token_to_link
    result = api.post(f"{V1}/accounts:signInWithEmailLink", body).json()
    return {"idToken": result.get("idToken"), "localId": result.get("localId"),
            "refreshToken": result.get("refreshToken"), "email": email}


def sign_in_with_password(api, email, password, extract_mfa_pending=False):
    result = expect_status(200, api.post(f"{V1}/accounts:signInWithPassword",
                                         {"email": email, "password": password}))
    if extract_mfa_pending:
        return {"mfaPendingCredential": result["mfaPendingCredential"],
                "mfaEnrollmentId": result["mfaInfo"][0]["mfaEnrollmentId"]}
    return {name: result.get(name) for name in ("idToken", "localId", "refreshToken", "email")}


def inspect_oobs(api, tenant_id=None):
    tenant = f"/tenants/{tenant_id}" if tenant_id else ""
    return expect_status(200, api.get(f"/emulator/v1/projects/{PROJECT_ID}{tenant}/oobCodes", key=None))["oobCodes"]


def inspect_verification_codes(api, tenant_id=None):
    tenant = f"/tenants/{tenant_id}" if tenant_id else ""
    path = f"/emulator/v1/projects/{PROJECT_ID}{tenant}/verificationCodes"
    return expect_status(200, api.get(path, key=None))["verificationCodes"]


def sign_in_with_phone_number(api, phone_number):
    sent = expect_status(200, api.post(f"{V1}/accounts:sendVerificationCode",
                                       {"phoneNumber": phone_number, "recaptchaToken": "ignored"}))
    code = inspect_verification_codes(api)[0]["code"]
    result = expect_status(200, api.post(f"{V1}/accounts:signInWithPhoneNumber",
                                         {"sessionInfo": sent["sessionInfo"], "code": code}))
    return {name: result.get(name) for name in ("idToken", "localId", "refreshToken")}


def sign_in_with_fake_claims(api, provider_id, claims, tenant_id=None):
    token = json.dumps(fake_claims(**claims))
    body = {"postBody": "providerId=" + urllib.parse.quote(provider_id, safe="")
                        + "&id_token=" + urllib.parse.quote(token, safe=""),
            "requestUri": "http://localhost", "returnIdpCredential": True, "returnSecureToken": True}
    if tenant_id is not None:
        body["tenantId"] = tenant_id
    result = expect_status(200, api.post(f"{V1}/accounts:signInWithIdp", body))
    return {name: result.get(name) for name in ("idToken", "localId", "refreshToken", "email")}


def _lookup(api, id_token, tenant_id):
    body = {"idToken": id_token}
    if tenant_id is not None:
        body["tenantId"] = tenant_id
    return api.post(f"{V1}/accounts:lookup", body)


def expect_user_not_exists_for_id_token(api, id_token, tenant_id=None):
    expect_error(_lookup(api, id_token, tenant_id), 400, "USER_NOT_FOUND")


def expect_id_token_expired(api, id_token):
    expect_error(_lookup(api, id_token, None), 400, "TOKEN_EXPIRED")


def get_account_info_by_id_token(api, id_token, tenant_id=None):
    users = expect_status(200, _lookup(api, id_token, tenant_id)).get("users") or []
    assert len(users) == 1, users
    return users[0]


def get_account_info_by_local_id(api, local_id, tenant_id=None):
    body = {"localId": [local_id]}
    if tenant_id is not None:
        body["tenantId"] = tenant_id
    users = expect_status(200, api.post(f"{V1}/accounts:lookup", body, key=None, bearer="owner")).get("users") or []
    assert len(users) == 1, users
    return users[0]


def get_signin_methods(api, email):
    result = expect_status(200, api.post(f"{V1}/accounts:createAuthUri",
                                         {"continueUri": "http://example.com/", "identifier": email}))
    return result.get("signinMethods")


def update_project_config(api, config):
    expect_status(200, api.patch(f"/emulator/v1/projects/{PROJECT_ID}/config", config, key=None, bearer="owner"))


def update_account_by_local_id(api, local_id, fields):
    expect_status(200, api.post(f"{V1}/accounts:update", {"localId": local_id, **fields}, key=None, bearer="owner"))


def enroll_phone_mfa(api, id_token, phone_number, tenant_id=None):
    start = {"idToken": id_token, "phoneEnrollmentInfo": {"phoneNumber": phone_number}}
    if tenant_id is not None:
        start["tenantId"] = tenant_id
    started = expect_status(200, api.post(f"{V2}/accounts/mfaEnrollment:start", start))
    session_info = started["phoneSessionInfo"]["sessionInfo"]
    assert isinstance(session_info, str)
    code = inspect_verification_codes(api, tenant_id)[0]["code"]
    finish = {"idToken": id_token, "phoneVerificationInfo": {"code": code, "sessionInfo": session_info}}
    if tenant_id is not None:
        finish["tenantId"] = tenant_id
    finished = expect_status(200, api.post(f"{V2}/accounts/mfaEnrollment:finalize", finish))
    assert isinstance(finished["idToken"], str) and isinstance(finished["refreshToken"], str)
    return {"idToken": finished["idToken"], "refreshToken": finished["refreshToken"]}


def delete_account(api, body):
    result = expect_status(200, api.post(f"{V1}/accounts:delete", body))
    assert "error" not in result
    return result.get("kind")


def register_tenant(api, project_id, tenant=None):
    return expect_status(200, api.post(f"{V2}/projects/{project_id}/tenants", tenant or {}, bearer="owner"))


def update_config(api, project_id, config, update_mask=None):
    query = {"updateMask": update_mask} if update_mask is not None else None
    expect_status(200, api.patch(f"{V2}/projects/{project_id}/config", config, key=None, bearer="owner",
                                 query=query))
