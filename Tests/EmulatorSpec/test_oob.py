"""Port of firebase-tools src/emulator/auth/oob.spec.ts (commit a786bda)."""
import time

from helpers import (PROJECT_ID, V1, error_message, expect_error, expect_id_token_expired, expect_status,
                     inspect_oobs, register_anon_user, register_tenant, register_user, update_account_by_local_id,
                     update_config)

SEND_OOB_CODE = f"{V1}/accounts:sendOobCode"
RESET_PASSWORD = f"{V1}/accounts:resetPassword"
UPDATE = f"{V1}/accounts:update"
ALICE = {"email": "alice@example.com", "password": "notasecret"}
OOB_RESPONSE_KIND = "identitytoolkit#GetOobConfirmationCodeResponse"


def send_oob_code(api, body):
    """A client request (API key)."""
    return api.post(SEND_OOB_CODE, body)


def send_oob_code_as_owner(api, body):
    """An OAuth 2 request (`Authorization: Bearer owner`, no API key)."""
    return api.post(SEND_OOB_CODE, body, key=None, bearer="owner")


def register_alice(api):
    return register_user(api, ALICE["email"], ALICE["password"])


def expect_no_code_returned(body):
    # returnOobLink is not set, so neither the code nor the link comes back.
    assert "oobCode" not in body, body
    assert "oobLink" not in body, body


def expect_code_returned(response, email):
    body = expect_status(200, response)
    assert body["email"] == email, body
    assert isinstance(body.get("oobCode"), str), body
    assert isinstance(body.get("oobLink"), str), body


def expect_no_oobs(api):
    oobs = inspect_oobs(api)
    assert len(oobs) == 0, oobs


# accounts:sendOobCode

def test_should_generate_oob_code_for_verify_email(api):
    user = register_alice(api)

    body = expect_status(200, send_oob_code(api, {"idToken": user["idToken"], "requestType": "VERIFY_EMAIL"}))
    assert body["email"] == ALICE["email"], body
    expect_no_code_returned(body)

    oobs = inspect_oobs(api)
    assert len(oobs) == 1, oobs
    assert oobs[0]["email"] == ALICE["email"], oobs
    assert oobs[0]["requestType"] == "VERIFY_EMAIL", oobs

    # The code alone (no idToken) verifies the email.
    body = expect_status(200, api.post(UPDATE, {"oobCode": oobs[0]["oobCode"]}))
    assert body["localId"] == user["localId"], body
    assert body["email"] == ALICE["email"], body
    assert body["emailVerified"] is True, body

    # A redeemed code is gone.
    expect_no_oobs(api)


def test_should_return_oob_code_directly_for_requests_with_oauth_2(api):
    register_alice(api)

    expect_code_returned(send_oob_code_as_owner(api, {
        "email": ALICE["email"], "requestType": "PASSWORD_RESET", "returnOobLink": True}), ALICE["email"])
    expect_code_returned(send_oob_code_as_owner(api, {
        "email": ALICE["email"], "requestType": "VERIFY_EMAIL", "returnOobLink": True}), ALICE["email"])
    expect_code_returned(send_oob_code_as_owner(api, {
        "email": ALICE["email"], "newEmail": "bob@example.com", "requestType": "VERIFY_AND_CHANGE_EMAIL",
        "returnOobLink": True}), ALICE["email"])


def test_should_return_oob_code_by_id_token_for_oauth_2_requests_as_well(api):
    id_token = register_alice(api)["idToken"]

    expect_code_returned(send_oob_code_as_owner(api, {
        "idToken": id_token, "requestType": "VERIFY_EMAIL", "returnOobLink": True}), ALICE["email"])
    expect_code_returned(send_oob_code_as_owner(api, {
        "email": ALICE["email"], "newEmail": "bob@example.com", "idToken": id_token,
        "requestType": "VERIFY_AND_CHANGE_EMAIL", "returnOobLink": True}), ALICE["email"])


def test_should_error_when_trying_to_verify_email_without_id_token_or_email(api):
    register_alice(api)

    expect_error(send_oob_code(api, {"idToken": "hoge", "requestType": "VERIFY_EMAIL"}), 400, "INVALID_ID_TOKEN")
    # With returnOobLink (OAuth 2), the missing address is reported instead.
    expect_error(send_oob_code_as_owner(api, {"returnOobLink": True, "requestType": "VERIFY_EMAIL"}), 400,
                 "MISSING_EMAIL")

    expect_no_oobs(api)


def test_should_error_when_trying_to_verify_email_without_id_token_if_not_return_oob_link(api):
    user = register_alice(api)

    # Without returnOobLink the email is ignored.
    expect_error(send_oob_code(api, {"email": user["email"], "requestType": "VERIFY_EMAIL"}), 400,
                 "INVALID_ID_TOKEN")

    expect_no_oobs(api)


