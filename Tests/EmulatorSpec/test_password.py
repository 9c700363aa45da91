"""Port of firebase-tools src/emulator/auth/password.spec.ts (commit a786bda)."""
import time

from helpers import (DISPLAY_NAME, PHOTO_URL, PROJECT_ID, TEST_MFA_INFO, V1, decode_jwt, error_message,
                     expect_error, expect_status, get_account_info_by_local_id, register_tenant, register_user,
                     update_account_by_local_id, update_config)

SIGN_IN = f"{V1}/accounts:signInWithPassword"
ALICE = {"email": "alice@example.com", "password": "notasecret"}
BEFORE_SIGN_IN_PATH = "/beforeSignIn"


def sign_in(api, body):
    return api.post(SIGN_IN, body)


def now_ms():
    return int(time.time() * 1000)


def enable_improved_email_privacy(api):
    update_config(api, PROJECT_ID, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}},
                  "emailPrivacyConfig")


def expect_mfa_pending(response):
    body = expect_status(200, response)
    assert "idToken" not in body, body
    assert "refreshToken" not in body, body
    assert isinstance(body.get("mfaPendingCredential"), str), body
    assert isinstance(body.get("mfaInfo"), list) and len(body["mfaInfo"]) == 1, body


def queue_before_sign_in(functions, reply):
    """Queues `reply` (status 200) for the beforeSignIn path of the shared fake `functions`, which records each
    request; returns `functions`."""
    functions.reply(BEFORE_SIGN_IN_PATH, reply)
    return functions


def use_before_sign_in(api, function):
    update_config(api, PROJECT_ID, {"blockingFunctions": {"triggers": {"beforeSignIn": {
        "functionUri": function.url(BEFORE_SIGN_IN_PATH)}}}}, "blockingFunctions")


# accounts:signInWithPassword

def test_should_issue_tokens_when_email_and_password_are_valid(api):
    local_id = register_user(api, ALICE["email"], ALICE["password"])["localId"]

    body = expect_status(200, sign_in(api, ALICE))
    assert body["localId"] == local_id, body
    assert body["email"] == ALICE["email"], body
    assert body.get("registered") is True, body
    assert isinstance(body.get("refreshToken"), str), body

    header, payload = decode_jwt(body["idToken"])
    assert header["alg"] == "none", header
    assert payload["user_id"] == local_id, payload
    assert "provider_id" not in payload, payload
    assert payload["firebase"].get("sign_in_provider") == "password", payload


def test_should_update_last_login_at_on_successful_login(api):
    # firebase-tools freezes the clock, so lastLoginAt equals Date.now() exactly; with real time the same fact is
    # that lastLoginAt is the time of the request (sign-up, then sign-in) to the millisecond.
    started = now_ms()
    local_id = register_user(api, ALICE["email"], ALICE["password"])["localId"]
    finished = now_ms()

    before_login = get_account_info_by_local_id(api, local_id)
    assert started <= int(before_login["lastLoginAt"]) <= finished, (started, before_login, finished)

    time.sleep(0.05)  # firebase-tools ticks its clock by 4000 ms

    started = now_ms()
    expect_status(200, sign_in(api, ALICE))
    finished = now_ms()

    after_login = get_account_info_by_local_id(api, local_id)
    assert started <= int(after_login["lastLoginAt"]) <= finished, (started, after_login, finished)
    assert int(after_login["lastLoginAt"]) > int(before_login["lastLoginAt"])


def test_should_validate_email_address_ignoring_case(api):
    local_id = register_user(api, ALICE["email"], ALICE["password"])["localId"]

    body = expect_status(200, sign_in(api, {"email": "AlIcE@exAMPle.COM", "password": ALICE["password"]}))
    assert body["localId"] == local_id, body


def test_should_error_if_email_or_password_is_missing(api):
    expect_error(sign_in(api, {"password": "notasecret"}), 400, "MISSING_EMAIL")
    expect_error(sign_in(api, {"email": "nosuchuser@example.com"}), 400, "MISSING_PASSWORD")


def test_should_error_if_email_is_invalid(api):
    expect_error(sign_in(api, {"email": "ill-formatted-email", "password": "notasecret"}), 400, "INVALID_EMAIL")
    expect_error(sign_in(api, {"email": "", "password": "notasecret"}), 400, "INVALID_EMAIL")


def test_should_error_if_email_is_not_found(api):
    expect_error(sign_in(api, {"email": "nosuchuser@example.com", "password": "notasecret"}), 400,
                 "EMAIL_NOT_FOUND")


