"""Port of firebase-tools src/emulator/auth/emailLink.spec.ts (commit a786bda)."""
from helpers import (DISPLAY_NAME, PHOTO_URL, PROJECT_ID, TEST_MFA_INFO, TEST_PHONE_NUMBER, V1,
                     create_email_sign_in_oob, decode_jwt, error_message, expect_error, expect_status,
                     get_account_info_by_local_id, get_signin_methods, inspect_oobs, register_tenant, register_user,
                     sign_in_with_phone_number, update_account_by_local_id, update_config)

SIGN_IN = f"{V1}/accounts:signInWithEmailLink"
BEFORE_CREATE_PATH = "/beforeCreate"
BEFORE_SIGN_IN_PATH = "/beforeSignIn"


def sign_in(api, body):
    return api.post(SIGN_IN, body)


def assert_members(actual, expected):
    """The same elements as `expected`, in any order (chai's `have.members`)."""
    assert isinstance(actual, list), actual
    assert sorted(actual) == sorted(expected), actual


def expect_mfa_pending(response):
    body = expect_status(200, response)
    assert "idToken" not in body, body
    assert "refreshToken" not in body, body
    assert isinstance(body.get("mfaPendingCredential"), str), body
    assert isinstance(body.get("mfaInfo"), list) and len(body["mfaInfo"]) == 1, body


def use_blocking_functions(api, functions, before_create=None, before_sign_in=None):
    """Queues each given reply on the shared fake `functions` (answered once, with 200) and registers its trigger
    with the emulator; each test ends with `functions.assert_done()` (firebase-tools' afterEach `nock.isDone()`:
    every path called exactly once, nothing else called)."""
    triggers = {}
    if before_create is not None:
        functions.reply(BEFORE_CREATE_PATH, before_create)
        triggers["beforeCreate"] = {"functionUri": functions.url(BEFORE_CREATE_PATH)}
    if before_sign_in is not None:
        functions.reply(BEFORE_SIGN_IN_PATH, before_sign_in)
        triggers["beforeSignIn"] = {"functionUri": functions.url(BEFORE_SIGN_IN_PATH)}
    update_config(api, PROJECT_ID, {"blockingFunctions": {"triggers": triggers}}, "blockingFunctions")
    return functions


def sent_jwt(functions, path):
    """The payload of the JWT the emulator sent to `path` (`data.jwt`), checked like parseBlockingFunctionJwt."""
    bodies = functions.bodies(path)
    assert len(bodies) == 1, functions.requests
    token = bodies[0]["data"]["jwt"]
    assert isinstance(token, str), bodies
    _, payload = decode_jwt(token)
    assert isinstance(payload, dict), payload
    assert isinstance(payload.get("iss"), str), payload
    assert isinstance(payload.get("aud"), str), payload
    assert "user_record" in payload, payload
    return payload


def sign_in_with_first_oob(api, email):
    create_email_sign_in_oob(api, email)
    oobs = inspect_oobs(api)
    return sign_in(api, {"oobCode": oobs[0]["oobCode"], "email": email})


def expect_new_user_tokens(response, email):
    body = expect_status(200, response)
    assert isinstance(body.get("idToken"), str), body
    assert body.get("email") == email, body
    assert body.get("isNewUser") is True, body
    return body


def assert_modified_token(id_token, with_session_claims):
    _, payload = decode_jwt(id_token)
    assert payload.get("name") == DISPLAY_NAME, payload
    assert payload.get("picture") == PHOTO_URL, payload
    assert payload.get("email_verified") is True, payload
    assert payload.get("customAttribute") == "custom", payload
    if with_session_claims:
        assert payload.get("sessionAttribute") == "session", payload


def assert_user_record(jwt, email, email_verified):
    assert jwt.get("sign_in_method") == "emailLink", jwt
    record = jwt["user_record"]
    assert isinstance(record.get("uid"), str), record
    assert record.get("email") == email, record
    assert record.get("email_verified") is email_verified, record
    assert "metadata" in record, record
    creation_time = record["metadata"].get("creation_time")
    assert isinstance(creation_time, (int, float)) and not isinstance(creation_time, bool), record


