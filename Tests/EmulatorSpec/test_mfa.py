"""Port of firebase-tools src/emulator/auth/mfa.spec.ts (commit a786bda)."""
import datetime
import re
import time

from helpers import (
    DISPLAY_NAME, PHOTO_URL, PROJECT_ID, TEST_PHONE_NUMBER, TEST_PHONE_NUMBER_2, TEST_PHONE_NUMBER_OBFUSCATED, V1,
    V2, decode_jwt, enroll_phone_mfa, error_message, expect_error, expect_status, get_account_info_by_id_token,
    get_account_info_by_local_id, inspect_verification_codes, register_tenant, register_user,
    sign_in_with_email_link, sign_in_with_password, sign_in_with_phone_number, update_account_by_local_id,
    update_config,
)

ENROLLMENT_START = f"{V2}/accounts/mfaEnrollment:start"
ENROLLMENT_FINALIZE = f"{V2}/accounts/mfaEnrollment:finalize"
ENROLLMENT_WITHDRAW = f"{V2}/accounts/mfaEnrollment:withdraw"
SIGN_IN_START = f"{V2}/accounts/mfaSignIn:start"
SIGN_IN_FINALIZE = f"{V2}/accounts/mfaSignIn:finalize"
BEFORE_SIGN_IN_PATH = "/beforeSignIn"
ISO_MILLIS = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


def now_ms():
    return int(time.time() * 1000)


def iso_ms(text):
    """Milliseconds since the epoch of a `Date.toISOString()` string."""
    assert ISO_MILLIS.match(text), text
    moment = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc)
    return round(moment.timestamp() * 1000)


def disabled_auth_tenant(api):
    return register_tenant(api, PROJECT_ID, {"disableAuth": True})["tenantId"]


def mfa_disabled_tenant(api):
    return register_tenant(api, PROJECT_ID, {"disableAuth": False, "mfaConfig": {"state": "DISABLED"}})["tenantId"]


def sms_not_enabled_tenant(api):
    return register_tenant(api, PROJECT_ID, {"disableAuth": False, "mfaConfig": {
        "state": "ENABLED", "enabledProviders": ["PROVIDER_UNSPECIFIED"]}})["tenantId"]


def expect_message_contains(response, status, fragment):
    expect_status(status, response)
    assert fragment in error_message(response), response.text


def assert_second_factor(id_token, enrollment_id):
    _, payload = decode_jwt(id_token)
    assert payload["firebase"].get("sign_in_second_factor") == "phone", payload
    assert payload["firebase"].get("second_factor_identifier") == enrollment_id, payload
    return payload


def use_before_sign_in(api, functions):
    update_config(api, PROJECT_ID, {"blockingFunctions": {"triggers": {"beforeSignIn": {
        "functionUri": functions.host + BEFORE_SIGN_IN_PATH}}}}, "blockingFunctions")


def start_mfa_sign_in(api, email, password):
    """Registers a verified user with phone MFA, signs in with the password, and starts the MFA sign-in.
    Returns (mfaPendingCredential, mfaEnrollmentId, sessionInfo, code)."""
    user = register_user(api, email, password)
    update_account_by_local_id(api, user["localId"], {"emailVerified": True})
    enroll_phone_mfa(api, user["idToken"], TEST_PHONE_NUMBER)

    pending = sign_in_with_password(api, email, password, extract_mfa_pending=True)
    body = expect_status(200, api.post(SIGN_IN_START, {
        "mfaEnrollmentId": pending["mfaEnrollmentId"], "mfaPendingCredential": pending["mfaPendingCredential"]}))
    session_info = body["phoneResponseInfo"]["sessionInfo"]
    assert isinstance(session_info, str), body
    code = inspect_verification_codes(api)[0]["code"]
    return pending["mfaPendingCredential"], pending["mfaEnrollmentId"], session_info, code


# mfa enrollment

def test_should_error_if_account_does_not_have_email_verified(api):
    id_token = register_user(api, "unverified@example.com", "testing")["idToken"]

    response = api.post(ENROLLMENT_START, {"idToken": id_token,
                                           "phoneEnrollmentInfo": {"phoneNumber": TEST_PHONE_NUMBER}})
    expect_error(response, 400, "UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.")


