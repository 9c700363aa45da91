"""Port of firebase-tools src/emulator/auth/setAccountInfo.spec.ts (commit a786bda)."""
import json
import time

from helpers import (
    PROJECT_ID, TEST_INVALID_PHONE_NUMBER, TEST_MFA_INFO, TEST_PHONE_NUMBER, TEST_PHONE_NUMBER_2,
    TEST_PHONE_NUMBER_3, V1, decode_jwt, error_message, expect_error, expect_id_token_expired, expect_status,
    get_account_info_by_id_token, get_signin_methods, inspect_oobs, register_anon_user, register_tenant,
    register_user, sign_in_with_email_link, sign_in_with_fake_claims, sign_in_with_phone_number,
    update_account_by_local_id,
)

UPDATE = f"{V1}/accounts:update"


def update(api, body):
    """accounts:update as a client (API key in the query)."""
    return api.post(UPDATE, body)


def update_as_owner(api, body):
    """accounts:update as the project owner (`Authorization: Bearer owner`, no API key)."""
    return api.post(UPDATE, body, key=None, bearer="owner")


def assert_includes(actual, expected):
    """Every field of `expected` is in `actual` with the same value (chai's `include` on objects)."""
    for name, value in expected.items():
        assert name in actual and actual[name] == value, f"{actual} does not include {name}={value!r}"


def assert_new_tokens(body, local_id, sign_in_provider):
    """The response carries a refresh token and an unsigned ID token for `local_id` from `sign_in_provider`."""
    assert isinstance(body.get("refreshToken"), str), body
    header, payload = decode_jwt(body["idToken"])
    assert header["alg"] == "none", header
    assert payload["user_id"] == local_id, payload
    assert payload["firebase"]["sign_in_provider"] == sign_in_provider, payload
    return payload


def sign_in_with_password_response(api, email, password):
    return api.post(f"{V1}/accounts:signInWithPassword", {"email": email, "password": password})


def test_should_allow_updating_and_deleting_display_name_and_photo_url(api):
    id_token = register_anon_user(api)["idToken"]

    attrs = {"displayName": "Alice", "photoUrl": "http://localhost/alice.png"}
    body = expect_status(200, update(api, {"idToken": id_token, **attrs}))
    assert body.get("displayName") == attrs["displayName"], body
    assert body.get("photoUrl") == attrs["photoUrl"], body
    # Changing the profile issues no new tokens.
    assert "idToken" not in body, body
    assert "refreshToken" not in body, body

    body = expect_status(200, update(api, {"idToken": id_token, "deleteAttribute": ["DISPLAY_NAME", "PHOTO_URL"]}))
    assert "displayName" not in body, body
    assert "photoUrl" not in body, body


def test_should_set_password_and_issue_new_tokens(api):
    email, password = "alice@example.com", "notasecret"
    user = register_user(api, email, password)
    new_password = "notasecreteither"

    body = expect_status(200, update(api, {"idToken": user["idToken"], "password": new_password}))
    assert_new_tokens(body, user["localId"], "password")

    body = expect_status(200, sign_in_with_password_response(api, email, new_password))
    assert body["localId"] == user["localId"], body


def test_should_add_password_provider_to_anon_user(api):
    anon = register_anon_user(api)
    email, password = "alice@example.com", "notasecreteither"

    body = expect_status(200, update(api, {"idToken": anon["idToken"], "email": email, "password": password}))
    assert_new_tokens(body, anon["localId"], "password")

    body = expect_status(200, sign_in_with_password_response(api, email, password))
    assert body["localId"] == anon["localId"], body

    assert get_signin_methods(api, email) == ["password"]


def test_should_allow_adding_email_without_password_to_anon_user(api):
    anon = register_anon_user(api)
    email = "alice@example.com"

    body = expect_status(200, update(api, {"idToken": anon["idToken"], "email": email}))
    # The sign-in provider stays that of the token the request was made with.
    assert_new_tokens(body, anon["localId"], "anonymous")

    # firebase-tools writes `not.to.contain(["password"])`; what it means is that password is no sign-in method.
    methods = get_signin_methods(api, email)
    assert isinstance(methods, list), methods
    assert "password" not in methods, methods