MODIFY_ON_CREATE = {"userRecord": {"updateMask": "displayName,photoUrl,emailVerified,customClaims",
                                   "displayName": DISPLAY_NAME, "photoUrl": PHOTO_URL, "emailVerified": True,
                                   "customClaims": {"customAttribute": "custom"}}}
MODIFY_ON_SIGN_IN = {"userRecord": {"updateMask": "displayName,photoUrl,emailVerified,customClaims,sessionClaims",
                                    "displayName": DISPLAY_NAME, "photoUrl": PHOTO_URL, "emailVerified": True,
                                    "customClaims": {"customAttribute": "custom"},
                                    "sessionClaims": {"sessionAttribute": "session"}}}
NOT_TESTED = {"userRecord": {"updateMask": "displayName", "displayName": "Not tested"}}


# email link sign-in

def test_should_send_oob_code_to_new_emails_and_create_account_on_sign_in(api):
    email = "alice@example.com"
    create_email_sign_in_oob(api, email)

    oobs = inspect_oobs(api)
    assert len(oobs) == 1, oobs
    assert oobs[0].get("email") == email, oobs
    assert oobs[0].get("requestType") == "EMAIL_SIGNIN", oobs

    # The oobCode signs the user in.
    body = expect_new_user_tokens(sign_in(api, {"oobCode": oobs[0]["oobCode"], "email": email}), email)
    header, payload = decode_jwt(body["idToken"])
    assert header.get("alg") == "none", header
    assert isinstance(payload.get("user_id"), str), payload
    assert "provider_id" not in payload, payload
    # The provider name is (confusingly) "password".
    assert payload["firebase"].get("sign_in_provider") == "password", payload

    assert_members(get_signin_methods(api, email), ["emailLink"])


def test_should_sign_an_existing_account_in_and_enable_email_link_sign_in_for_them(api):
    user = {"email": "bob@example.com", "password": "notasecret"}
    registered = register_user(api, user["email"], user["password"])
    oob_code = create_email_sign_in_oob(api, user["email"])["oobCode"]

    body = expect_status(200, sign_in(api, {"email": user["email"], "oobCode": oob_code}))
    assert body.get("localId") == registered["localId"], body

    looked_up = expect_status(200, api.post(f"{V1}/accounts:lookup", {"idToken": registered["idToken"]}))
    assert len(looked_up.get("users") or []) == 1, looked_up
    assert looked_up["users"][0].get("emailLinkSignin") is True, looked_up

    assert_members(get_signin_methods(api, user["email"]), ["password", "emailLink"])


def test_should_error_on_invalid_oob_code(api):
    expect_error(sign_in(api, {"email": "alice@example.com", "oobCode": "invalid"}), 400, "INVALID_OOB_CODE")


def test_should_error_if_user_is_disabled(api):
    user = register_user(api, "bob@example.com", "notasecret")
    oob_code = create_email_sign_in_oob(api, user["email"])["oobCode"]
    update_account_by_local_id(api, user["localId"], {"disableUser": True})

    expect_error(sign_in(api, {"email": user["email"], "oobCode": oob_code}), 400, "USER_DISABLED")


def test_should_error_if_email_mismatches(api):
    oob_code = create_email_sign_in_oob(api, "alice@example.com")["oobCode"]

    expect_error(sign_in(api, {"email": "NOT-alice@example.com", "oobCode": oob_code}), 400,
                 "INVALID_EMAIL : The email provided does not match the sign-in email address.")


def test_should_link_existing_account_with_id_token_to_new_email(api):
    old_email, new_email = "bob@example.com", "alice@example.com"
    user = register_user(api, old_email, "notasecret")
    oob_code = create_email_sign_in_oob(api, new_email)["oobCode"]

    body = expect_status(200, sign_in(api, {"email": new_email, "oobCode": oob_code, "idToken": user["idToken"]}))
    assert body.get("localId") == user["localId"], body
    assert body.get("email") == new_email, body

    assert_members(get_signin_methods(api, new_email), ["password", "emailLink"])
    assert get_signin_methods(api, old_email) == []