def test_should_allow_phone_enrollment_for_an_existing_account(api):
    phone_number = TEST_PHONE_NUMBER
    id_token = sign_in_with_email_link(api, "foo@example.com")["idToken"]

    body = expect_status(200, api.post(ENROLLMENT_START, {"idToken": id_token,
                                                          "phoneEnrollmentInfo": {"phoneNumber": phone_number}}))
    session_info = body["phoneSessionInfo"]["sessionInfo"]
    assert isinstance(session_info, str), body

    codes = inspect_verification_codes(api)
    assert len(codes) == 1, codes
    assert codes[0]["phoneNumber"] == phone_number, codes
    assert codes[0]["sessionInfo"] == session_info, codes
    assert isinstance(codes[0]["code"], str), codes
    code = codes[0]["code"]

    body = expect_status(200, api.post(ENROLLMENT_FINALIZE, {
        "idToken": id_token, "phoneVerificationInfo": {"code": code, "sessionInfo": session_info}}))
    assert isinstance(body.get("idToken"), str), body
    assert isinstance(body.get("refreshToken"), str), body

    user = get_account_info_by_id_token(api, id_token)
    assert isinstance(user.get("mfaInfo"), list) and len(user["mfaInfo"]) == 1, user
    assert user["mfaInfo"][0]["phoneInfo"] == phone_number, user
    assert_second_factor(body["idToken"], user["mfaInfo"][0]["mfaEnrollmentId"])


def test_should_error_if_phone_enrollment_info_is_not_specified(api):
    id_token = sign_in_with_email_link(api, "foo@example.com")["idToken"]

    expect_message_contains(api.post(ENROLLMENT_START, {"idToken": id_token}), 400, "INVALID_ARGUMENT")


def test_should_error_if_phone_number_is_invalid(api):
    id_token = sign_in_with_email_link(api, "foo@example.com")["idToken"]

    response = api.post(ENROLLMENT_START, {"idToken": id_token,
                                           "phoneEnrollmentInfo": {"phoneNumber": "notaphonenumber"}})
    expect_message_contains(response, 400, "INVALID_PHONE_NUMBER")


def test_should_error_if_phone_number_is_a_duplicate(api):
    id_token = sign_in_with_email_link(api, "foo@example.com")["idToken"]
    enroll_phone_mfa(api, id_token, TEST_PHONE_NUMBER)

    response = api.post(ENROLLMENT_START, {"idToken": id_token,
                                           "phoneEnrollmentInfo": {"phoneNumber": TEST_PHONE_NUMBER}})
    expect_error(response, 400,
                 "SECOND_FACTOR_EXISTS : Phone number already enrolled as second factor for this account.")


def test_should_error_if_sign_in_method_of_id_token_is_ineligible_for_mfa(api):
    user = sign_in_with_phone_number(api, TEST_PHONE_NUMBER)
    update_account_by_local_id(api, user["localId"], {"email": "bob@example.com", "emailVerified": True})

    response = api.post(ENROLLMENT_START, {"idToken": user["idToken"],
                                           "phoneEnrollmentInfo": {"phoneNumber": TEST_PHONE_NUMBER_2}})
    expect_error(response, 400, "UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.")


def test_should_error_on_mfa_enrollment_start_if_auth_is_disabled(api):
    tenant_id = disabled_auth_tenant(api)

    expect_error(api.post(ENROLLMENT_START, {"tenantId": tenant_id}), 400, "PROJECT_DISABLED")


def test_should_error_on_mfa_enrollment_start_if_mfa_is_disabled(api):
    tenant_id = mfa_disabled_tenant(api)

    expect_message_contains(api.post(ENROLLMENT_START, {"tenantId": tenant_id}), 400, "OPERATION_NOT_ALLOWED")


def test_should_error_on_mfa_enrollment_start_if_phone_sms_is_not_an_enabled_provider(api):
    tenant_id = sms_not_enabled_tenant(api)

    expect_message_contains(api.post(ENROLLMENT_START, {"tenantId": tenant_id}), 400, "OPERATION_NOT_ALLOWED")


def test_should_error_on_mfa_enrollment_finalize_if_auth_is_disabled(api):
    tenant_id = disabled_auth_tenant(api)

    expect_error(api.post(ENROLLMENT_FINALIZE, {"tenantId": tenant_id}), 400, "PROJECT_DISABLED")


def test_should_error_on_mfa_enrollment_finalize_if_mfa_is_disabled(api):
    tenant_id = mfa_disabled_tenant(api)

    expect_message_contains(api.post(ENROLLMENT_FINALIZE, {"tenantId": tenant_id}), 400, "OPERATION_NOT_ALLOWED")