def test_should_error_when_trying_to_verify_email_not_associated_with_any_user(api):
    expect_error(send_oob_code_as_owner(api, {
        "email": "nosuchuser@example.com", "returnOobLink": True, "requestType": "VERIFY_EMAIL"}), 400,
        "USER_NOT_FOUND")

    expect_no_oobs(api)


def test_should_error_when_verifying_email_for_accounts_without_email(api):
    id_token = register_anon_user(api)["idToken"]

    expect_error(send_oob_code(api, {"idToken": id_token, "requestType": "VERIFY_EMAIL"}), 400, "MISSING_EMAIL")

    expect_no_oobs(api)


def test_should_error_if_user_is_disabled(api):
    user = register_user(api, "foo@example.com", "foobar")
    update_account_by_local_id(api, user["localId"], {"disableUser": True})

    expect_error(send_oob_code(api, {"email": user["email"], "idToken": user["idToken"],
                                     "requestType": "VERIFY_EMAIL"}), 400, "USER_DISABLED")


def test_should_error_when_continue_url_is_invalid(api):
    id_token = register_alice(api)["idToken"]

    response = send_oob_code(api, {"idToken": id_token, "requestType": "VERIFY_EMAIL",
                                   "continueUrl": "noSchemeOrHost"})
    expect_status(400, response)
    assert "INVALID_CONTINUE_URI" in error_message(response), response.text

    expect_no_oobs(api)


def test_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    expect_error(send_oob_code(api, {"tenantId": tenant["tenantId"]}), 400, "PROJECT_DISABLED")


def test_should_error_for_email_sign_in_if_not_enabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False, "enableEmailLinkSignin": False})

    expect_error(send_oob_code(api, {"tenantId": tenant["tenantId"], "email": "bob@example.com",
                                     "requestType": "EMAIL_SIGNIN"}), 400, "OPERATION_NOT_ALLOWED")


def test_should_generate_oob_code_for_reset_password(api):
    id_token = register_alice(api)["idToken"]

    # firebase-tools ticks its clock by 2 s so the ID token was issued before the reset; real time does the same.
    time.sleep(2)

    body = expect_status(200, send_oob_code(api, {"requestType": "PASSWORD_RESET", "email": ALICE["email"]}))
    assert body["email"] == ALICE["email"], body
    expect_no_code_returned(body)

    oobs = inspect_oobs(api)
    assert len(oobs) == 1, oobs
    assert oobs[0]["email"] == ALICE["email"], oobs
    assert oobs[0]["requestType"] == "PASSWORD_RESET", oobs

    # The code resets the password.
    body = expect_status(200, api.post(RESET_PASSWORD, {"oobCode": oobs[0]["oobCode"],
                                                        "newPassword": "notasecret2"}))
    assert body["requestType"] == "PASSWORD_RESET", body
    assert body["email"] == ALICE["email"], body

    # ID tokens issued before the reset no longer work.
    expect_id_token_expired(api, id_token)


def test_should_return_purpose_of_oob_codes_via_reset_password_endpoint(api):
    id_token = register_alice(api)["idToken"]
    new_email = "bob@example.com"

    expect_status(200, send_oob_code(api, {"requestType": "PASSWORD_RESET", "email": ALICE["email"]}))
    expect_status(200, send_oob_code(api, {"requestType": "VERIFY_EMAIL", "idToken": id_token}))
    expect_status(200, send_oob_code(api, {"email": new_email, "requestType": "EMAIL_SIGNIN"}))
    expect_status(200, send_oob_code(api, {"email": ALICE["email"], "newEmail": new_email,
                                           "requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": id_token}))

    oobs = inspect_oobs(api)
    assert len(oobs) == 4, oobs

    for oob in oobs:
        # Without newPassword the endpoint only tells the code's purpose and leaves the code unused.
        body = expect_status(200, api.post(RESET_PASSWORD, {"oobCode": oob["oobCode"]}))
        assert body["requestType"] == oob["requestType"], (oob, body)
        if oob["requestType"] == "EMAIL_SIGNIN":
            # The address of an email sign-in code is not revealed.
            assert "email" not in body, (oob, body)
        else:
            assert body["email"] == oob["email"], (oob, body)
        if oob["requestType"] == "VERIFY_AND_CHANGE_EMAIL":
            assert body["newEmail"] == new_email, (oob, body)

    # None of the codes was used up.
    oobs = inspect_oobs(api)
    assert len(oobs) == 4, oobs


def test_should_error_on_reset_password_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    expect_error(api.post(RESET_PASSWORD, {"tenantId": tenant["tenantId"]}), 400, "PROJECT_DISABLED")