def test_should_allow_changing_email_of_an_existing_user_and_send_out_an_oob_to_reset_the_email(api):
    old_email, password, new_email = "alice@example.com", "notasecret", "bob@example.com"
    user = register_user(api, old_email, password)

    body = expect_status(200, update(api, {"idToken": user["idToken"], "email": new_email}))
    payload = assert_new_tokens(body, user["localId"], "password")
    assert payload["email"] == new_email, payload

    body = expect_status(200, sign_in_with_password_response(api, new_email, password))
    assert body["localId"] == user["localId"], body

    expect_error(sign_in_with_password_response(api, old_email, password), 400, "EMAIL_NOT_FOUND")

    oobs = inspect_oobs(api)
    assert len(oobs) == 1, oobs
    assert oobs[0]["email"] == old_email, oobs
    assert oobs[0]["requestType"] == "RECOVER_EMAIL", oobs


def test_should_disallow_setting_email_to_same_as_an_existing_user(api):
    register_user(api, "bob@example.com", "notasecret")
    id_token = register_anon_user(api)["idToken"]

    expect_error(update(api, {"idToken": id_token, "email": "bob@example.com"}), 400, "EMAIL_EXISTS")
    # Another case of the same address is the same address.
    expect_error(update(api, {"idToken": id_token, "email": "BOB@example.com", "password": "notasecret"}),
                 400, "EMAIL_EXISTS")


def test_should_set_initial_email_for_the_user_after_updating_email(api):
    old_email, new_email = "alice@example.com", "bob@example.com"
    id_token = register_user(api, old_email, "notasecret")["idToken"]

    body = expect_status(200, update(api, {"idToken": id_token, "email": new_email}))
    assert body.get("email") == new_email, body

    info = get_account_info_by_id_token(api, id_token)
    assert info.get("initialEmail") == old_email, info


def test_should_reset_email_when_oob_flow_is_initiated_after_updating_user_email(api):
    old_email, new_email = "alice@example.com", "bob@example.com"
    id_token = register_user(api, old_email, "notasecret")["idToken"]

    expect_status(200, update(api, {"idToken": id_token, "email": new_email}))

    oobs = inspect_oobs(api)
    assert len(oobs) == 1, oobs
    assert oobs[0]["email"] == old_email, oobs
    assert oobs[0]["requestType"] == "RECOVER_EMAIL", oobs

    # The code alone (no ID token) restores the old address, which counts as verified.
    body = expect_status(200, update(api, {"oobCode": oobs[0]["oobCode"]}))
    assert body.get("email") == old_email, body
    assert body.get("emailVerified") is True, body

    assert inspect_oobs(api) == []


def test_should_disallow_resetting_an_email_if_another_user_exists_with_the_same_email(api):
    id_token = register_user(api, "bob@example.com", "notasecret")["idToken"]

    body = expect_status(200, update(api, {"idToken": id_token, "email": "bob_new@example.com"}))
    assert body.get("email") == "bob_new@example.com", body

    # A second user takes the first one's initial address.
    register_user(api, "bob@example.com", "notasecreteither")

    oobs = inspect_oobs(api)
    assert len(oobs) == 1, oobs
    assert oobs[0]["requestType"] == "RECOVER_EMAIL", oobs

    expect_error(update(api, {"oobCode": oobs[0]["oobCode"]}), 400, "EMAIL_EXISTS")


def test_should_not_set_initial_email_or_send_oob_when_anon_user_updates_email(api):
    id_token = register_anon_user(api)["idToken"]
    email = "alice@example.com"

    body = expect_status(200, update(api, {"idToken": id_token, "email": email}))
    assert body.get("email") == email, body

    assert inspect_oobs(api) == []
    info = get_account_info_by_id_token(api, id_token)
    assert "initialEmail" not in info, info


def test_should_not_update_email_if_user_is_disabled(api):
    user = register_user(api, "bob@example.com", "notasecret")
    update_account_by_local_id(api, user["localId"], {"disableUser": True})

    expect_error(update(api, {"idToken": user["idToken"], "email": "alice@example.com"}), 400, "USER_DISABLED")


