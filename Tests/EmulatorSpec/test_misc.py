"""Port of firebase-tools src/emulator/auth/misc.spec.ts (commit a786bda)."""
import base64
import json
import math
import time

from helpers import (API_KEY, PROJECT_ID, TEST_PHONE_NUMBER, V1, EmulatorAPI, decode_jwt, delete_account,
                     error_message, expect_error, expect_status, expect_user_not_exists_for_id_token,
                     get_account_info_by_id_token, register_anon_user, register_tenant, register_user,
                     sign_in_with_phone_number, update_account_by_local_id)

TOKEN = "/securetoken.googleapis.com/v1/token"
SESSION_COOKIE = f"{V1}/projects/{PROJECT_ID}:createSessionCookie"
PROJECT_LOOKUP = f"{V1}/projects/{PROJECT_ID}/accounts:lookup"
PROJECT_QUERY = f"{V1}/projects/{PROJECT_ID}/accounts:query"
EMULATOR_PROJECT = f"/emulator/v1/projects/{PROJECT_ID}"
SESSION_COOKIE_MAX_VALID_DURATION = 14 * 24 * 60 * 60  # seconds, as in firebase-tools' operations.ts
ALICE = {"email": "alice@example.com", "password": "notasecret"}
BOB = {"email": "bob@example.com", "password": "notasecret2"}
PASSWORD_TENANT = {"disableAuth": False, "allowPasswordSignup": True}


def refresh(api, form):
    """POST to the token endpoint with an `application/x-www-form-urlencoded` body and the API key."""
    return api.session.post(api.base_url + TOKEN, params={"key": API_KEY}, data=form, timeout=30)


def encode_refresh_token(record):
    """firebase-tools' refresh-token encoding: base64 of the record's JSON."""
    return base64.b64encode(json.dumps(record, separators=(",", ":")).encode()).decode()


def decode_refresh_token(token):
    """firebase-tools' refresh-token decoding: the JSON record inside the base64 text."""
    return json.loads(base64.b64decode(token + "=" * (-len(token) % 4)))


def expect_refreshed_tokens(response, local_id):
    body = expect_status(200, response)
    assert isinstance(body.get("id_token"), str), body
    assert body.get("access_token") == body["id_token"], body
    assert isinstance(body.get("refresh_token"), str), body
    assert isinstance(body.get("expires_in"), str) and any(c.isdigit() for c in body["expires_in"]), body
    assert body.get("project_id") == "12345", body
    assert body.get("token_type") == "Bearer", body
    assert body.get("user_id") == local_id, body
    return body


def now_seconds():
    return math.floor(time.time())


def create_session_cookie(api, body):
    return api.post(SESSION_COOKIE, body, key=None, bearer="owner")


def owner_post(api, path, body):
    return api.post(path, body, key=None, bearer="owner")


# token refresh

def test_should_exchange_refresh_token_for_new_tokens(api):
    user = register_anon_user(api)
    # snake_case refresh_token next to camelCase grantType, as OAuth 2.0 allows
    response = refresh(api, {"refresh_token": user["refreshToken"], "grantType": "refresh_token"})
    expect_refreshed_tokens(response, user["localId"])


def test_should_exchange_refresh_tokens_for_new_tokens_in_a_tenant_project(api):
    tenant = register_tenant(api, PROJECT_ID, PASSWORD_TENANT)
    user = register_user(api, ALICE["email"], ALICE["password"], tenant_id=tenant["tenantId"])
    response = refresh(api, {"refresh_token": user["refreshToken"], "grantType": "refresh_token"})
    body = expect_refreshed_tokens(response, user["localId"])
    assert decode_refresh_token(body["refresh_token"]).get("tenantId") == tenant["tenantId"], body


def test_should_populate_auth_time_to_match_last_login_at_in_seconds_since_epoch(api):
    user = register_user(api, ALICE["email"], ALICE["password"])
    time.sleep(2)  # firebase-tools ticks its fake clock 2 s before refreshing
    response = refresh(api, {"refresh_token": user["refreshToken"], "grantType": "refresh_token"})
    id_token = expect_status(200, response)["id_token"]
    account = get_account_info_by_id_token(api, id_token)
    assert account.get("lastLoginAt") is not None, account
    last_login_at_seconds = int(account["lastLoginAt"]) // 1000
    header, payload = decode_jwt(id_token)
    # the sign-in time, not the refresh time
    assert payload.get("auth_time") == last_login_at_seconds, (payload, account)
    assert header.get("alg") == "none", header