def test_should_link_existing_phone_auth_account_to_new_email(api):
    user = sign_in_with_phone_number(api, TEST_PHONE_NUMBER)
    email = "alice@example.com"
    oob_code = create_email_sign_in_oob(api, email)["oobCode"]

    body = expect_status(200, sign_in(api, {"email": email, "oobCode": oob_code, "idToken": user["idToken"]}))
    assert body.get("localId") == user["localId"], body
    assert body.get("email") == email, body

    # No "phone": phone sign-in is not tied to an email address.
    assert_members(get_signin_methods(api, email), ["emailLink"])


def test_should_error_when_trying_to_link_an_email_already_used_in_another_account(api):
    id_token = sign_in_with_phone_number(api, TEST_PHONE_NUMBER)["idToken"]
    email = "alice@example.com"
    register_user(api, email, "notasecret")
    oob_code = create_email_sign_in_oob(api, email)["oobCode"]

    expect_error(sign_in(api, {"email": email, "oobCode": oob_code, "idToken": id_token}), 400, "EMAIL_EXISTS")


def test_should_error_if_user_to_be_linked_is_disabled(api):
    user = register_user(api, "alice@example.com", "notasecret")
    update_account_by_local_id(api, user["localId"], {"disableUser": True})

    oob_code = create_email_sign_in_oob(api, user["email"])["oobCode"]

    expect_error(sign_in(api, {"email": user["email"], "oobCode": oob_code, "idToken": user["idToken"]}), 400,
                 "USER_DISABLED")


def test_should_return_pending_credential_if_user_has_mfa(api):
    user = register_user(api, "alice@example.com", "notasecret", mfa_info=[TEST_MFA_INFO])
    oob_code = create_email_sign_in_oob(api, user["email"])["oobCode"]

    expect_mfa_pending(sign_in(api, {"email": user["email"], "oobCode": oob_code, "idToken": user["idToken"]}))


def test_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    response = sign_in(api, {"tenantId": tenant["tenantId"]})
    expect_status(400, response)
    assert "PROJECT_DISABLED" in error_message(response), response.text


def test_should_error_if_email_link_sign_in_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False, "enableEmailLinkSignin": False})

    response = sign_in(api, {"tenantId": tenant["tenantId"]})
    expect_status(400, response)
    assert "OPERATION_NOT_ALLOWED" in error_message(response), response.text


def test_should_create_account_on_sign_in_with_tenant_id(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False, "enableEmailLinkSignin": True})
    email = "alice@example.com"
    oob_code = create_email_sign_in_oob(api, email, tenant["tenantId"])["oobCode"]

    body = expect_status(200, sign_in(api, {"oobCode": oob_code, "email": email, "tenantId": tenant["tenantId"]}))

    user = get_account_info_by_local_id(api, body.get("localId"), tenant["tenantId"])
    assert user.get("tenantId") == tenant["tenantId"], user


def test_should_return_pending_credential_if_user_has_mfa_and_enabled_on_tenant_projects(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False, "enableEmailLinkSignin": True,
                                               "allowPasswordSignup": True, "mfaConfig": {"state": "ENABLED"}})
    user = register_user(api, "alice@example.com", "notasecret", mfa_info=[TEST_MFA_INFO],
                         tenant_id=tenant["tenantId"])
    oob_code = create_email_sign_in_oob(api, user["email"], tenant["tenantId"])["oobCode"]

    expect_mfa_pending(sign_in(api, {"email": user["email"], "oobCode": oob_code, "idToken": user["idToken"],
                                     "tenantId": tenant["tenantId"]}))


# email link sign-in, when blocking functions are present

def test_should_update_modifiable_fields_for_account_creation(api, functions):
    use_blocking_functions(api, functions, before_create=MODIFY_ON_CREATE)
    email = "alice@example.com"

    body = expect_new_user_tokens(sign_in_with_first_oob(api, email), email)
    assert_modified_token(body["idToken"], with_session_claims=False)
    functions.assert_done()


