"""Port of firebase-tools src/emulator/auth/phone.spec.ts (commit a786bda)."""

from helpers import (
    DISPLAY_NAME, PHOTO_URL, PROJECT_ID, TEST_MFA_INFO, TEST_PHONE_NUMBER, TEST_PHONE_NUMBER_2, V1, decode_jwt,
    enroll_phone_mfa, expect_error, expect_status, inspect_verification_codes, register_anon_user,
    register_tenant, register_user, sign_in_with_phone_number, update_account_by_local_id, update_config,
)

SEND_CODE = f"{V1}/accounts:sendVerificationCode"
SIGN_IN = f"{V1}/accounts:signInWithPhoneNumber"
BEFORE_CREATE_PATH = "/beforeCreate"
BEFORE_SIGN_IN_PATH = "/beforeSignIn"
UNSUPPORTED_FIRST_FACTOR = \
    "UNSUPPORTED_FIRST_FACTOR : A phone number cannot be set as a first factor on an SMS based MFA user."


def send_code(api, phone_number):
    """accounts:sendVerificationCode for `phone_number`; returns the sessionInfo."""
    body = expect_status(200, api.post(SEND_CODE, {"phoneNumber": phone_number, "recaptchaToken": "ignored"}))
    return body.get("sessionInfo")


def first_code(api):
    return inspect_verification_codes(api)[0]["code"]


def use_triggers(api, functions, *paths):
    """Points the project's blocking-function triggers (beforeCreate / beforeSignIn) at the fake functions."""
    triggers = {path.lstrip("/"): {"functionUri": functions.host + path} for path in paths}
    update_config(api, PROJECT_ID, {"blockingFunctions": {"triggers": triggers}}, "blockingFunctions")


def expect_new_phone_user(response, phone_number):
    """A 200 signInWithPhoneNumber answer for a new user; returns the ID token's payload."""
    body = expect_status(200, response)
    assert body.get("isNewUser") is True, body
    assert body.get("phoneNumber") == phone_number, body
    assert isinstance(body.get("refreshToken"), str), body
    header, payload = decode_jwt(body["idToken"])
    assert header["alg"] == "none", header
    return payload


def assert_blocking_fields(payload, session_claims=True):
    assert payload.get("name") == DISPLAY_NAME, payload
    assert payload.get("picture") == PHOTO_URL, payload
    assert payload.get("email_verified") is True, payload
    assert payload.get("customAttribute") == "custom", payload
    if session_claims:
        assert payload.get("sessionAttribute") == "session", payload


FULL_SIGN_IN_RECORD = {"userRecord": {
    "updateMask": "displayName,photoUrl,emailVerified,customClaims,sessionClaims",
    "displayName": DISPLAY_NAME,
    "photoUrl": PHOTO_URL,
    "emailVerified": True,
    "customClaims": {"customAttribute": "custom"},
    "sessionClaims": {"sessionAttribute": "session"},
}}


# phone auth sign-in

def test_should_return_fake_recaptcha_params(api):
    body = expect_status(200, api.get(f"{V1}/recaptchaParams"))
    assert isinstance(body.get("recaptchaStoken"), str), body
    assert isinstance(body.get("recaptchaSiteKey"), str), body


def test_should_pretend_to_send_a_verification_code_via_sms(api):
    phone_number = TEST_PHONE_NUMBER

    body = expect_status(200, api.post(SEND_CODE, {"phoneNumber": phone_number, "recaptchaToken": "ignored"}))
    session_info = body.get("sessionInfo")
    assert isinstance(session_info, str), body

    codes = inspect_verification_codes(api)
    assert len(codes) == 1, codes
    assert codes[0]["phoneNumber"] == phone_number, codes
    assert codes[0]["sessionInfo"] == session_info, codes
    assert isinstance(codes[0]["code"], str), codes


def test_should_error_when_phone_number_is_missing_when_calling_send_verification_code(api):
    # Production answers INVALID_PHONE_NUMBER here too, not MISSING_PHONE_NUMBER.
    expect_error(api.post(SEND_CODE, {"recaptchaToken": "ignored"}), 400, "INVALID_PHONE_NUMBER : Invalid format.")


def test_should_error_when_phone_number_is_invalid(api):
    response = api.post(SEND_CODE, {"recaptchaToken": "ignored", "phoneNumber": "invalid"})
    expect_error(response, 400, "INVALID_PHONE_NUMBER : Invalid format.")