def test_should_error_if_grant_type_is_missing(api):
    user = register_anon_user(api)
    response = refresh(api, {"refresh_token": user["refreshToken"]})
    expect_status(400, response)
    assert "MISSING_GRANT_TYPE" in error_message(response), response.text


def test_should_error_if_grant_type_is_not_refresh_token(api):
    user = register_anon_user(api)
    response = refresh(api, {"refresh_token": user["refreshToken"], "grantType": "other_grant_type"})
    expect_status(400, response)
    assert "INVALID_GRANT_TYPE" in error_message(response), response.text


def test_should_error_if_refresh_token_is_missing(api):
    response = refresh(api, {"grantType": "refresh_token"})
    expect_status(400, response)
    assert "MISSING_REFRESH_TOKEN" in error_message(response), response.text


def test_should_error_on_malformed_refresh_tokens(api):
    response = refresh(api, {"refresh_token": "malformedToken", "grantType": "refresh_token"})
    expect_status(400, response)
    assert "INVALID_REFRESH_TOKEN" in error_message(response), response.text


def test_should_error_if_user_is_disabled(api):
    user = register_anon_user(api)
    update_account_by_local_id(api, user["localId"], {"disableUser": True})
    response = refresh(api, {"refreshToken": user["refreshToken"], "grantType": "refresh_token"})
    expect_error(response, 400, "USER_DISABLED")


def test_should_error_when_refresh_tokens_are_from_a_different_project(api):
    token = encode_refresh_token({"_AuthEmulatorRefreshToken": "DO NOT MODIFY", "localId": "localId",
                                  "provider": "provider", "extraClaims": {},
                                  "projectId": "notMatchingProjectId"})
    response = refresh(api, {"refresh_token": token, "grantType": "refresh_token"})
    expect_error(response, 400, "INVALID_REFRESH_TOKEN")


def test_should_error_on_refresh_tokens_without_required_fields(api):
    token = encode_refresh_token({"localId": "localId", "provider": "provider", "extraClaims": {},
                                  "projectId": "notMatchingProjectId"})
    response = refresh(api, {"refresh_token": token, "grantType": "refresh_token"})
    expect_error(response, 400, "INVALID_REFRESH_TOKEN")


def test_should_error_if_the_refresh_token_is_for_a_user_that_does_not_exist(api):
    user = register_anon_user(api)
    delete_account(api, {"idToken": user["idToken"]})
    response = refresh(api, {"refresh_token": user["refreshToken"], "grantType": "refresh_token"})
    expect_status(400, response)
    assert "INVALID_REFRESH_TOKEN" in error_message(response), response.text


# createSessionCookie

def test_should_return_a_valid_session_cookie(api):
    user = register_anon_user(api)
    valid_duration = 7777  # seconds
    before = now_seconds()
    response = create_session_cookie(api, {"idToken": user["idToken"], "validDuration": str(valid_duration)})
    after = now_seconds()
    body = expect_status(200, response)
    cookie = body.get("sessionCookie")
    assert isinstance(cookie, str), body
    header, payload = decode_jwt(cookie)
    # firebase-tools' clock stands still, so there iat is exactly "now"; here "now" lies between before and after
    assert before <= payload.get("iat") <= after, payload
    assert before + valid_duration <= payload.get("exp") <= after + valid_duration, payload
    assert payload.get("iss") == f"https://session.firebase.google.com/{PROJECT_ID}", payload
    _, id_token_claims = decode_jwt(user["idToken"])
    for name in ("iss", "iat", "exp"):
        id_token_claims.pop(name, None)
    for name, value in id_token_claims.items():
        assert payload.get(name) == value, (name, payload, id_token_claims)
    assert header.get("alg") == "none", header


def test_should_throw_if_id_token_is_missing(api):
    response = create_session_cookie(api, {"validDuration": "7777"})
    expect_error(response, 400, "MISSING_ID_TOKEN")


def test_should_throw_if_id_token_is_invalid(api):
    response = create_session_cookie(api, {"idToken": "invalid", "validDuration": "7777"})
    expect_error(response, 400, "INVALID_ID_TOKEN")


