"""Drives `fauth-tui emulator` with the real Firebase Admin SDK for Python in emulator mode.

Run by `make admin-sdk-test` (part of `make test`): python admin_sdk_suite.py PATH_TO_FAUTH_TUI
Every check raises on failure; the script exits non-zero and names the failing check.
"""
import base64
import hashlib
import hmac
import json
import os
import re
import signal
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
import warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)
import crypt  # noqa: E402  (bcrypt through libcrypt, as the emulator checks it; deprecated in 3.13)

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes  # noqa: E402

PROJECT = "demo-admin-suite"
API_KEY = "any-key"


class Emulator:
    """`fauth-tui emulator --port 0` for PROJECT (serving the store file `store` when given), stopped with SIGTERM."""

    def __init__(self, binary, store=None):
        self.process = subprocess.Popen(
            [binary, "emulator", "--port", "0", "--project", PROJECT, "--quiet"]
            + (["--store", store] if store else []),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        line = ""
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            match = re.search(r"http://([0-9.]+:[0-9]+)", line)
            if match:
                self.host = match.group(1)
                return
            if self.process.poll() is not None:
                break
        raise RuntimeError(f"emulator did not start: {line!r} {self.process.stderr.read()}")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


class Tmux:
    """`command` in a private tmux server at 80x24, driven with keys as a person would."""

    def __init__(self, command, environment):
        self.directory = tempfile.mkdtemp(prefix="admin-suite-tmux-")
        self.socket = os.path.join(self.directory, "sock")
        exports = "".join(f"export {name}='{value}'; " for name, value in environment.items())
        self.tmux("new-session", "-d", "-s", "app", "-x", "80", "-y", "24", f"{exports}{command}; sleep 600")

    def sign_up(self, email, password):
        """From the sign-in screen, creates an account on the sign-up form; returns its uid."""
        self.press("Tab", "Tab", "Tab", "Tab", "Enter")  # to the sign-up form, whose focus is on the empty email
        self.type(email)
        self.press("Tab")
        self.type(password)
        self.press("Tab")
        self.type(password)
        self.press("Enter")
        screen = self.wait_for("User ID: ")
        return re.search(r"User ID: ([A-Za-z0-9]+)", screen).group(1)

    def tmux(self, *arguments):
        return subprocess.run(["tmux", "-S", self.socket, "-f", "/dev/null", *arguments], check=True,
                              capture_output=True, text=True, timeout=30).stdout

    def press(self, *keys):
        self.tmux("send-keys", "-t", "app", *keys)

    def type(self, text):
        self.tmux("send-keys", "-t", "app", "-l", text)

    def wait_for(self, needle, timeout=20):
        deadline, screen = time.monotonic() + timeout, ""
        while time.monotonic() < deadline:
            screen = self.tmux("capture-pane", "-p", "-t", "app")
            if needle in screen:
                return screen
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {needle!r}; screen:\n{screen}")

    def close(self):
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True, timeout=30)
        shutil.rmtree(self.directory, ignore_errors=True)


def request(method, url, body=None, headers=None, form=None):
    """(status, decoded JSON or text) of one HTTP request."""
    data = None
    headers = dict(headers or {})
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    call = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(call, timeout=30) as response:
            status, text = response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


class Client:
    """What a client app does over REST: sign in, refresh."""

    def __init__(self, host):
        self.base = f"http://{host}/identitytoolkit.googleapis.com/v1/accounts:"
        self.token_url = f"http://{host}/securetoken.googleapis.com/v1/token?key={API_KEY}"

    def call(self, operation, body, tenant=None):
        if tenant:
            body = dict(body, tenantId=tenant)
        return request("POST", f"{self.base}{operation}?key={API_KEY}", body)

    def sign_in(self, email, password, tenant=None):
        status, reply = self.call("signInWithPassword", {"email": email, "password": password,
                                                         "returnSecureToken": True}, tenant)
        if status != 200:
            raise AssertionError(f"sign-in of {email} failed: {reply}")
        return reply

    def refresh(self, refresh_token):
        return request("POST", self.token_url, form={"grant_type": "refresh_token",
                                                    "refresh_token": refresh_token})