def test_should_error_on_send_verification_code_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    expect_error(api.post(SEND_CODE, {"tenantId": tenant["tenantId"]}), 400, "PROJECT_DISABLED")


def test_should_error_on_send_verification_code_for_tenant_projects(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False})

    expect_error(api.post(SEND_CODE, {"tenantId": tenant["tenantId"]}), 400, "UNSUPPORTED_TENANT_OPERATION")


def test_should_create_new_account_by_verifying_phone_number(api):
    phone_number = TEST_PHONE_NUMBER
    session_info = send_code(api, phone_number)
    code = first_code(api)

    payload = expect_new_phone_user(api.post(SIGN_IN, {"sessionInfo": session_info, "code": code}), phone_number)
    assert isinstance(payload.get("user_id"), str), payload
    assert payload.get("phone_number") == phone_number, payload
    assert "provider_id" not in payload, payload
    assert payload["firebase"].get("sign_in_provider") == "phone", payload
    assert payload["firebase"].get("identities") == {"phone": [phone_number]}, payload


def test_should_error_when_session_info_or_code_is_missing_for_sign_in_with_phone_number(api):
    expect_error(api.post(SIGN_IN, {"code": "123456"}), 400, "MISSING_SESSION_INFO")

    expect_error(api.post(SIGN_IN, {"sessionInfo": "something-something"}), 400, "MISSING_CODE")


def test_should_error_when_session_info_or_code_is_invalid(api):
    session_info = send_code(api, TEST_PHONE_NUMBER)
    code = first_code(api)

    expect_error(api.post(SIGN_IN, {"sessionInfo": "totally-invalid", "code": code}), 400, "INVALID_SESSION_INFO")

    # The code with a "1" appended cannot match: there is no other pending code.
    expect_error(api.post(SIGN_IN, {"sessionInfo": session_info, "code": code + "1"}), 400, "INVALID_CODE")


def test_should_error_if_user_is_disabled(api):
    phone_number = TEST_PHONE_NUMBER
    local_id = sign_in_with_phone_number(api, phone_number)["localId"]
    update_account_by_local_id(api, local_id, {"disableUser": True})

    session_info = send_code(api, phone_number)
    code = first_code(api)

    expect_error(api.post(SIGN_IN, {"sessionInfo": session_info, "code": code}), 400, "USER_DISABLED")


def test_should_link_phone_number_to_existing_account_by_id_token(api):
    anon = register_anon_user(api)
    phone_number = TEST_PHONE_NUMBER
    session_info = send_code(api, phone_number)
    code = first_code(api)

    body = expect_status(200, api.post(SIGN_IN, {"sessionInfo": session_info, "code": code,
                                                 "idToken": anon["idToken"]}))
    assert body.get("isNewUser") is False, body
    assert body.get("phoneNumber") == phone_number, body
    assert body.get("localId") == anon["localId"], body


def test_should_error_if_user_to_be_linked_is_disabled(api):
    anon = register_anon_user(api)
    update_account_by_local_id(api, anon["localId"], {"disableUser": True})

    session_info = send_code(api, TEST_PHONE_NUMBER)
    code = first_code(api)

    response = api.post(SIGN_IN, {"sessionInfo": session_info, "code": code, "idToken": anon["idToken"]})
    expect_error(response, 400, "USER_DISABLED")


def test_should_error_when_linking_phone_number_to_existing_user_with_mfa(api):
    id_token = register_user(api, "alice@example.com", "notasecret", mfa_info=[TEST_MFA_INFO])["idToken"]

    session_info = send_code(api, TEST_PHONE_NUMBER)
    code = first_code(api)

    response = api.post(SIGN_IN, {"sessionInfo": session_info, "code": code, "idToken": id_token})
    expect_error(response, 400, UNSUPPORTED_FIRST_FACTOR)


def test_should_error_if_user_has_mfa(api):
    phone_number = TEST_PHONE_NUMBER
    user = register_user(api, "alice@example.com", "notasecret")
    update_account_by_local_id(api, user["localId"], {"emailVerified": True, "phoneNumber": phone_number})
    enroll_phone_mfa(api, user["idToken"], TEST_PHONE_NUMBER_2)

    expect_error(api.post(SEND_CODE, {"phoneNumber": phone_number}), 400, UNSUPPORTED_FIRST_FACTOR)

    codes = inspect_verification_codes(api)
    assert codes == [], codes