def test_should_use_default_session_cookie_valid_duration_if_not_specified(api):
    user = register_anon_user(api)
    before = now_seconds()
    response = create_session_cookie(api, {"idToken": user["idToken"]})
    after = now_seconds()
    body = expect_status(200, response)
    cookie = body.get("sessionCookie")
    assert isinstance(cookie, str), body
    header, payload = decode_jwt(cookie)
    assert before + SESSION_COOKIE_MAX_VALID_DURATION <= payload.get("exp") \
        <= after + SESSION_COOKIE_MAX_VALID_DURATION, payload
    assert header.get("alg") == "none", header


def test_should_throw_if_valid_duration_is_too_short_or_too_long(api):
    user = register_anon_user(api)
    expect_error(create_session_cookie(api, {"idToken": user["idToken"], "validDuration": "1"}),
                 400, "INVALID_DURATION")
    expect_error(create_session_cookie(api, {"idToken": user["idToken"], "validDuration": "999999999999"}),
                 400, "INVALID_DURATION")


# accounts:lookup

def test_should_return_user_by_email_when_privileged(api):
    user = register_user(api, "bob@example.com", "password")
    body = expect_status(200, owner_post(api, PROJECT_LOOKUP, {"email": [user["email"]]}))
    assert len(body.get("users") or []) == 1, body
    assert body["users"][0]["email"] == user["email"], body


def test_should_return_user_by_email_even_when_uppercased(api):
    user = register_user(api, "foo@example.com", "password")
    body = expect_status(200, owner_post(api, PROJECT_LOOKUP, {"email": [user["email"].upper()]}))
    assert len(body.get("users") or []) == 1, body
    assert body["users"][0]["email"] == user["email"], body


def test_should_return_empty_result_when_email_is_not_found(api):
    body = expect_status(200, owner_post(api, PROJECT_LOOKUP, {"email": ["non-existent-email@example.com"]}))
    assert "users" not in body, body


def test_should_return_user_by_local_id_when_privileged(api):
    user = register_anon_user(api)
    body = expect_status(200, owner_post(api, PROJECT_LOOKUP, {"localId": [user["localId"]]}))
    assert len(body.get("users") or []) == 1, body
    assert body["users"][0]["localId"] == user["localId"], body


def test_should_deduplicate_users(api):
    user = register_anon_user(api)
    body = expect_status(200, owner_post(api, PROJECT_LOOKUP, {"localId": [user["localId"], user["localId"]]}))
    assert len(body.get("users") or []) == 1, body
    assert body["users"][0]["localId"] == user["localId"], body


def test_should_return_provider_user_info_for_phone_auth_users(api):
    user = sign_in_with_phone_number(api, TEST_PHONE_NUMBER)
    body = expect_status(200, owner_post(api, PROJECT_LOOKUP, {"localId": [user["localId"]]}))
    assert len(body.get("users") or []) == 1, body
    assert body["users"][0].get("providerUserInfo") == [
        {"phoneNumber": TEST_PHONE_NUMBER, "rawId": TEST_PHONE_NUMBER, "providerId": "phone"}], body


def test_should_return_empty_result_when_local_id_is_not_found(api):
    body = expect_status(200, owner_post(api, PROJECT_LOOKUP, {"localId": ["noSuchId"]}))
    assert "users" not in body, body


def test_should_return_user_by_tenant_id_in_id_token(api):
    tenant = register_tenant(api, PROJECT_ID, PASSWORD_TENANT)
    user = register_user(api, ALICE["email"], ALICE["password"], tenant_id=tenant["tenantId"])
    body = expect_status(200, api.post(f"{V1}/accounts:lookup", {"idToken": user["idToken"]}))
    assert len(body.get("users") or []) == 1, body
    assert body["users"][0]["localId"] == user["localId"], body


def test_lookup_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})
    response = owner_post(api, f"{V1}/accounts:lookup", {"tenantId": tenant["tenantId"]})
    expect_status(400, response)
    assert "PROJECT_DISABLED" in error_message(response), response.text


# accounts:query

def test_should_return_count_of_accounts_when_return_user_info_is_false(api):
    register_anon_user(api)
    register_anon_user(api)
    body = expect_status(200, owner_post(api, PROJECT_QUERY, {"returnUserInfo": False}))
    assert body.get("recordsCount") == "2", body  # int64 as a string
    assert "userInfo" not in body, body