def test_should_update_email_when_oob_flow_of_verify_and_change_email_is_initiated(api):
    old_email, new_email = "alice@example.com", "bob@example.com"
    id_token = register_user(api, old_email, "notasecret")["idToken"]

    expect_status(200, api.post(f"{V1}/accounts:sendOobCode", {
        "idToken": id_token, "newEmail": new_email, "requestType": "VERIFY_AND_CHANGE_EMAIL"}))

    oobs = inspect_oobs(api)
    assert len(oobs) == 1, oobs
    assert oobs[0]["email"] == old_email, oobs
    assert oobs[0].get("newEmail") == new_email, oobs
    assert oobs[0]["requestType"] == "VERIFY_AND_CHANGE_EMAIL", oobs

    # The code alone (no ID token) changes the address, which counts as verified.
    body = expect_status(200, update(api, {"oobCode": oobs[0]["oobCode"]}))
    assert body.get("email") == new_email, body
    assert body.get("newEmail") == new_email, body
    assert body.get("emailVerified") is True, body

    assert inspect_oobs(api) == []


def test_should_disallow_changing_an_email_if_another_user_exists_with_the_same_email(api):
    id_token = register_user(api, "alice@example.com", "notasecret")["idToken"]

    expect_status(200, api.post(f"{V1}/accounts:sendOobCode", {
        "idToken": id_token, "newEmail": "bob@example.com", "requestType": "VERIFY_AND_CHANGE_EMAIL"}))

    oobs = inspect_oobs(api)
    assert len(oobs) == 1, oobs
    assert oobs[0]["requestType"] == "VERIFY_AND_CHANGE_EMAIL", oobs

    register_user(api, "bob@example.com", "notasecreteither")

    expect_error(update(api, {"oobCode": oobs[0]["oobCode"]}), 400, "EMAIL_EXISTS")

    # The code is used up even though the change failed.
    assert inspect_oobs(api) == []


def test_should_update_phone_number_if_specified(api):
    user = sign_in_with_phone_number(api, TEST_PHONE_NUMBER)

    new_phone_number = "+15555550123"
    expect_status(200, update_as_owner(api, {"localId": user["localId"], "phoneNumber": new_phone_number}))

    info = get_account_info_by_id_token(api, user["idToken"])
    assert info.get("phoneNumber") == new_phone_number, info


def test_should_noop_when_setting_phone_number_to_the_same_as_before(api):
    user = sign_in_with_phone_number(api, TEST_PHONE_NUMBER)

    expect_status(200, update_as_owner(api, {"localId": user["localId"], "phoneNumber": TEST_PHONE_NUMBER}))

    info = get_account_info_by_id_token(api, user["idToken"])
    assert info.get("phoneNumber") == TEST_PHONE_NUMBER, info


def test_should_disallow_setting_phone_to_same_as_an_existing_user(api):
    sign_in_with_phone_number(api, TEST_PHONE_NUMBER)
    local_id = register_anon_user(api)["localId"]

    expect_error(update_as_owner(api, {"localId": local_id, "phoneNumber": TEST_PHONE_NUMBER}),
                 400, "PHONE_NUMBER_EXISTS")


def test_should_error_if_phone_number_is_invalid(api):
    local_id = register_anon_user(api)["localId"]

    expect_error(update_as_owner(api, {"localId": local_id, "phoneNumber": "555-555-0100"}),  # no country code
                 400, "INVALID_PHONE_NUMBER : Invalid format.")


def test_should_allow_creating_mfa_info(api):
    user = register_user(api, "bob@example.com", "notasecret")
    enrollment_id = "enrollmentId1"

    expect_status(200, update_as_owner(api, {
        "localId": user["localId"], "mfa": {"enrollments": [{**TEST_MFA_INFO, "mfaEnrollmentId": enrollment_id}]}}))

    info = get_account_info_by_id_token(api, user["idToken"])
    assert len(info.get("mfaInfo", [])) == 1, info
    saved = info["mfaInfo"][0]
    assert saved.get("displayName") == TEST_MFA_INFO["displayName"], saved
    assert saved.get("phoneInfo") == TEST_MFA_INFO["phoneInfo"], saved
    assert saved.get("mfaEnrollmentId") == enrollment_id, saved


def register_user_with_mfa(api, email, mfa_info):
    """Registers `email` with second factors `mfa_info`; returns the user and its stored mfaInfo."""
    user = register_user(api, email, "notasecret", mfa_info=mfa_info)
    saved = get_account_info_by_id_token(api, user["idToken"]).get("mfaInfo", [])
    assert len(saved) == len(mfa_info), saved
    return user, saved


def mfa_info_after_update(api, id_token):
    return get_account_info_by_id_token(api, id_token).get("mfaInfo")


