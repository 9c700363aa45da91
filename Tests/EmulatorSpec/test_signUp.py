"""Port of firebase-tools src/emulator/auth/signUp.spec.ts (commit a786bda)."""
from helpers import (DISPLAY_NAME, PHOTO_URL, PROJECT_ID, TEST_INVALID_PHONE_NUMBER, TEST_MFA_INFO,
                     TEST_PHONE_NUMBER, TEST_PHONE_NUMBER_2, V1, decode_jwt, error_message, expect_error,
                     expect_error_prefix, expect_status, get_account_info_by_id_token,
                     get_account_info_by_local_id, get_signin_methods, register_anon_user, register_tenant,
                     register_user, sign_in_with_fake_claims, sign_in_with_phone_number,
                     update_account_by_local_id, update_config)

SIGN_UP = f"{V1}/accounts:signUp"
BEFORE_CREATE_PATH = "/beforeCreate"
BEFORE_SIGN_IN_PATH = "/beforeSignIn"


def sign_up(api, body, **options):
    return api.post(SIGN_UP, body, **options)


def admin_sign_up(api, body):
    return api.post(SIGN_UP, body, key=None, bearer="owner")


def expect_anchored_in(container, expected):
    """Every key of `expected` is in `container` with an equal value (chai's `include` on an object)."""
    for name, value in expected.items():
        assert container.get(name) == value, (name, container)


def expect_nonempty_string(value):
    assert isinstance(value, str) and value, value


# ----------------------------------------------------------------------------------------------------------------

def test_should_throw_error_if_no_email_provided(api):
    expect_error(sign_up(api, {"password": "notasecret"}), 400, "MISSING_EMAIL")


def test_should_throw_error_if_empty_email_and_password_is_provided(api):
    expect_error(sign_up(api, {"email": "", "password": ""}), 400, "INVALID_EMAIL")


def test_should_issue_id_token_and_refresh_token_on_anon_sign_up(api):
    body = expect_status(200, sign_up(api, {"returnSecureToken": True}))
    assert isinstance(body.get("refreshToken"), str), body

    header, payload = decode_jwt(body["idToken"])
    assert header["alg"] == "none", header
    assert isinstance(payload.get("user_id"), str), payload
    assert payload.get("provider_id") == "anonymous", payload
    assert payload["firebase"].get("sign_in_provider") == "anonymous", payload


def test_should_issue_refresh_token_on_email_password_sign_up(api):
    email = "me@example.com"
    body = expect_status(200, sign_up(api, {"email": email, "password": "notasecret"}))
    assert isinstance(body.get("refreshToken"), str), body

    header, payload = decode_jwt(body["idToken"])
    assert header["alg"] == "none", header
    assert isinstance(payload.get("user_id"), str), payload
    assert "provider_id" not in payload, payload
    assert payload["firebase"].get("sign_in_provider") == "password", payload
    assert payload["firebase"].get("identities") == {"email": [email]}, payload


def test_should_ignore_display_name_and_photo_url_for_new_anon_account(api):
    user = {"displayName": "Me", "photoUrl": "http://localhost/my-profile.png"}
    body = expect_status(200, sign_up(api, user))
    assert "displayName" not in body, body
    assert "photoUrl" not in body, body

    info = get_account_info_by_id_token(api, body["idToken"])
    assert "displayName" not in info, info
    assert "photoUrl" not in info, info


def test_should_set_display_name_but_ignore_photo_url_for_new_password_account(api):
    user = {"email": "me@example.com", "password": "notasecret", "displayName": "Me",
            "photoUrl": "http://localhost/my-profile.png"}
    body = expect_status(200, sign_up(api, user))
    assert body.get("displayName") == user["displayName"], body
    assert "photoUrl" not in body, body

    info = get_account_info_by_id_token(api, body["idToken"])
    assert info.get("displayName") == user["displayName"], info
    assert "photoUrl" not in info, info