def test_should_return_temporary_proof_if_phone_number_already_belongs_to_another_account(api):
    phone_number = TEST_PHONE_NUMBER
    sign_in_with_phone_number(api, phone_number)  # the number now belongs to an account

    id_token = register_anon_user(api)["idToken"]
    session_info = send_code(api, phone_number)
    code = first_code(api)

    # Linking fails, but the answer is still a success carrying a temporaryProof, so that the client may call
    # again without verifying the number again.
    body = expect_status(200, api.post(SIGN_IN, {"sessionInfo": session_info, "code": code, "idToken": id_token}))
    assert "idToken" not in body, body
    assert body.get("phoneNumber") == phone_number, body
    temporary_proof = body.get("temporaryProof")
    assert isinstance(temporary_proof, str), body

    # Called again with the temporaryProof, the real error comes back.
    response = api.post(SIGN_IN, {"idToken": id_token, "phoneNumber": phone_number,
                                  "temporaryProof": temporary_proof})
    expect_error(response, 400, "PHONE_NUMBER_EXISTS")


def test_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    expect_error(api.post(SIGN_IN, {"tenantId": tenant["tenantId"]}), 400, "PROJECT_DISABLED")


def test_should_error_if_called_on_tenant_project(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False})

    expect_error(api.post(SIGN_IN, {"tenantId": tenant["tenantId"]}), 400, "UNSUPPORTED_TENANT_OPERATION")


# phone auth sign-in, when blocking functions are present

def test_should_update_modifiable_fields_for_new_users(api, functions):
    use_triggers(api, functions, BEFORE_CREATE_PATH)
    functions.reply(BEFORE_CREATE_PATH, {"userRecord": {
        "updateMask": "displayName,photoUrl,emailVerified,customClaims",
        "displayName": DISPLAY_NAME,
        "photoUrl": PHOTO_URL,
        "emailVerified": True,
        "customClaims": {"customAttribute": "custom"},
    }})
    phone_number = TEST_PHONE_NUMBER
    session_info = send_code(api, phone_number)
    code = first_code(api)

    payload = expect_new_phone_user(api.post(SIGN_IN, {"sessionInfo": session_info, "code": code}), phone_number)
    assert_blocking_fields(payload, session_claims=False)
    functions.assert_done()


def test_should_update_modifiable_fields_for_existing_users(api, functions):
    use_triggers(api, functions, BEFORE_SIGN_IN_PATH)
    functions.reply(BEFORE_SIGN_IN_PATH, FULL_SIGN_IN_RECORD)
    phone_number = TEST_PHONE_NUMBER
    session_info = send_code(api, phone_number)
    code = first_code(api)

    payload = expect_new_phone_user(api.post(SIGN_IN, {"sessionInfo": session_info, "code": code}), phone_number)
    assert_blocking_fields(payload)
    functions.assert_done()


def test_before_sign_in_fields_should_overwrite_before_create_fields(api, functions):
    use_triggers(api, functions, BEFORE_CREATE_PATH, BEFORE_SIGN_IN_PATH)
    functions.reply(BEFORE_CREATE_PATH, {"userRecord": {
        "updateMask": "displayName,photoUrl,emailVerified,customClaims",
        "displayName": "oldDisplayName",
        "photoUrl": "oldPhotoUrl",
        "emailVerified": False,
        "customClaims": {"customAttribute": "oldCustom"},
    }})
    functions.reply(BEFORE_SIGN_IN_PATH, FULL_SIGN_IN_RECORD)
    phone_number = TEST_PHONE_NUMBER
    session_info = send_code(api, phone_number)
    code = first_code(api)

    payload = expect_new_phone_user(api.post(SIGN_IN, {"sessionInfo": session_info, "code": code}), phone_number)
    assert_blocking_fields(payload)
    functions.assert_done()


def test_should_disable_user_if_set(api, functions):
    use_triggers(api, functions, BEFORE_CREATE_PATH)
    functions.reply(BEFORE_CREATE_PATH, {"userRecord": {"updateMask": "disabled", "disabled": True}})
    session_info = send_code(api, TEST_PHONE_NUMBER)
    code = first_code(api)

    expect_error(api.post(SIGN_IN, {"sessionInfo": session_info, "code": code}), 400, "USER_DISABLED")
    functions.assert_done()