def claims(token):
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def expect_raises(kind, action, message):
    try:
        action()
    except kind:
        return
    raise AssertionError(message)


def test_user_crud(auth, client):
    user = auth.create_user(uid="ada", email="ada@example.com", password="secret1", phone_number="+15555550100",
                            display_name="Ada", photo_url="https://example.com/ada.png", email_verified=True,
                            disabled=False)
    expect(user.uid == "ada" and user.email == "ada@example.com", "create_user keeps uid and email")
    expect(auth.get_user_by_email("ADA@example.com").uid == "ada", "get_user_by_email ignores case")
    expect(auth.get_user_by_phone_number("+15555550100").uid == "ada", "get_user_by_phone_number")
    fetched = auth.get_user("ada")
    expect(fetched.display_name == "Ada" and fetched.photo_url == "https://example.com/ada.png", "profile kept")
    expect(fetched.email_verified and not fetched.disabled, "flags kept")
    expect_raises(auth.UidAlreadyExistsError, lambda: auth.create_user(uid="ada"), "duplicate uid refused")
    expect_raises(auth.EmailAlreadyExistsError, lambda: auth.create_user(email="ada@example.com"),
                  "duplicate email refused")
    updated = auth.update_user("ada", display_name=auth.DELETE_ATTRIBUTE, photo_url=auth.DELETE_ATTRIBUTE, email="lovelace@example.com",
                               phone_number="+15555550101", email_verified=False, disabled=True)
    expect(updated.display_name is None and updated.photo_url is None, "update removes profile fields")
    expect(updated.email == "lovelace@example.com" and updated.phone_number == "+15555550101", "update changes ids")
    expect(updated.disabled and not updated.email_verified, "update changes flags")
    status, reply = client.call("signInWithPassword", {"email": "lovelace@example.com", "password": "secret1"})
    expect(reply.get("error", {}).get("message") == "USER_DISABLED", f"a disabled user cannot sign in: {reply}")
    auth.update_user("ada", disabled=False, password="secret2")
    client.sign_in("lovelace@example.com", "secret2")
    found = auth.get_users([auth.UidIdentifier("ada"), auth.EmailIdentifier("nobody@example.com")])
    expect([u.uid for u in found.users] == ["ada"], "get_users finds by identifier")
    expect(len(found.not_found) == 1, "get_users reports what it did not find")
    auth.delete_user("ada")
    expect_raises(auth.UserNotFoundError, lambda: auth.get_user("ada"), "a deleted user is gone")


def test_claims_and_revocation(auth, client):
    auth.create_user(uid="claimed", email="claimed@example.com", password="secret1")
    auth.set_custom_user_claims("claimed", {"admin": True, "level": 3})
    expect(auth.get_user("claimed").custom_claims == {"admin": True, "level": 3}, "claims stored")
    session = client.sign_in("claimed@example.com", "secret1")
    decoded = auth.verify_id_token(session["idToken"], check_revoked=True)
    expect(decoded["admin"] is True and decoded["level"] == 3, f"claims reach the ID token: {decoded}")
    expect_raises(ValueError, lambda: auth.set_custom_user_claims("claimed", {"sub": "x"}),
                  "reserved claims refused")
    time.sleep(1.1)  # validSince has whole seconds: a token of the same second is not older
    auth.revoke_refresh_tokens("claimed")
    expect_raises(auth.RevokedIdTokenError,
                  lambda: auth.verify_id_token(session["idToken"], check_revoked=True),
                  "check_revoked notices revocation")
    status, reply = client.refresh(session["refreshToken"])
    expect(status == 400 and "TOKEN_EXPIRED" in reply["error"]["message"], f"revoked refresh token: {reply}")
    fresh = client.sign_in("claimed@example.com", "secret1")
    auth.verify_id_token(fresh["idToken"], check_revoked=True)