def test_should_return_accounts_when_return_user_info_is_true(api):
    anonymous = register_anon_user(api)
    with_email = register_user(api, ALICE["email"], ALICE["password"])
    body = expect_status(200, owner_post(api, PROJECT_QUERY, {}))  # returnUserInfo defaults to true
    assert body.get("recordsCount") == "2", body
    users = body.get("userInfo")
    assert isinstance(users, list) and len(users) == 2, body
    assert users[0]["localId"] < users[1]["localId"], "users are not sorted by ID ASC"
    assert any(user["localId"] == anonymous["localId"] for user in users), "cannot find first registered user"
    found = [user for user in users if user["localId"] == with_email["localId"]]
    assert found, "cannot find second registered user"
    assert found[0].get("email") == ALICE["email"], found


def test_query_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})
    response = owner_post(api, PROJECT_QUERY, {"tenantId": tenant["tenantId"]})
    expect_error(response, 400, "PROJECT_DISABLED")


# emulator utility APIs

def test_should_drop_all_accounts_on_delete_emulator_v1_projects_project_id_accounts(api):
    user1 = register_user(api, ALICE["email"], ALICE["password"])
    user2 = register_user(api, BOB["email"], BOB["password"])
    expect_status(200, api.delete(f"{EMULATOR_PROJECT}/accounts", key=None))
    expect_user_not_exists_for_id_token(api, user1["idToken"])
    expect_user_not_exists_for_id_token(api, user2["idToken"])


def test_should_drop_all_accounts_on_delete_emulator_v1_projects_project_id_tenants_tenant_id_accounts(api):
    tenant = register_tenant(api, PROJECT_ID, PASSWORD_TENANT)
    tenant_id = tenant["tenantId"]
    user1 = register_user(api, ALICE["email"], ALICE["password"], tenant_id=tenant_id)
    user2 = register_user(api, BOB["email"], BOB["password"], tenant_id=tenant_id)
    expect_status(200, api.delete(f"{EMULATOR_PROJECT}/tenants/{tenant_id}/accounts", key=None))
    expect_user_not_exists_for_id_token(api, user1["idToken"], tenant_id)
    expect_user_not_exists_for_id_token(api, user2["idToken"], tenant_id)


def expect_emulator_config(response, allow_duplicate_emails, enable_improved_email_privacy):
    body = expect_status(200, response)
    assert body.get("signIn") == {"allowDuplicateEmails": allow_duplicate_emails}, body
    assert body.get("emailPrivacyConfig") == {"enableImprovedEmailPrivacy": enable_improved_email_privacy}, body


def patch_emulator_config(api, body):
    return api.patch(f"{EMULATOR_PROJECT}/config", body, key=None)


def test_should_return_config_on_get_emulator_v1_projects_project_id_config(api):
    expect_emulator_config(api.get(f"{EMULATOR_PROJECT}/config", key=None), False, False)  # the defaults


def test_should_not_throw_an_exception_on_project_id_mismatch_if_single_project_mode_is_no_warning(start_emulator):
    # firebase-tools' suite runs in single-project mode NO_WARNING; note the "wrong" project ID
    api = EmulatorAPI(start_emulator("--single-project-mode", "off").base_url)
    expect_status(200, api.get("/emulator/v1/projects/someproject/config", key=None))


def test_should_only_update_allow_duplicate_emails_on_patch_emulator_v1_projects_project_id_config(api):
    expect_emulator_config(patch_emulator_config(api, {"signIn": {"allowDuplicateEmails": True}}), True, False)
    expect_emulator_config(patch_emulator_config(api, {"signIn": {"allowDuplicateEmails": False}}), False, False)


def test_should_only_update_enable_improved_email_privacy_on_patch_emulator_v1_projects_project_id_config(api):
    expect_emulator_config(patch_emulator_config(
        api, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}}), False, True)
    expect_emulator_config(patch_emulator_config(
        api, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}}), False, False)


def test_should_update_both_allow_duplicate_emails_and_enable_improved_email_privacy_on_patch_emulator_v1_projects_project_id_config(api):  # noqa: E501
    expect_emulator_config(patch_emulator_config(api, {
        "signIn": {"allowDuplicateEmails": True},
        "emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}}), True, True)
    expect_emulator_config(patch_emulator_config(api, {
        "signIn": {"allowDuplicateEmails": False},
        "emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}}), False, False)


# emulator utility API; singleProjectMode=ERROR

def test_should_throw_an_exception_on_project_id_mismatch_if_single_project_mode_is_error(start_emulator):
    api = EmulatorAPI(start_emulator("--single-project-mode", "error").base_url)
    response = api.get("/emulator/v1/projects/someproject/config", key=None)
    expect_status(400, response)
    assert "single project mode" in error_message(response), response.text