def test_should_disallow_duplicate_email_sign_up(api):
    register_user(api, "bob@example.com", "notasecret")
    expect_error(sign_up(api, {"email": "bob@example.com", "password": "notasecret"}), 400, "EMAIL_EXISTS")
    # A case variant of the same address is a duplicate too.
    expect_error(sign_up(api, {"email": "BOB@example.com", "password": "notasecret"}), 400, "EMAIL_EXISTS")


def test_should_error_if_another_account_exists_with_same_email_from_idp(api):
    email = "alice@example.com"
    sign_in_with_fake_claims(api, "google.com", {"sub": "123", "email": email})
    expect_error(sign_up(api, {"email": email, "password": "notasecret"}), 400, "EMAIL_EXISTS")


def test_should_error_when_email_format_is_invalid(api):
    expect_error(sign_up(api, {"email": "not.an.email.address.at.all", "password": "notasecret"}),
                 400, "INVALID_EMAIL")


def test_should_normalize_email_address_to_all_lowercase(api):
    body = expect_status(200, sign_up(api, {"email": "AlIcE@exAMPle.COM", "password": "notasecret"}))
    assert body.get("email") == "alice@example.com", body


def test_should_error_when_password_is_too_short(api):
    expect_error_prefix(sign_up(api, {"email": "me@example.com", "password": "short"}), 400, "WEAK_PASSWORD")


def test_should_error_when_id_token_is_provided_but_email_password_is_not(api):
    id_token = register_anon_user(api)["idToken"]
    expect_error(sign_up(api, {"idToken": id_token}), 400, "MISSING_EMAIL")
    expect_error(sign_up(api, {"idToken": id_token, "email": "alice@example.com"}), 400, "MISSING_PASSWORD")


def test_should_link_email_and_password_to_anon_user_if_id_token_is_provided(api):
    anon = register_anon_user(api)
    body = expect_status(200, sign_up(api, {"idToken": anon["idToken"], "email": "alice@example.com",
                                            "password": "notasecret"}))
    assert body.get("localId") == anon["localId"], body
    _, payload = decode_jwt(body["idToken"])
    assert payload["firebase"].get("sign_in_provider") == "password", payload


def test_should_link_email_and_password_to_phone_sign_in_user(api):
    phone_number = TEST_PHONE_NUMBER
    email = "alice@example.com"
    phone = sign_in_with_phone_number(api, phone_number)

    body = expect_status(200, sign_up(api, {"idToken": phone["idToken"], "email": email,
                                            "password": "notasecret"}))
    assert body.get("localId") == phone["localId"], body
    _, payload = decode_jwt(body["idToken"])
    assert payload["firebase"].get("sign_in_provider") == "password", payload
    # The account now has both the phone number and the email.
    assert payload["firebase"].get("identities") == {"phone": [phone_number], "email": [email]}, payload


def test_should_error_if_account_to_be_linked_is_disabled(api):
    anon = register_anon_user(api)
    update_account_by_local_id(api, anon["localId"], {"disableUser": True})

    expect_error(sign_up(api, {"idToken": anon["idToken"], "email": "alice@example.com",
                               "password": "notasecret"}), 400, "USER_DISABLED")


def test_should_replace_existing_email_password_in_linked_account(api):
    old_email, new_email = "alice@example.com", "bob@example.com"
    user = register_user(api, old_email, "notasecret")

    body = expect_status(200, sign_up(api, {"idToken": user["idToken"], "email": new_email,
                                            "password": "notasecret2"}))
    assert body.get("localId") == user["localId"], body
    assert body.get("email") == new_email, body
    _, payload = decode_jwt(body["idToken"])
    assert payload.get("email") == new_email, payload
    assert payload["firebase"].get("identities") == {"email": [new_email]}, payload

    assert not get_signin_methods(api, old_email)


def test_should_create_new_account_with_phone_number_when_authenticated(api):
    phone_number = TEST_PHONE_NUMBER
    display_name = "Alice"
    body = expect_status(200, admin_sign_up(api, {"phoneNumber": phone_number, "displayName": display_name}))
    # Authenticated requests get no tokens.
    assert "idToken" not in body, body
    assert "refreshToken" not in body, body
    assert body.get("displayName") == display_name, body
    expect_nonempty_string(body.get("localId"))

    # Signing in with the phone number reaches the same account, whose display name is already set.
    phone = sign_in_with_phone_number(api, phone_number)
    assert phone["localId"] == body["localId"], phone
    info = get_account_info_by_id_token(api, phone["idToken"])
    assert info.get("displayName") == display_name, info