def test_should_allow_adding_a_second_mfa_factor(api):
    user, saved = register_user_with_mfa(api, "bob@example.com", [TEST_MFA_INFO])
    first = saved[0]
    second = {"displayName": "Second MFA Factor", "phoneInfo": TEST_PHONE_NUMBER_2,
              "mfaEnrollmentId": "enrollmentId2"}

    expect_status(200, update_as_owner(api, {"localId": user["localId"], "mfa": {"enrollments": [first, second]}}))

    updated = mfa_info_after_update(api, user["idToken"])
    assert len(updated or []) == 2, updated
    for factor in updated:
        if factor.get("mfaEnrollmentId") == first["mfaEnrollmentId"]:
            assert_includes(factor, first)
        else:
            assert_includes(factor, second)


def test_should_allow_changing_the_mfa_phone_number(api):
    user, saved = register_user_with_mfa(api, "bob@example.com", [TEST_MFA_INFO])
    factor = dict(saved[0])
    assert isinstance(factor.get("mfaEnrollmentId"), str) and factor["mfaEnrollmentId"], factor
    factor["displayName"] = "New Display Name"
    factor["phoneInfo"] = "+15555550101"

    expect_status(200, update_as_owner(api, {"localId": user["localId"], "mfa": {"enrollments": [factor]}}))

    updated = mfa_info_after_update(api, user["idToken"])
    assert len(updated or []) == 1, updated
    assert updated[0].get("displayName") == "New Display Name", updated
    assert updated[0].get("phoneInfo") == "+15555550101", updated
    assert updated[0].get("mfaEnrollmentId") == factor["mfaEnrollmentId"], updated


def test_should_allow_changing_the_mfa_enrollment_id(api):
    user, saved = register_user_with_mfa(api, "bob@example.com", [TEST_MFA_INFO])
    factor = saved[0]
    assert isinstance(factor.get("mfaEnrollmentId"), str) and factor["mfaEnrollmentId"], factor

    new_enrollment_id = "newEnrollmentId"
    expect_status(200, update_as_owner(api, {
        "localId": user["localId"], "mfa": {"enrollments": [{**factor, "mfaEnrollmentId": new_enrollment_id}]}}))

    updated = mfa_info_after_update(api, user["idToken"])
    assert len(updated or []) == 1, updated
    assert updated[0].get("displayName") == factor.get("displayName"), updated
    assert updated[0].get("phoneInfo") == factor.get("phoneInfo"), updated
    assert updated[0].get("mfaEnrollmentId") != factor["mfaEnrollmentId"], updated
    assert updated[0].get("mfaEnrollmentId") == new_enrollment_id, updated


def test_should_overwrite_existing_mfa_info(api):
    user, saved = register_user_with_mfa(
        api, "bob@example.com", [TEST_MFA_INFO, {**TEST_MFA_INFO, "phoneInfo": TEST_PHONE_NUMBER_3}])
    old_enrollment_ids = [factor.get("mfaEnrollmentId") for factor in saved]

    new_factor = {"displayName": "New New", "phoneInfo": TEST_PHONE_NUMBER_3, "mfaEnrollmentId": "newEnrollmentId"}
    expect_status(200, update_as_owner(api, {"localId": user["localId"], "mfa": {"enrollments": [new_factor]}}))

    updated = mfa_info_after_update(api, user["idToken"])
    assert len(updated or []) == 1, updated
    assert updated[0].get("phoneInfo") == new_factor["phoneInfo"], updated
    assert updated[0].get("displayName") == new_factor["displayName"], updated
    assert updated[0].get("mfaEnrollmentId") == new_factor["mfaEnrollmentId"], updated
    assert updated[0].get("mfaEnrollmentId") not in old_enrollment_ids, (updated, old_enrollment_ids)


def test_should_remove_mfa_info_with_an_empty_enrollments_array(api):
    user, _ = register_user_with_mfa(api, "bob@example.com", [TEST_MFA_INFO])

    expect_status(200, update_as_owner(api, {"localId": user["localId"], "mfa": {"enrollments": []}}))

    info = get_account_info_by_id_token(api, user["idToken"])
    assert "mfaInfo" not in info, info


def test_should_remove_mfa_info_with_an_undefined_enrollments_array(api):
    user, _ = register_user_with_mfa(api, "bob@example.com", [TEST_MFA_INFO])

    # `enrollments: undefined` in JavaScript: the key is left out of the JSON.
    expect_status(200, update_as_owner(api, {"localId": user["localId"], "mfa": {}}))

    info = get_account_info_by_id_token(api, user["idToken"])
    assert "mfaInfo" not in info, info