def test_should_error_on_reset_password_if_password_sign_up_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False, "allowPasswordSignup": False})

    expect_error(api.post(RESET_PASSWORD, {"tenantId": tenant["tenantId"]}), 400, "PASSWORD_LOGIN_DISABLED")


def test_should_error_when_sending_a_password_reset_to_non_existent_user_with_improved_email_privacy_disabled(api):
    expect_error(send_oob_code_as_owner(api, {"email": ALICE["email"], "requestType": "PASSWORD_RESET",
                                              "returnOobLink": True}), 400, "EMAIL_NOT_FOUND")


def test_should_return_email_address_when_sending_a_password_reset_to_non_existent_user_with_improved_email_privacy_enabled(api):  # noqa: E501
    update_config(api, PROJECT_ID, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}},
                  "emailPrivacyConfig")

    body = expect_status(200, send_oob_code_as_owner(api, {"email": ALICE["email"], "requestType": "PASSWORD_RESET",
                                                           "returnOobLink": True}))
    assert body.get("kind") == OOB_RESPONSE_KIND, body
    assert body.get("email") == ALICE["email"], body


def test_should_generate_oob_code_for_verify_and_change_email(api):
    user = register_alice(api)

    body = expect_status(200, send_oob_code(api, {"email": ALICE["email"], "newEmail": "bob@example.com",
                                                  "idToken": user["idToken"],
                                                  "requestType": "VERIFY_AND_CHANGE_EMAIL"}))
    assert body.get("kind") == OOB_RESPONSE_KIND, body
    assert body["email"] == ALICE["email"], body
    expect_no_code_returned(body)

    oobs = inspect_oobs(api)
    assert len(oobs) == 1, oobs
    assert oobs[0]["email"] == ALICE["email"], oobs
    assert oobs[0]["requestType"] == "VERIFY_AND_CHANGE_EMAIL", oobs

    # The code alone (no idToken) verifies and changes the email.
    body = expect_status(200, api.post(UPDATE, {"oobCode": oobs[0]["oobCode"]}))
    assert body["localId"] == user["localId"], body
    assert body["email"] == "bob@example.com", body
    assert body["emailVerified"] is True, body

    # A redeemed code is gone.
    expect_no_oobs(api)


def test_should_error_when_trying_to_verify_and_change_email_without_id_token_or_email_or_new_email(api):
    register_alice(api)

    expect_error(send_oob_code(api, {"newEmail": "bob@example.com", "requestType": "VERIFY_AND_CHANGE_EMAIL"}),
                 400, "MISSING_ID_TOKEN")
    expect_error(send_oob_code(api, {"email": ALICE["email"], "requestType": "VERIFY_AND_CHANGE_EMAIL"}),
                 400, "MISSING_NEW_EMAIL")
    expect_error(send_oob_code_as_owner(api, {"newEmail": "bob@example.com", "returnOobLink": True,
                                              "requestType": "VERIFY_AND_CHANGE_EMAIL"}), 400, "MISSING_EMAIL")
    expect_error(send_oob_code_as_owner(api, {"email": ALICE["email"], "returnOobLink": True,
                                              "requestType": "VERIFY_AND_CHANGE_EMAIL"}), 400, "MISSING_NEW_EMAIL")

    expect_no_oobs(api)


def test_should_error_when_trying_to_verify_and_change_email_without_id_token_if_not_return_oob_link(api):
    user = register_alice(api)

    expect_error(send_oob_code(api, {"email": user["email"], "newEmail": "bob@example.com",
                                     "requestType": "VERIFY_AND_CHANGE_EMAIL"}), 400, "MISSING_ID_TOKEN")

    expect_no_oobs(api)


def test_should_error_when_trying_to_verify_and_change_email_not_associated_with_any_user(api):
    expect_error(send_oob_code_as_owner(api, {"email": "nosuchuser@example.com", "newEmail": "bob@example.com",
                                              "returnOobLink": True, "requestType": "VERIFY_AND_CHANGE_EMAIL"}),
                 400, "USER_NOT_FOUND")

    expect_no_oobs(api)


def test_should_error_if_new_email_is_already_associated_to_another_user(api):
    id_token = register_alice(api)["idToken"]
    another_user = register_user(api, "bob@example.com", "notasecret")

    expect_error(send_oob_code(api, {"idToken": id_token, "email": ALICE["email"],
                                     "newEmail": another_user["email"],
                                     "requestType": "VERIFY_AND_CHANGE_EMAIL"}), 400, "EMAIL_EXISTS")
    expect_error(send_oob_code_as_owner(api, {"email": ALICE["email"], "newEmail": another_user["email"],
                                              "returnOobLink": True, "requestType": "VERIFY_AND_CHANGE_EMAIL"}),
                 400, "EMAIL_EXISTS")

    expect_no_oobs(api)