def test_links(auth, client, host):
    auth.create_user(uid="linked", email="link@example.com", password="secret1")
    link = auth.generate_email_verification_link("link@example.com")
    expect(link.startswith(f"http://{host}/emulator/action?mode=verifyEmail"), f"verification link: {link}")
    status, page = request("GET", link)
    expect(status == 200 and "verified" in page, f"the verification page: {status} {page}")
    expect(auth.get_user("linked").email_verified, "opening the link verifies the email")
    status, _ = request("GET", link)
    expect(status == 400, "a used link is refused")

    link = auth.generate_password_reset_link("link@example.com")
    status, page = request("GET", link)
    expect(status == 200 and "newPassword" in page, "the reset page asks for a password")
    status, page = request("POST", link, form={"newPassword": "changed1"})
    expect(status == 200, f"the reset is applied: {page}")
    client.sign_in("link@example.com", "changed1")

    settings = auth.ActionCodeSettings(url="https://example.com/finish", handle_code_in_app=True)
    link = auth.generate_sign_in_with_email_link("link@example.com", settings)
    code = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)["oobCode"][0]
    status, reply = client.call("signInWithEmailLink", {"email": "link@example.com", "oobCode": code})
    expect(status == 200 and reply["localId"] == "linked", f"the sign-in link signs in: {reply}")


def test_custom_tokens(auth, client):
    token = auth.create_custom_token("custom-uid", {"premium": True}).decode()
    status, reply = client.call("signInWithCustomToken", {"token": token, "returnSecureToken": True})
    expect(status == 200 and reply["isNewUser"], f"custom token signs in: {reply}")
    decoded = auth.verify_id_token(reply["idToken"], check_revoked=True)
    expect(decoded["uid"] == "custom-uid" and decoded["premium"] is True, f"custom claims: {decoded}")
    expect(decoded["firebase"]["sign_in_provider"] == "custom", "provider is custom")
    status, refreshed = client.refresh(reply["refreshToken"])
    expect(status == 200 and claims(refreshed["id_token"])["premium"] is True, "refresh keeps the claims")
    expect(auth.get_user("custom-uid").uid == "custom-uid", "the account exists")


def firebase_scrypt(password, salt, key, separator, rounds, memory_cost):
    derived = hashlib.scrypt(password, salt=salt + separator, n=2 ** memory_cost, r=rounds, p=1, dklen=64,
                             maxmem=256 * 1024 * 1024)
    encryptor = Cipher(algorithms.AES(derived[:32]), modes.CTR(b"\0" * 16)).encryptor()
    return encryptor.update(key) + encryptor.finalize()


def test_import_hashes(auth, client):
    password, salt, key = b"imported1", b"NaCl-salt", b"signer-key-0123456789"
    separator = b"\x01"
    cases = {
        "SCRYPT": (auth.UserImportHash.scrypt(key=key, rounds=8, memory_cost=10, salt_separator=separator),
                   firebase_scrypt(password, salt, key, separator, 8, 10)),
        "STANDARD_SCRYPT": (auth.UserImportHash.standard_scrypt(memory_cost=1024, parallelization=1, block_size=8,
                                                                derived_key_length=32),
                            hashlib.scrypt(password, salt=salt, n=1024, r=8, p=1, dklen=32)),
        "BCRYPT": (auth.UserImportHash.bcrypt(),
                   crypt.crypt(password.decode(), crypt.mksalt(crypt.METHOD_BLOWFISH, rounds=16)).encode()),
        "PBKDF2_SHA256": (auth.UserImportHash.pbkdf2_sha256(rounds=1000),
                          hashlib.pbkdf2_hmac("sha256", password, salt, 1000)),
        "HMAC_SHA256": (auth.UserImportHash.hmac_sha256(key=key), hmac.new(key, salt + password, "sha256").digest()),
        "SHA256": (auth.UserImportHash.sha256(rounds=2),
                   hashlib.sha256(hashlib.sha256(salt + password).digest()).digest()),
        "MD5": (auth.UserImportHash.md5(rounds=1), hashlib.md5(salt + password).digest()),
    }
    for name, (algorithm, digest) in cases.items():
        uid = "imported-" + name.lower()
        email = f"{uid}@example.com"
        record = auth.ImportUserRecord(uid=uid, email=email, password_hash=digest, password_salt=salt,
                                       custom_claims={"imported": name})
        result = auth.import_users([record], hash_alg=algorithm)
        expect(result.success_count == 1, f"{name}: import failed: {[e.reason for e in result.errors]}")
        session = client.sign_in(email, password.decode())
        expect(claims(session["idToken"])["imported"] == name, f"{name}: claims imported")
        status, reply = client.call("signInWithPassword", {"email": email, "password": "wrong-password"})
        expect(status == 400, f"{name}: a wrong password is refused")