def test_should_pass_user_info_in_the_request_body_to_before_create(api, functions):
    use_blocking_functions(api, functions, before_create=NOT_TESTED)
    email = "alice@example.com"

    expect_status(200, sign_in_with_first_oob(api, email))

    assert_user_record(sent_jwt(functions, BEFORE_CREATE_PATH), email, email_verified=True)
    functions.assert_done()


def test_should_pass_user_info_in_the_request_body_to_before_sign_in(api, functions):
    use_blocking_functions(api, functions, before_sign_in=NOT_TESTED)
    email = "alice@example.com"

    expect_status(200, sign_in_with_first_oob(api, email))

    assert_user_record(sent_jwt(functions, BEFORE_SIGN_IN_PATH), email, email_verified=True)
    functions.assert_done()


def test_should_pass_user_info_in_the_request_body_to_before_sign_in_and_include_modifiable_fields_from_before_create(
        api, functions):
    use_blocking_functions(
        api, functions,
        before_create={"userRecord": {"updateMask": "displayName,photoUrl,emailVerified,customClaims",
                                      "displayName": DISPLAY_NAME, "photoUrl": PHOTO_URL, "emailVerified": False,
                                      "customClaims": {"customAttribute": "custom"}}},
        before_sign_in=NOT_TESTED)
    email = "alice@example.com"

    expect_status(200, sign_in_with_first_oob(api, email))

    jwt = sent_jwt(functions, BEFORE_SIGN_IN_PATH)
    assert_user_record(jwt, email, email_verified=False)
    record = jwt["user_record"]
    assert record.get("display_name") == DISPLAY_NAME, record
    assert record.get("photo_url") == PHOTO_URL, record
    assert record.get("custom_claims") == {"customAttribute": "custom"}, record
    functions.assert_done()


def test_should_update_modifiable_fields_before_sign_in(api, functions):
    use_blocking_functions(api, functions, before_sign_in=MODIFY_ON_SIGN_IN)
    email = "alice@example.com"

    body = expect_new_user_tokens(sign_in_with_first_oob(api, email), email)
    assert_modified_token(body["idToken"], with_session_claims=True)
    functions.assert_done()


def test_before_sign_in_fields_should_overwrite_before_create_fields(api, functions):
    use_blocking_functions(
        api, functions,
        before_create={"userRecord": {"updateMask": "displayName,photoUrl,emailVerified,customClaims",
                                      "displayName": "oldDisplayName", "photoUrl": "oldPhotoUrl",
                                      "emailVerified": False, "customClaims": {"customAttribute": "oldCustom"}}},
        before_sign_in=MODIFY_ON_SIGN_IN)
    email = "alice@example.com"

    body = expect_new_user_tokens(sign_in_with_first_oob(api, email), email)
    assert_modified_token(body["idToken"], with_session_claims=True)
    functions.assert_done()


def test_should_update_modifiable_fields_before_sign_in_for_existing_accounts(api, functions):
    user = {"email": "bob@example.com", "password": "notasecret"}
    local_id = register_user(api, user["email"], user["password"])["localId"]
    oob_code = create_email_sign_in_oob(api, user["email"])["oobCode"]
    use_blocking_functions(api, functions, before_sign_in=MODIFY_ON_SIGN_IN)

    body = expect_status(200, sign_in(api, {"email": user["email"], "oobCode": oob_code}))
    assert body.get("localId") == local_id, body
    assert isinstance(body.get("idToken"), str), body
    assert body.get("email") == user["email"], body
    assert body.get("isNewUser") is False, body
    assert_modified_token(body["idToken"], with_session_claims=True)
    functions.assert_done()


def test_should_error_after_disabling_user(api, functions):
    use_blocking_functions(api, functions,
                           before_create={"userRecord": {"updateMask": "disabled", "disabled": True}})

    expect_error(sign_in_with_first_oob(api, "alice@example.com"), 400, "USER_DISABLED")
    functions.assert_done()