def test_should_error_if_mfa_enrollment_id_is_absent(api):
    user = register_user(api, "bob@example.com", "notasecret", mfa_info=[TEST_MFA_INFO])

    expect_error(update_as_owner(api, {"localId": user["localId"], "mfa": {"enrollments": [TEST_MFA_INFO]}}),
                 400, "INVALID_MFA_ENROLLMENT_ID : mfaEnrollmentId must be defined.")


def test_should_de_duplicate_mfa_factors_with_the_same_phone_number(api):
    user = register_user(api, "bob@example.com", "notasecret")
    local_id, id_token = user["localId"], user["idToken"]
    enrollment_id = "enrollmentId1"

    def set_enrollments(enrollments):
        expect_status(200, update_as_owner(api, {"localId": local_id, "mfa": {"enrollments": enrollments}}))

    set_enrollments([{**TEST_MFA_INFO, "mfaEnrollmentId": enrollment_id},
                     {**TEST_MFA_INFO, "mfaEnrollmentId": enrollment_id}])
    info = mfa_info_after_update(api, id_token)
    assert len(info or []) == 1, info
    assert_includes(info[0], TEST_MFA_INFO)
    assert info[0].get("mfaEnrollmentId") == enrollment_id, info

    set_enrollments([])
    info = get_account_info_by_id_token(api, id_token)
    assert "mfaInfo" not in info, info

    set_enrollments([{**TEST_MFA_INFO, "mfaEnrollmentId": f"enrollmentId{n}"} for n in (2, 3, 4)])
    info = mfa_info_after_update(api, id_token)
    assert len(info or []) == 1, info
    assert_includes(info[0], TEST_MFA_INFO)
    assert info[0].get("mfaEnrollmentId") != enrollment_id, info

    set_enrollments([{**TEST_MFA_INFO, "mfaEnrollmentId": f"enrollmentId{n}"} for n in (5, 6, 7)]
                    + [{"phoneInfo": TEST_PHONE_NUMBER_2, "mfaEnrollmentId": f"enrollmentId{n}"} for n in (8, 9)])
    info = mfa_info_after_update(api, id_token)
    assert len(info or []) == 2, info
    for factor in info:
        if factor.get("phoneInfo") == TEST_MFA_INFO["phoneInfo"]:
            assert_includes(factor, TEST_MFA_INFO)
        else:
            assert factor.get("phoneInfo") == TEST_PHONE_NUMBER_2, factor
        assert isinstance(factor.get("mfaEnrollmentId"), str) and factor["mfaEnrollmentId"], factor
        assert factor["mfaEnrollmentId"] != enrollment_id, factor


def test_should_error_if_mfa_enrollment_id_is_duplicated_for_different_phone_numbers(api):
    local_id = register_user(api, "bob@example.com", "notasecret")["localId"]

    enrollment_id = "duplicateMfaEnrollmentId "  # the trailing space is in firebase-tools' case too
    expect_error(update_as_owner(api, {"localId": local_id, "mfa": {"enrollments": [
        {**TEST_MFA_INFO, "mfaEnrollmentId": enrollment_id},
        {"phoneInfo": TEST_PHONE_NUMBER_2, "mfaEnrollmentId": enrollment_id},
    ]}}), 400, "DUPLICATE_MFA_ENROLLMENT_ID")


def test_does_not_require_mfa_enrollment_id_uniqueness_across_users(api):
    bob, bob_mfa = register_user_with_mfa(api, "bob@example.com", [TEST_MFA_INFO])
    _, alice_mfa = register_user_with_mfa(api, "alice@example.com", [TEST_MFA_INFO])
    alice_enrollment_id = alice_mfa[0]["mfaEnrollmentId"]

    expect_status(200, update_as_owner(api, {"localId": bob["localId"], "mfa": {"enrollments": [
        {**bob_mfa[0], "mfaEnrollmentId": alice_enrollment_id}]}}))

    updated = mfa_info_after_update(api, bob["idToken"])
    assert updated[0].get("mfaEnrollmentId") == alice_enrollment_id, updated