def test_should_error_on_mfa_enrollment_finalize_if_phone_sms_is_not_an_enabled_provider(api):
    tenant_id = sms_not_enabled_tenant(api)

    expect_message_contains(api.post(ENROLLMENT_FINALIZE, {"tenantId": tenant_id}), 400, "OPERATION_NOT_ALLOWED")


def test_should_allow_sign_in_with_pending_credential_for_mfa_enabled_user(api):
    email, password = "foo@example.com", "abcdef"
    user = register_user(api, email, password)
    update_account_by_local_id(api, user["localId"], {"emailVerified": True})
    enroll_phone_mfa(api, user["idToken"], TEST_PHONE_NUMBER)
    before_sign_in = get_account_info_by_local_id(api, user["localId"])

    time.sleep(0.05)  # firebase-tools ticks its fake clock by 3333 ms

    body = expect_status(200, api.post(f"{V1}/accounts:signInWithPassword", {"email": email, "password": password}))
    assert "idToken" not in body, body
    assert "refreshToken" not in body, body
    pending_credential = body.get("mfaPendingCredential")
    assert isinstance(pending_credential, str), body
    mfa_info = body.get("mfaInfo")
    assert isinstance(mfa_info, list) and len(mfa_info) == 1, body
    assert mfa_info[0].get("phoneInfo") == TEST_PHONE_NUMBER_OBFUSCATED, body
    # The unobfuscated number must not be exposed right after the first factor. (firebase-tools checks the
    # property on the phoneInfo string, which holds trivially; the enrollment object is what it means.)
    assert "unobfuscatedPhoneInfo" not in mfa_info[0], body
    enrollment_id = mfa_info[0]["mfaEnrollmentId"]

    # Login / refresh timestamps do not change until the second factor succeeds.
    after_first_factor = get_account_info_by_local_id(api, user["localId"])
    assert after_first_factor.get("lastLoginAt") == before_sign_in.get("lastLoginAt"), \
        (before_sign_in, after_first_factor)
    assert after_first_factor.get("lastRefreshAt") == before_sign_in.get("lastRefreshAt"), \
        (before_sign_in, after_first_factor)

    time.sleep(0.05)  # 4444 ms in firebase-tools

    body = expect_status(200, api.post(SIGN_IN_START, {"mfaEnrollmentId": enrollment_id,
                                                       "mfaPendingCredential": pending_credential}))
    session_info = body["phoneResponseInfo"]["sessionInfo"]
    assert isinstance(session_info, str), body

    code = inspect_verification_codes(api)[0]["code"]

    time.sleep(0.05)  # 5555 ms in firebase-tools

    # firebase-tools' clock stands still, so the timestamps equal "now" exactly; with real time the same fact is
    # that they are the time of the finalize request, to the millisecond.
    started = now_ms()
    body = expect_status(200, api.post(SIGN_IN_FINALIZE, {
        "mfaPendingCredential": pending_credential,
        "phoneVerificationInfo": {"sessionInfo": session_info, "code": code}}))
    finished = now_ms()
    assert isinstance(body.get("idToken"), str), body
    assert isinstance(body.get("refreshToken"), str), body
    assert_second_factor(body["idToken"], enrollment_id)

    after_mfa = get_account_info_by_local_id(api, user["localId"])
    assert started <= int(after_mfa["lastLoginAt"]) <= finished, (started, after_mfa, finished)
    assert started <= iso_ms(after_mfa["lastRefreshAt"]) <= finished, (started, after_mfa, finished)


def test_should_error_on_mfa_sign_in_start_if_auth_is_disabled(api):
    tenant_id = disabled_auth_tenant(api)

    expect_error(api.post(SIGN_IN_START, {"tenantId": tenant_id}), 400, "PROJECT_DISABLED")


def test_should_error_on_mfa_sign_in_start_if_mfa_is_disabled(api):
    tenant_id = mfa_disabled_tenant(api)

    expect_message_contains(api.post(SIGN_IN_START, {"tenantId": tenant_id}), 400, "OPERATION_NOT_ALLOWED")


def test_should_error_on_mfa_sign_in_start_if_phone_sms_is_not_an_enabled_provider(api):
    tenant_id = sms_not_enabled_tenant(api)

    expect_message_contains(api.post(SIGN_IN_START, {"tenantId": tenant_id}), 400, "OPERATION_NOT_ALLOWED")