def test_should_error_when_extra_local_id_parameter_is_provided(api):
    # An unauthenticated request cannot choose the user ID.
    expect_error(sign_up(api, {"localId": "anything"}), 400, "UNEXPECTED_PARAMETER : User ID")

    anon = register_anon_user(api)
    expect_error(admin_sign_up(api, {"idToken": anon["idToken"], "localId": anon["localId"]}),
                 400, "UNEXPECTED_PARAMETER : User ID")


def test_should_create_new_account_with_specified_local_id_when_authenticated(api):
    local_id = "haha"
    body = expect_status(200, admin_sign_up(api, {"localId": local_id}))
    assert "idToken" not in body, body
    assert "refreshToken" not in body, body
    assert body.get("localId") == local_id, body


def test_should_error_when_creating_new_user_with_duplicate_local_id(api):
    local_id = register_anon_user(api)["localId"]
    expect_error(admin_sign_up(api, {"localId": local_id}), 400, "DUPLICATE_LOCAL_ID")


def test_should_error_if_phone_number_is_invalid(api):
    expect_error(admin_sign_up(api, {"phoneNumber": TEST_INVALID_PHONE_NUMBER}),
                 400, "INVALID_PHONE_NUMBER : Invalid format.")


def test_should_create_new_account_with_multi_factor_info(api):
    local_id = register_user(api, "alice@example.com", "notasecret", mfa_info=[TEST_MFA_INFO])["localId"]
    info = get_account_info_by_local_id(api, local_id)
    assert len(info.get("mfaInfo") or []) == 1, info
    saved = info["mfaInfo"][0]
    expect_anchored_in(saved, TEST_MFA_INFO)
    expect_nonempty_string(saved.get("mfaEnrollmentId"))


def expect_two_factors(info):
    assert len(info.get("mfaInfo") or []) == 2, info
    for saved in info["mfaInfo"]:
        if saved.get("phoneInfo") != TEST_MFA_INFO["phoneInfo"]:
            assert saved.get("phoneInfo") == TEST_PHONE_NUMBER_2, saved
        else:
            expect_anchored_in(saved, TEST_MFA_INFO)
        expect_nonempty_string(saved.get("mfaEnrollmentId"))


def test_should_create_new_account_with_two_mfa_factors(api):
    mfa_info = [TEST_MFA_INFO, {**TEST_MFA_INFO, "phoneInfo": TEST_PHONE_NUMBER_2}]
    local_id = register_user(api, "alice@example.com", "notasecret", mfa_info=mfa_info)["localId"]
    expect_two_factors(get_account_info_by_local_id(api, local_id))


def test_should_de_duplicate_factors_with_the_same_info_on_create(api):
    alice = register_user(api, "alice@example.com", "notasecret",
                          mfa_info=[TEST_MFA_INFO, TEST_MFA_INFO, TEST_MFA_INFO])
    alice_info = get_account_info_by_local_id(api, alice["localId"])
    assert len(alice_info.get("mfaInfo") or []) == 1, alice_info
    expect_anchored_in(alice_info["mfaInfo"][0], TEST_MFA_INFO)
    expect_nonempty_string(alice_info["mfaInfo"][0].get("mfaEnrollmentId"))

    bob = register_user(api, "bob@example.com", "notasecret",
                        mfa_info=[TEST_MFA_INFO, TEST_MFA_INFO, TEST_MFA_INFO,
                                  {**TEST_MFA_INFO, "phoneInfo": TEST_PHONE_NUMBER_2}])
    expect_two_factors(get_account_info_by_local_id(api, bob["localId"]))