def test_should_error_if_phone_number_for_mfa_is_invalid(api):
    user, saved = register_user_with_mfa(api, "bob@example.com", [TEST_MFA_INFO])
    without_phone = {name: value for name, value in saved[0].items() if name != "phoneInfo"}

    expect_error(update_as_owner(api, {"localId": user["localId"], "mfa": {"enrollments": [without_phone]}}),
                 400, "INVALID_MFA_PHONE_NUMBER : Invalid format.")
    expect_error(update_as_owner(api, {"localId": user["localId"], "mfa": {"enrollments": [
        {**saved[0], "phoneInfo": TEST_INVALID_PHONE_NUMBER}]}}),
        400, "INVALID_MFA_PHONE_NUMBER : Invalid format.")


def test_should_error_if_user_for_mfa_update_is_not_found(api):
    expect_error(update_as_owner(api, {"localId": "anything", "mfa": {"enrollments": [
        {**TEST_MFA_INFO, "mfaEnrollmentId": "anything"}]}}), 400, "USER_NOT_FOUND")


def test_should_error_if_enrollments_is_not_an_array_or_undefined(api):
    expect_error(update_as_owner(api, {"localId": "anything", "mfa": {"enrollments": None}}),
                 400, "Invalid JSON payload received. /mfa/enrollments must be array")


def test_should_error_if_user_is_disabled_when_updating_by_id_token(api):
    user = register_anon_user(api)
    update_account_by_local_id(api, user["localId"], {"disableUser": True})

    expect_error(update(api, {"idToken": user["idToken"], "displayName": "Foo"}), 400, "USER_DISABLED")


def test_should_still_update_user_despite_user_is_disabled_when_authenticated(api):
    local_id = register_anon_user(api)["localId"]
    update_account_by_local_id(api, local_id, {"disableUser": True})

    update_account_by_local_id(api, local_id, {"displayName": "Foo"})
    update_account_by_local_id(api, local_id, {"disableUser": False})


def test_should_invalidate_old_tokens_after_updating_valid_since_or_password(api):
    id_token = register_user(api, "alice@example.com", "notasecret")["idToken"]

    # firebase-tools ticks its fake clock 2 s so that the token's iat (in seconds) lies in the past.
    time.sleep(2)
    id_token2 = expect_status(200, update(api, {"idToken": id_token, "password": "notasecreteither"}))["idToken"]

    expect_id_token_expired(api, id_token)
    get_account_info_by_id_token(api, id_token2)

    time.sleep(2)
    # Any value works: only the presence of validSince matters.
    id_token3 = expect_status(200, update(api, {"idToken": id_token2, "validSince": "0"}))["idToken"]

    expect_id_token_expired(api, id_token)
    expect_id_token_expired(api, id_token2)
    get_account_info_by_id_token(api, id_token3)


def check_delete_provider(api, user, provider_id):
    body = expect_status(200, update(api, {"idToken": user["idToken"], "deleteProvider": [provider_id]}))
    providers = [info.get("providerId") for info in body.get("providerUserInfo") or []]
    assert provider_id not in providers, body

    if user.get("email"):
        assert provider_id not in get_signin_methods(api, user["email"])
        assert "emailLink" not in get_signin_methods(api, user["email"])


def test_should_delete_password_provider_from_user(api):
    check_delete_provider(api, register_user(api, "alice@example.com", "notasecret"), "password")


def test_should_delete_phone_provider_from_user(api):
    check_delete_provider(api, sign_in_with_phone_number(api, TEST_PHONE_NUMBER), "phone")


def test_should_delete_google_com_provider_from_user(api):
    user = sign_in_with_fake_claims(api, "google.com", {"sub": "12345", "email": "bob@example.com"})
    check_delete_provider(api, user, "google.com")


def test_should_update_user_by_local_id_when_authenticated(api):
    local_id = register_user(api, "foo@example.com", "barbaz")["localId"]

    attrs = {"phoneNumber": TEST_PHONE_NUMBER, "displayName": "Alice", "photoUrl": "http://localhost/alice.png"}
    body = expect_status(200, update_as_owner(api, {"localId": local_id, **attrs, "emailVerified": True}))
    assert body.get("displayName") == attrs["displayName"], body
    assert body.get("photoUrl") == attrs["photoUrl"], body
    assert body.get("emailVerified") is True, body


def test_should_error_if_authenticated_request_does_not_specify_local_id(api):
    expect_error(update_as_owner(api, {"emailVerified": True}), 400, "MISSING_LOCAL_ID")