def test_paging_and_batch_delete(auth):
    uids = [f"page-{index:02d}" for index in range(25)]
    for uid in uids:
        auth.create_user(uid=uid)
    listed, page = [], auth.list_users(max_results=10)
    pages = 0
    while page:
        pages += 1
        listed += [user.uid for user in page.users]
        page = page.get_next_page()
    expect([uid for uid in listed if uid.startswith("page-")] == uids, "list_users pages through every user")
    expect(pages >= 3, f"pages of 10: {pages}")
    result = auth.delete_users(uids[:5])
    expect(result.success_count == 5 and result.failure_count == 0, "delete_users deletes (it forces)")
    expect_raises(auth.UserNotFoundError, lambda: auth.get_user(uids[0]), "batch-deleted user gone")


def test_session_cookies(auth, client):
    auth.create_user(uid="cookie", email="cookie@example.com", password="secret1")
    session = client.sign_in("cookie@example.com", "secret1")
    cookie = auth.create_session_cookie(session["idToken"], expires_in=3600)
    decoded = auth.verify_session_cookie(cookie, check_revoked=True)
    expect(decoded["uid"] == "cookie", f"session cookie verifies: {decoded}")
    expect(decoded["iss"] == f"https://session.firebase.google.com/{PROJECT}", "issuer of session cookies")
    time.sleep(1.1)
    auth.revoke_refresh_tokens("cookie")
    expect_raises(auth.RevokedSessionCookieError, lambda: auth.verify_session_cookie(cookie, check_revoked=True),
                  "a revoked session cookie is refused")


def test_tenants(host, tenant_mgt, auth, client):
    status, tenant = request("POST", f"http://{host}/identitytoolkit.googleapis.com/v2/projects/{PROJECT}/tenants",
                             {"displayName": "Blue", "allowPasswordSignup": True},
                             headers={"Authorization": "Bearer owner"})
    expect(status == 200 and tenant["name"].startswith(f"projects/{PROJECT}/tenants/"), f"tenant: {tenant}")
    tenant_id = tenant["name"].rsplit("/", 1)[1]
    tenant_auth = tenant_mgt.auth_for_tenant(tenant_id)
    tenant_auth.create_user(uid="t-user", email="same@example.com", password="secret1")
    auth.create_user(uid="p-user", email="same@example.com", password="secret2")
    session = client.sign_in("same@example.com", "secret1", tenant=tenant_id)
    expect(claims(session["idToken"])["firebase"]["tenant"] == tenant_id, "tenant claim")
    expect(tenant_auth.verify_id_token(session["idToken"])["uid"] == "t-user", "tenant token verifies")
    expect_raises(auth.UserNotFoundError, lambda: tenant_auth.get_user("p-user"), "tenants are isolated")
    expect(auth.get_user_by_email("same@example.com").uid == "p-user", "the project keeps its own user")


def test_tui_interop(auth, binary, host):
    auth.create_user(uid="from-admin", email="admin-made@example.com", password="secret-1")
    home = tempfile.mkdtemp(prefix="admin-suite-home-")
    app = Tmux(f"{binary} --emulator {host} --project {PROJECT} --providers email,emailLink",
               {"LANG": "C.UTF-8", "HOME": home, "XDG_CONFIG_HOME": home, "XDG_STATE_HOME": home})
    try:
        app.wait_for(" Tab ")
        app.type("admin-made@example.com")
        app.press("Tab")
        app.type("secret-1")
        app.press("Enter")
        app.wait_for("User ID: from-admin")
        app.press("BTab", "Enter")  # sign out: the account screen's last action
        app.wait_for("Trouble signing in?")
        uid = app.sign_up("tui-made@example.com", "secret-2")
    finally:
        app.close()
        shutil.rmtree(home, ignore_errors=True)
    expect(auth.get_user_by_email("tui-made@example.com").uid == uid, "the Admin SDK finds the TUI's user")