def test_does_not_require_a_display_name_for_multi_factor_info(api):
    mfa_info = {"phoneInfo": TEST_PHONE_NUMBER}
    local_id = register_user(api, "alice@example.com", "notasecret", mfa_info=[mfa_info])["localId"]
    info = get_account_info_by_local_id(api, local_id)
    assert len(info.get("mfaInfo") or []) == 1, info
    saved = info["mfaInfo"][0]
    expect_anchored_in(saved, mfa_info)
    expect_nonempty_string(saved.get("mfaEnrollmentId"))
    assert "displayName" not in saved, saved


def test_should_error_if_multi_factor_phone_number_is_invalid(api):
    user = {"email": "alice@example.com", "password": "notasecret",
            "mfaInfo": [{"phoneInfo": TEST_INVALID_PHONE_NUMBER}]}
    expect_error(admin_sign_up(api, user), 400, "INVALID_MFA_PHONE_NUMBER : Invalid format.")


def test_should_ignore_if_multi_factor_enrollment_id_is_specified_on_create(api):
    ignored = ["thisShouldBeIgnored1", "thisShouldBeIgnored2"]
    mfa_info = [{**TEST_MFA_INFO, "mfaEnrollmentId": enrollment_id} for enrollment_id in ignored]
    local_id = register_user(api, "alice@example.com", "notasecret", mfa_info=mfa_info)["localId"]
    info = get_account_info_by_local_id(api, local_id)
    assert len(info.get("mfaInfo") or []) == 1, info
    saved = info["mfaInfo"][0]
    expect_anchored_in(saved, TEST_MFA_INFO)
    expect_nonempty_string(saved.get("mfaEnrollmentId"))
    assert saved["mfaEnrollmentId"] not in ignored, saved


def test_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})
    response = sign_up(api, {"tenantId": tenant["tenantId"]})
    expect_status(400, response)
    assert "PROJECT_DISABLED" in error_message(response), response.text


def test_should_error_if_password_sign_up_is_not_allowed(api):
    tenant = register_tenant(api, PROJECT_ID, {"allowPasswordSignup": False})
    response = sign_up(api, {"tenantId": tenant["tenantId"], "email": "me@example.com", "password": "notasecret"})
    expect_status(400, response)
    assert "OPERATION_NOT_ALLOWED" in error_message(response), response.text


def test_should_error_if_anonymous_user_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"enableAnonymousUser": False})
    response = sign_up(api, {"tenantId": tenant["tenantId"], "returnSecureToken": True})
    expect_status(400, response)
    assert "ADMIN_ONLY_OPERATION" in error_message(response), response.text


def test_should_create_new_account_with_tenant_info(api):
    tenant = register_tenant(api, PROJECT_ID, {"allowPasswordSignup": True})
    body = expect_status(200, sign_up(api, {"tenantId": tenant["tenantId"], "email": "alice@example.com",
                                            "password": "notasecret"}))
    info = get_account_info_by_local_id(api, body["localId"], tenant["tenantId"])
    assert info.get("tenantId") == tenant["tenantId"], info


# when blocking functions are present ----------------------------------------------------------------------------

def queue_replies(functions, replies):
    """Queues on the shared fake `functions` the (status, body) answers of each path in `replies`, each given once
    and in order (like nock interceptors); every POST is recorded."""
    for path, answers in replies.items():
        for status, body in answers:
            functions.reply(path, body, status)


def configure_triggers(api, functions, *paths):
    names = {BEFORE_CREATE_PATH: "beforeCreate", BEFORE_SIGN_IN_PATH: "beforeSignIn"}
    triggers = {names[path]: {"functionUri": functions.url(path)} for path in paths}
    update_config(api, PROJECT_ID, {"blockingFunctions": {"triggers": triggers}}, "blockingFunctions")


def expect_password_tokens_with_blocking_fields(response, email, session_claims):
    body = expect_status(200, response)
    assert isinstance(body.get("refreshToken"), str), body
    _, payload = decode_jwt(body["idToken"])
    assert payload["firebase"].get("sign_in_provider") == "password", payload
    assert payload["firebase"].get("identities") == {"email": [email]}, payload
    assert body.get("displayName") == DISPLAY_NAME, body
    assert payload.get("name") == DISPLAY_NAME, payload
    assert payload.get("picture") == PHOTO_URL, payload
    assert payload.get("email_verified") is True, payload
    assert payload.get("customAttribute") == "custom", payload
    if session_claims:
        assert payload.get("sessionAttribute") == "session", payload