def test_should_update_custom_attributes_and_add_them_to_id_tokens(api):
    user = register_user(api, "foo@example.com", "barbaz")

    attrs = {"foo": "bar", "baz": {"answer": 42}}
    expect_status(200, update_as_owner(api, {"localId": user["localId"], "customAttributes": json.dumps(attrs)}))

    id_token = sign_in_with_email_link(api, user["email"])["idToken"]
    _, payload = decode_jwt(id_token)
    assert payload.get("foo") == attrs["foo"], payload
    assert payload.get("baz") == attrs["baz"], payload


def test_should_error_if_custom_attributes_are_invalid(api):
    local_id = register_user(api, "foo@example.com", "barbaz")["localId"]

    def attempt(custom_attributes):
        return update_as_owner(api, {"localId": local_id, "customAttributes": custom_attributes})

    expect_error(attempt("{definitely[not]json}"), 400, "INVALID_CLAIMS")
    expect_error(attempt("42"), 400, "INVALID_CLAIMS")
    expect_error(attempt('["a", "b"]'), 400, "INVALID_CLAIMS")
    expect_error(attempt('{"sub": "12345"}'), 400, "FORBIDDEN_CLAIM : sub")  # a reserved claim
    long_string = "x" * 998
    expect_error(attempt(f'{{"a":"{long_string}"}}'), 400, "CLAIMS_TOO_LARGE")


def test_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    expect_error(update(api, {"tenantId": tenant["tenantId"]}), 400, "PROJECT_DISABLED")


def test_should_set_tenant_id_in_oob_link(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False, "mfaConfig": {"state": "ENABLED"},
                                               "allowPasswordSignup": True})
    tenant_id = tenant["tenantId"]
    old_email, new_email = "alice@example.com", "bob@example.com"
    id_token = register_user(api, old_email, "notasecret", tenant_id=tenant_id)["idToken"]

    expect_status(200, update(api, {"idToken": id_token, "email": new_email, "tenantId": tenant_id}))

    oobs = inspect_oobs(api, tenant_id)
    assert len(oobs) == 1, oobs
    assert oobs[0]["email"] == old_email, oobs
    assert oobs[0]["requestType"] == "RECOVER_EMAIL", oobs
    assert tenant_id in oobs[0]["oobLink"], oobs


def test_should_link_provider_account_with_existing_user_account(api):
    id_token = register_user(api, "test@example.com", "password")["idToken"]

    provider_id = "google.com"
    provider_user_info = {"providerId": provider_id, "rawId": "google_user_id", "email": "linked@example.com",
                          "displayName": "Linked User", "photoUrl": "https://example.com/photo.jpg"}

    body = expect_status(200, update(api, {"idToken": id_token, "linkProviderUserInfo": provider_user_info}))
    providers = body.get("providerUserInfo") or []
    assert len(providers) == 2, providers  # password plus the linked provider
    linked = [info for info in providers if info.get("providerId") == provider_id]
    assert linked and linked[0] == provider_user_info, providers

    providers = get_account_info_by_id_token(api, id_token).get("providerUserInfo") or []
    assert len(providers) == 2, providers
    linked = [info for info in providers if info.get("providerId") == provider_id]
    assert linked and linked[0] == provider_user_info, providers


def test_should_error_if_link_provider_user_info_is_missing_required_fields(api):
    id_token = register_user(api, "test@example.com", "password")["idToken"]

    response = update(api, {"idToken": id_token, "linkProviderUserInfo": {
        "providerId": "google.com", "email": "linked@example.com"}})
    expect_status(400, response)
    assert "MISSING_RAW_ID" in error_message(response), response.text

    response = update(api, {"idToken": id_token, "linkProviderUserInfo": {
        "rawId": "google_user_id", "email": "linked@example.com"}})
    expect_status(400, response)
    assert "MISSING_PROVIDER_ID" in error_message(response), response.text


def test_should_error_if_user_is_disabled_when_linking_a_provider(api):
    user = register_user(api, "test@example.com", "password")
    update_account_by_local_id(api, user["localId"], {"disableUser": True})

    expect_error(update(api, {"idToken": user["idToken"], "linkProviderUserInfo": {
        "providerId": "google.com", "rawId": "google_user_id", "email": "linked@example.com"}}),
        400, "USER_DISABLED")