def test_should_error_if_email_is_not_found_with_improved_email_privacy_enabled(api):
    enable_improved_email_privacy(api)

    expect_error(sign_in(api, {"email": "nosuchuser@example.com", "password": "notasecret"}), 400,
                 "INVALID_LOGIN_CREDENTIALS")


def test_should_error_if_password_is_wrong(api):
    register_user(api, ALICE["email"], ALICE["password"])

    # Passwords are case sensitive.
    expect_error(sign_in(api, {"email": ALICE["email"], "password": "NOTASECRET"}), 400, "INVALID_PASSWORD")


def test_should_error_if_password_is_wrong_with_improved_email_privacy_enabled(api):
    enable_improved_email_privacy(api)
    register_user(api, ALICE["email"], ALICE["password"])

    expect_error(sign_in(api, {"email": ALICE["email"], "password": "NOTASECRET"}), 400,
                 "INVALID_LOGIN_CREDENTIALS")


def test_should_error_if_user_is_disabled(api):
    local_id = register_user(api, ALICE["email"], ALICE["password"])["localId"]
    update_account_by_local_id(api, local_id, {"disableUser": True})

    expect_error(sign_in(api, ALICE), 400, "USER_DISABLED")


def test_should_return_pending_credential_if_user_has_mfa(api):
    register_user(api, ALICE["email"], ALICE["password"], mfa_info=[TEST_MFA_INFO])

    expect_mfa_pending(sign_in(api, ALICE))


def test_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    response = sign_in(api, {"tenantId": tenant["tenantId"]})
    expect_status(400, response)
    assert "PROJECT_DISABLED" in error_message(response), response.text


def test_should_error_if_password_sign_up_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False, "allowPasswordSignup": False})

    response = sign_in(api, {"tenantId": tenant["tenantId"]})
    expect_status(400, response)
    assert "PASSWORD_LOGIN_DISABLED" in error_message(response), response.text


def test_should_return_pending_credential_if_user_has_mfa_and_enabled_on_tenant_projects(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False, "allowPasswordSignup": True,
                                               "mfaConfig": {"state": "ENABLED"}})
    register_user(api, ALICE["email"], ALICE["password"], mfa_info=[TEST_MFA_INFO],
                  tenant_id=tenant["tenantId"])

    expect_mfa_pending(sign_in(api, {"tenantId": tenant["tenantId"], **ALICE}))


# when blocking functions are present

def test_should_update_modifiable_fields_before_sign_in(api, functions):
    local_id = register_user(api, ALICE["email"], ALICE["password"])["localId"]
    function = queue_before_sign_in(functions, {"userRecord": {
        "updateMask": "displayName,photoUrl,emailVerified,customClaims,sessionClaims",
        "displayName": DISPLAY_NAME,
        "photoUrl": PHOTO_URL,
        "emailVerified": True,
        "customClaims": {"customAttribute": "custom"},
        "sessionClaims": {"sessionAttribute": "session"},
    }})
    use_before_sign_in(api, function)

    body = expect_status(200, sign_in(api, ALICE))
    assert body["localId"] == local_id, body
    assert body["email"] == ALICE["email"], body
    assert body.get("registered") is True, body
    assert isinstance(body.get("refreshToken"), str), body

    header, payload = decode_jwt(body["idToken"])
    assert header["alg"] == "none", header
    assert payload.get("name") == DISPLAY_NAME, payload
    assert payload.get("picture") == PHOTO_URL, payload
    assert payload.get("email_verified") is True, payload
    assert payload.get("customAttribute") == "custom", payload
    assert payload.get("sessionAttribute") == "session", payload
    assert len(function.calls(BEFORE_SIGN_IN_PATH)) == 1, function.requests


def test_should_disable_user_if_set(api, functions):
    register_user(api, ALICE["email"], ALICE["password"])
    function = queue_before_sign_in(functions, {"userRecord": {"updateMask": "disabled", "disabled": True}})
    use_before_sign_in(api, function)

    expect_error(sign_in(api, ALICE), 400, "USER_DISABLED")
    assert len(function.calls(BEFORE_SIGN_IN_PATH)) == 1, function.requests


def test_should_not_trigger_blocking_function_if_user_has_mfa(api, functions):
    register_user(api, ALICE["email"], ALICE["password"], mfa_info=[TEST_MFA_INFO])
    function = queue_before_sign_in(functions, {"userRecord": {"updateMask": "disabled", "disabled": True}})
    use_before_sign_in(api, function)

    expect_mfa_pending(sign_in(api, ALICE))
    # The blocking function must not have been called.
    assert function.requests == [], function.requests