BEFORE_SIGN_IN_REPLY = {"userRecord": {
    "updateMask": "displayName,photoUrl,emailVerified,customClaims,sessionClaims",
    "displayName": DISPLAY_NAME, "photoUrl": PHOTO_URL, "emailVerified": True,
    "customClaims": {"customAttribute": "custom"}, "sessionClaims": {"sessionAttribute": "session"}}}


def test_should_update_modifiable_fields_with_before_create_response_for_a_new_email_password_user(
        api, functions):
    queue_replies(functions, {BEFORE_CREATE_PATH: [(200, {"userRecord": {
        "updateMask": "displayName,photoUrl,emailVerified,customClaims",
        "displayName": DISPLAY_NAME, "photoUrl": PHOTO_URL, "emailVerified": True,
        "customClaims": {"customAttribute": "custom"}}})]})
    configure_triggers(api, functions, BEFORE_CREATE_PATH)

    email = "me@example.com"
    expect_password_tokens_with_blocking_fields(sign_up(api, {"email": email, "password": "notasecret"}),
                                                email, session_claims=False)
    assert functions.all_answered(), functions.paths_called()


def test_should_update_modifiable_fields_with_before_sign_in_response_for_a_new_email_password_user(
        api, functions):
    queue_replies(functions, {BEFORE_SIGN_IN_PATH: [(200, BEFORE_SIGN_IN_REPLY)]})
    configure_triggers(api, functions, BEFORE_SIGN_IN_PATH)

    email = "me@example.com"
    expect_password_tokens_with_blocking_fields(sign_up(api, {"email": email, "password": "notasecret"}),
                                                email, session_claims=True)
    assert functions.all_answered(), functions.paths_called()


def test_before_sign_in_fields_should_overwrite_before_create_fields(api, functions):
    queue_replies(functions, {
        BEFORE_CREATE_PATH: [(200, {"userRecord": {
            "updateMask": "displayName,photoUrl,emailVerified,customClaims",
            "displayName": "oldDisplayName", "photoUrl": "oldPhotoUrl", "emailVerified": False,
            "customClaims": {"customAttribute": "oldCustom"}}})],
        BEFORE_SIGN_IN_PATH: [(200, BEFORE_SIGN_IN_REPLY)],
    })
    configure_triggers(api, functions, BEFORE_CREATE_PATH, BEFORE_SIGN_IN_PATH)

    email = "me@example.com"
    expect_password_tokens_with_blocking_fields(sign_up(api, {"email": email, "password": "notasecret"}),
                                                email, session_claims=True)
    assert functions.all_answered(), functions.paths_called()


def test_should_disable_new_user_if_set(api, functions):
    queue_replies(functions, {BEFORE_CREATE_PATH: [(200, {"userRecord": {
        "updateMask": "disabled", "disabled": True}})]})
    configure_triggers(api, functions, BEFORE_CREATE_PATH)

    expect_error(sign_up(api, {"email": "me@example.com", "password": "notasecret"}), 400, "USER_DISABLED")
    assert functions.all_answered(), functions.paths_called()


def test_should_not_trigger_blocking_functions_for_privileged_requests(api, functions):
    queue_replies(functions, {BEFORE_CREATE_PATH: [(400, None)], BEFORE_SIGN_IN_PATH: [(400, None)]})
    configure_triggers(api, functions, BEFORE_CREATE_PATH, BEFORE_SIGN_IN_PATH)

    display_name = "Alice"
    body = expect_status(200, admin_sign_up(api, {"phoneNumber": TEST_PHONE_NUMBER, "displayName": display_name}))
    assert "idToken" not in body, body
    assert "refreshToken" not in body, body
    assert body.get("displayName") == display_name, body
    expect_nonempty_string(body.get("localId"))

    # Neither function was called.
    assert not functions.all_answered(), functions.paths_called()
    assert functions.paths_called() == [], functions.paths_called()
