"""Port of firebase-tools src/emulator/auth/customToken.spec.ts (commit a786bda)."""
import json
import time

from helpers import (API_KEY, PROJECT_ID, V1, decode_jwt, error_message, expect_error, expect_status,
                     get_account_info_by_id_token, register_tenant, sign_in_with_email_link,
                     unsigned_jwt, update_account_by_local_id)

SIGN_IN = f"{V1}/accounts:signInWithCustomToken"
CUSTOM_TOKEN_AUDIENCE = \
    "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
PROVIDER_CUSTOM = "custom"
SERVICE_ACCOUNT = "fake-service-account@example.com"
CLAIMS = {"abc": "def", "ultimate": {"answer": 42}}


def custom_token(payload, audience=CUSTOM_TOKEN_AUDIENCE):
    """An unsigned (`alg: none`) custom token valid for an hour, as an Admin SDK mints for the emulator."""
    now = int(time.time())
    return unsigned_jwt({**payload, "iat": now, "exp": now + 3600, "aud": audience,
                         "iss": SERVICE_ACCOUNT, "sub": SERVICE_ACCOUNT})


def sign_in(api, body):
    return api.post(SIGN_IN, body)


def expect_error_containing(response, status, text):
    expect_status(status, response)
    assert text in error_message(response), response.text


def expect_included(payload, expected):
    """chai's `deep.include`: every key of `expected` is in `payload` with a deeply equal value."""
    for name, value in expected.items():
        assert payload.get(name) == value, (name, payload)


def expect_custom_sign_in(body, is_new_user):
    assert body.get("isNewUser") is is_new_user, body
    assert isinstance(body.get("refreshToken"), str), body
    header, payload = decode_jwt(body["idToken"])
    assert header["alg"] == "none", header
    assert "provider_id" not in payload, payload
    assert payload["firebase"].get("sign_in_provider") == PROVIDER_CUSTOM, payload
    return payload


def test_should_create_new_account_from_custom_token_unsigned(api):
    uid = "someuid"
    body = expect_status(200, sign_in(api, {"token": custom_token({"uid": uid, "claims": CLAIMS})}))
    payload = expect_custom_sign_in(body, is_new_user=True)
    expect_included(payload, CLAIMS)

    info = get_account_info_by_id_token(api, body["idToken"])
    assert info.get("localId") == uid, info


def test_should_sign_into_existing_account_and_merge_claims(api):
    # An email-link user with custom claims of its own.
    email = "alice@example.com"
    local_id = sign_in_with_email_link(api, email)["localId"]
    custom_claims = {"abc": "abc", "foo": "bar"}
    update_account_by_local_id(api, local_id, {"customAttributes": json.dumps(custom_claims)})

    token = json.dumps({"uid": local_id, "claims": CLAIMS})
    body = expect_status(200, sign_in(api, {"token": token}))
    payload = expect_custom_sign_in(body, is_new_user=False)
    assert payload["firebase"].get("identities") == {"email": [email]}, payload
    # The token's claims win over the account's.
    expect_included(payload, {**custom_claims, **CLAIMS})

    # Refreshed ID tokens carry the claims too.
    response = api.session.post(api.base_url + "/securetoken.googleapis.com/v1/token", params={"key": API_KEY},
                                data={"refreshToken": body["refreshToken"], "grantType": "refresh_token"},
                                timeout=30)
    refreshed = expect_status(200, response)
    assert isinstance(refreshed.get("id_token"), str), refreshed
    _, payload = decode_jwt(refreshed["id_token"])
    expect_included(payload, {**custom_claims, **CLAIMS})


def test_should_error_if_custom_token_is_missing(api):
    expect_error(sign_in(api, {}), 400, "MISSING_CUSTOM_TOKEN")


def test_should_error_if_custom_token_is_invalid(api):
    expect_error_containing(sign_in(api, {"token": "{not+Json,That's=>For@Sure}"}), 400, "INVALID_CUSTOM_TOKEN")
    expect_error_containing(sign_in(api, {"token": "ThisMayLookLikeAJWT.ButItWontDecode.ToJsonObjects"}),
                            400, "INVALID_CUSTOM_TOKEN")


def test_should_error_if_custom_token_addresses_the_wrong_audience(api):
    token = custom_token({"uid": "foo"}, audience="http://localhost/not-the-firebase-auth-audience")
    expect_error_containing(sign_in(api, {"token": token}), 400, "INVALID_CUSTOM_TOKEN")


def test_should_error_if_custom_token_contains_no_uid(api):
    expect_error_containing(sign_in(api, {"token": custom_token({})}), 400, "MISSING_IDENTIFIER")
    expect_error_containing(sign_in(api, {"token": '{"look": "I do not have uid"}'}), 400, "MISSING_IDENTIFIER")


def test_should_error_if_custom_token_contains_forbidden_claims(api):
    # "firebase" is a forbidden claim.
    expect_error_containing(sign_in(api, {"token": '{"uid": "wow", "claims": {"firebase": "awesome"}}'}),
                            400, "FORBIDDEN_CLAIM : firebase")


def test_should_error_if_user_is_disabled(api):
    local_id = sign_in_with_email_link(api, "alice@example.com")["localId"]
    update_account_by_local_id(api, local_id, {"disableUser": True})

    token = json.dumps({"uid": local_id, "claims": CLAIMS})
    expect_error(sign_in(api, {"token": token}), 400, "USER_DISABLED")


def test_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})
    expect_error(sign_in(api, {"tenantId": tenant["tenantId"]}), 400, "PROJECT_DISABLED")


def test_should_error_if_custom_token_tenant_id_does_not_match(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False})
    token = custom_token({"uid": "someuid", "claims": CLAIMS, "tenant_id": "not-matching-tenant-id"})
    expect_error_containing(sign_in(api, {"token": token, "tenantId": tenant["tenantId"]}),
                            400, "TENANT_ID_MISMATCH")


def test_should_create_a_new_account_from_custom_token_with_tenant_id(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False})
    token = custom_token({"uid": "someuid", "claims": CLAIMS, "tenant_id": tenant["tenantId"]})
    body = expect_status(200, sign_in(api, {"token": token, "tenantId": tenant["tenantId"]}))
    assert body.get("isNewUser") is True, body
    assert isinstance(body.get("refreshToken"), str), body

    info = get_account_info_by_id_token(api, body["idToken"], tenant["tenantId"])
    assert info.get("tenantId") == tenant["tenantId"], info