def test_local_backend_token(firebase_admin, auth, credential, binary):
    """A sign-in on the local backend, then `TOKEN=$(fauth-tui token --store S)`, verified by the Admin SDK against
    `fauth-tui emulator --store S` (issue 29)."""
    home = tempfile.mkdtemp(prefix="admin-suite-local-")
    store = os.path.join(home, "store.sqlite")
    environment = {"LANG": "C.UTF-8", "HOME": home, "XDG_CONFIG_HOME": home, "XDG_STATE_HOME": home}
    # The local backend: without the emulator address the suite exports, which would choose the emulator.
    app = Tmux(f"unset FIREBASE_AUTH_EMULATOR_HOST; {binary} --store {store} --project {PROJECT} --providers email",
               environment)
    try:
        app.wait_for(" Tab ")
        uid = app.sign_up("local-made@example.com", "secret-3")
    finally:
        app.close()

    def fauth(*arguments):
        local = {name: value for name, value in os.environ.items() if name != "FIREBASE_AUTH_EMULATOR_HOST"}
        return subprocess.run([binary, *arguments, "--store", store, "--project", PROJECT], check=True,
                              capture_output=True, text=True, env={**local, **environment}).stdout.strip()

    previous_host = os.environ["FIREBASE_AUTH_EMULATOR_HOST"]
    emulator = Emulator(binary, store)
    try:
        token = fauth("token")
        expect(fauth("token") == token, "a second `token` gives the kept token")
        refreshed = fauth("token", "--force-refresh")
        status = json.loads(fauth("status", "--json"))
        os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = emulator.host
        app_on_store = firebase_admin.initialize_app(credential, options={"projectId": PROJECT}, name="local-store")
        try:
            decoded = auth.verify_id_token(token, app=app_on_store, check_revoked=True)
            expect(decoded["uid"] == uid and decoded["email"] == "local-made@example.com",
                   f"the local token's user: {decoded}")
            expect(decoded["firebase"]["sign_in_provider"] == "password", f"sign-in provider: {decoded}")
            expect(auth.verify_id_token(refreshed, app=app_on_store)["uid"] == uid, "the refreshed token verifies")
            expect(status["tokenExpiresAt"] == time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(claims(refreshed)["exp"])),
                   f"status --json shows the kept token's expiry: {status}")
        finally:
            firebase_admin.delete_app(app_on_store)
    finally:
        os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = previous_host
        emulator.stop()
        shutil.rmtree(home, ignore_errors=True)


def main():
    binary = sys.argv[1]
    emulator = Emulator(binary)
    os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = emulator.host
    import firebase_admin
    import google.auth.credentials
    from firebase_admin import auth, credentials, tenant_mgt

    class NoCredential(credentials.Base):
        """Emulator mode needs no credential; tenant_mgt still asks for one (it never reaches Google here)."""

        def get_credential(self):
            return google.auth.credentials.AnonymousCredentials()

    firebase_admin.initialize_app(NoCredential(), options={"projectId": PROJECT})
    client = Client(emulator.host)
    checks = [
        ("user CRUD", lambda: test_user_crud(auth, client)),
        ("claims and revocation", lambda: test_claims_and_revocation(auth, client)),
        ("links", lambda: test_links(auth, client, emulator.host)),
        ("custom tokens", lambda: test_custom_tokens(auth, client)),
        ("import with each hash", lambda: test_import_hashes(auth, client)),
        ("paging and batch delete", lambda: test_paging_and_batch_delete(auth)),
        ("session cookies", lambda: test_session_cookies(auth, client)),
        ("tenants", lambda: test_tenants(emulator.host, tenant_mgt, auth, client)),
        ("interop with the TUI in tmux", lambda: test_tui_interop(auth, binary, emulator.host)),
        ("the local backend's token", lambda: test_local_backend_token(firebase_admin, auth, NoCredential(), binary)),
    ]
    failures = 0
    try:
        for name, check in checks:
            try:
                check()
                print(f"ok   {name}")
            except Exception:  # a failed check is reported and the others still run
                failures += 1
                print(f"FAIL {name}\n{traceback.format_exc()}")
    finally:
        emulator.stop()
    print(f"admin-sdk: {len(checks) - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