def test_should_error_on_mfa_sign_in_finalize_if_auth_is_disabled(api):
    tenant_id = disabled_auth_tenant(api)

    expect_error(api.post(SIGN_IN_FINALIZE, {"tenantId": tenant_id}), 400, "PROJECT_DISABLED")


def test_should_error_on_mfa_sign_in_finalize_if_mfa_is_disabled(api):
    tenant_id = mfa_disabled_tenant(api)

    expect_message_contains(api.post(SIGN_IN_FINALIZE, {"tenantId": tenant_id}), 400, "OPERATION_NOT_ALLOWED")


def test_should_error_on_mfa_sign_in_finalize_if_phone_sms_is_not_an_enabled_provider(api):
    tenant_id = sms_not_enabled_tenant(api)

    expect_message_contains(api.post(SIGN_IN_FINALIZE, {"tenantId": tenant_id}), 400, "OPERATION_NOT_ALLOWED")


def test_should_allow_withdrawing_mfa_for_a_user(api):
    first_token = sign_in_with_email_link(api, "foo@example.com")["idToken"]
    id_token = enroll_phone_mfa(api, first_token, TEST_PHONE_NUMBER)["idToken"]

    mfa_info = get_account_info_by_id_token(api, id_token).get("mfaInfo")
    assert isinstance(mfa_info, list) and len(mfa_info) == 1, mfa_info
    enrollment_id = mfa_info[0]["mfaEnrollmentId"]

    body = expect_status(200, api.post(ENROLLMENT_WITHDRAW, {"idToken": id_token, "mfaEnrollmentId": enrollment_id}))
    assert isinstance(body.get("idToken"), str), body
    assert isinstance(body.get("refreshToken"), str), body
    _, payload = decode_jwt(body["idToken"])
    assert "sign_in_second_factor" not in payload["firebase"], payload
    assert "second_factor_identifier" not in payload["firebase"], payload

    after = get_account_info_by_id_token(api, id_token)
    # chai's `lengthOf(0)` needs the property to be there, as an empty array.
    assert after.get("mfaInfo") == [], after


def test_should_error_on_mfa_enrollment_withdraw_if_auth_is_disabled(api):
    tenant_id = disabled_auth_tenant(api)

    expect_error(api.post(ENROLLMENT_WITHDRAW, {"tenantId": tenant_id}), 400, "PROJECT_DISABLED")


# mfa enrollment, when blocking functions are present

def test_mfa_sign_in_finalize_should_update_modifiable_fields_before_sign_in(api, functions):
    pending_credential, enrollment_id, session_info, code = start_mfa_sign_in(api, "foo@example.com", "abcdef")

    use_before_sign_in(api, functions)
    functions.reply(BEFORE_SIGN_IN_PATH, {"userRecord": {
        "updateMask": "displayName,photoUrl,emailVerified,customClaims,sessionClaims",
        "displayName": DISPLAY_NAME,
        "photoUrl": PHOTO_URL,
        "emailVerified": True,
        "customClaims": {"customAttribute": "custom"},
        "sessionClaims": {"sessionAttribute": "session"},
    }})

    body = expect_status(200, api.post(SIGN_IN_FINALIZE, {
        "mfaPendingCredential": pending_credential,
        "phoneVerificationInfo": {"sessionInfo": session_info, "code": code}}))
    assert isinstance(body.get("idToken"), str), body
    assert isinstance(body.get("refreshToken"), str), body
    payload = assert_second_factor(body["idToken"], enrollment_id)
    assert payload.get("name") == DISPLAY_NAME, payload
    assert payload.get("picture") == PHOTO_URL, payload
    assert payload.get("email_verified") is True, payload
    assert payload.get("customAttribute") == "custom", payload
    assert payload.get("sessionAttribute") == "session", payload
    functions.assert_done()


def test_mfa_sign_in_finalize_should_disable_user_if_set(api, functions):
    pending_credential, _, session_info, code = start_mfa_sign_in(api, "foo@example.com", "abcdef")

    use_before_sign_in(api, functions)
    functions.reply(BEFORE_SIGN_IN_PATH, {"userRecord": {"updateMask": "disabled", "disabled": True}})

    response = api.post(SIGN_IN_FINALIZE, {
        "mfaPendingCredential": pending_credential,
        "phoneVerificationInfo": {"sessionInfo": session_info, "code": code}})
    expect_error(response, 400, "USER_DISABLED")
    functions.assert_done()
