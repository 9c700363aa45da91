"""Port of firebase-tools src/emulator/auth/idp.spec.ts (commit a786bda)."""
import base64
import json
import time
import urllib.parse

from helpers import (DISPLAY_NAME, FAKE_GOOGLE_ACCOUNT, PHOTO_URL, PROJECT_ID, TEST_PHONE_NUMBER, V1,
                     decode_jwt, enroll_phone_mfa, error_message, expect_error, expect_status, fake_claims,
                     get_account_info_by_id_token, get_account_info_by_local_id, get_signin_methods,
                     register_anon_user, register_tenant, register_user, sign_in_with_email_link,
                     sign_in_with_fake_claims, sign_in_with_phone_number, update_account_by_local_id,
                     update_config, update_project_config)

SIGN_IN_WITH_IDP = f"{V1}/accounts:signInWithIdp"
PROVIDER_PASSWORD = "password"
SIGNIN_METHOD_EMAIL_LINK = "emailLink"
GOOGLE_SCOPES = {"openid", "https://www.googleapis.com/auth/userinfo.profile",
                 "https://www.googleapis.com/auth/userinfo.email"}


def compact_json(value):
    """JSON text as JavaScript's JSON.stringify writes it (no spaces)."""
    return json.dumps(value, separators=(",", ":"))


def encode_uri_component(text):
    """JavaScript's encodeURIComponent."""
    return urllib.parse.quote(text, safe="!~*'()")


def sign_in_with_idp(api, body):
    return api.post(SIGN_IN_WITH_IDP, body)


def _b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _production_shaped_google_token(raw_id, email=None):
    """A token shaped like one Google issues (RS256 header with a key id, zeroed signature); never verified."""
    header = {"alg": "RS256", "kid": "0123456789abcdef0123456789abcdef01234567", "typ": "JWT"}
    payload = {"iss": "accounts.google.com", "azp": "prod-client.apps.googleusercontent.com",
               "aud": "prod-client.apps.googleusercontent.com", "sub": raw_id}
    if email is not None:
        payload.update(email=email, email_verified=True)
    payload.update(at_hash="AbCdEfGhIjKlMnOpQrStUv", iat=1597882681, exp=1597886281)
    return ".".join([_b64url(compact_json(header).encode()), _b64url(compact_json(payload).encode()), "0" * 342])


PRODUCTION_GOOGLE_ACCOUNT = {
    "email": "prod.shaped.account@gmail.com",
    "emailVerified": True,
    "rawId": "109876543210987654321",
}
PRODUCTION_GOOGLE_ACCOUNT["idToken"] = _production_shaped_google_token(
    PRODUCTION_GOOGLE_ACCOUNT["rawId"], PRODUCTION_GOOGLE_ACCOUNT["email"])


def check_firebase_token(id_token, identities, provider):
    """The emulator's ID token: unsigned, no provider_id, the given identities and sign_in_provider."""
    header, payload = decode_jwt(id_token)
    assert header["alg"] == "none", header
    assert "provider_id" not in payload, payload
    assert payload["firebase"]["identities"] == identities, payload
    assert payload["firebase"]["sign_in_provider"] == provider, payload
    return payload


def check_new_google_account(response, account):
    body = expect_status(200, response)
    assert body["isNewUser"] is True, body
    assert body["email"] == account["email"], body
    assert body["emailVerified"] == account["emailVerified"], body
    assert body["federatedId"] == f"https://accounts.google.com/{account['rawId']}", body
    assert body["oauthIdToken"] == account["idToken"], body
    assert body["providerId"] == "google.com", body
    assert isinstance(body.get("refreshToken"), str), body
    # The token carries no name or picture, so neither does the account.
    assert "displayName" not in body, body
    assert "photoUrl" not in body, body

    raw = json.loads(body["rawUserInfo"])
    assert raw["id"] == account["rawId"], raw
    assert raw["email"] == account["email"], raw
    assert raw["verified_email"] is True, raw
    assert raw["locale"] == "en", raw
    scopes = raw["granted_scopes"].split(" ")
    assert sorted(scopes) == sorted(GOOGLE_SCOPES), raw

    check_firebase_token(body["idToken"], {"google.com": [account["rawId"]], "email": [account["email"]]},
                         "google.com")


# sign-in with credential

def test_should_create_new_account_with_idp_from_unsigned_id_token(api):
    response = sign_in_with_idp(api, {
        "postBody": f"providerId=google.com&id_token={FAKE_GOOGLE_ACCOUNT['idToken']}",
        "requestUri": "http://localhost", "returnIdpCredential": True, "returnSecureToken": True})
    check_new_google_account(response, FAKE_GOOGLE_ACCOUNT)


def test_should_create_new_account_with_idp_from_production_id_token(api):
    response = sign_in_with_idp(api, {
        "postBody": f"providerId=google.com&id_token={PRODUCTION_GOOGLE_ACCOUNT['idToken']}",
        "requestUri": "http://localhost", "returnIdpCredential": True, "returnSecureToken": True})
    check_new_google_account(response, PRODUCTION_GOOGLE_ACCOUNT)


def test_should_create_new_account_with_idp_from_unencoded_json_claims(api):
    claims = fake_claims(sub="123456789012345678901", name="Ada Lovelace", given_name="Ada",
                         family_name="Lovelace", picture="http://localhost/fake-picture-url.png")
    fake_id_token = compact_json(claims)
    body = expect_status(200, sign_in_with_idp(api, {
        "postBody": f"providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "requestUri": "http://localhost", "returnIdpCredential": True, "returnSecureToken": True}))
    assert body["isNewUser"] is True, body
    assert body["federatedId"] == f"https://accounts.google.com/{claims['sub']}", body
    assert body["oauthIdToken"] == fake_id_token, body
    assert body["providerId"] == "google.com", body
    assert body["displayName"] == claims["name"], body
    assert body["fullName"] == claims["name"], body
    assert body["firstName"] == claims["given_name"], body
    assert body["lastName"] == claims["family_name"], body
    assert body["photoUrl"] == claims["picture"], body
    assert isinstance(body.get("refreshToken"), str), body

    raw = json.loads(body["rawUserInfo"])
    assert raw["id"] == claims["sub"], raw
    assert raw["name"] == claims["name"], raw
    assert raw["given_name"] == claims["given_name"], raw
    assert raw["family_name"] == claims["family_name"], raw
    assert raw["picture"] == claims["picture"], raw
    assert "https://www.googleapis.com/auth/userinfo.email" not in raw["granted_scopes"].split(" "), raw

    check_firebase_token(body["idToken"], {"google.com": [claims["sub"]]}, "google.com")


def test_should_accept_params_e_g_provider_id_id_token_in_request_uri(api):
    fake_id_token = compact_json(fake_claims(sub="123456789012345678901"))
    body = expect_status(200, sign_in_with_idp(api, {
        # No postBody: everything is in requestUri.
        "requestUri": f"http://localhost?providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "returnIdpCredential": True}))
    assert body["providerId"] == "google.com", body


def test_should_copy_attributes_to_user_on_idp_sign_up(api):
    claims = fake_claims(sub="123456789012345678901", screen_name="turingcomplete", name="Alan Turing",
                         picture="http://localhost/turing.png")
    id_token = sign_in_with_fake_claims(api, "google.com", claims)["idToken"]

    user = get_account_info_by_id_token(api, id_token)
    assert user.get("photoUrl") == claims["picture"], user
    assert user.get("displayName") == claims["name"], user
    assert user.get("screenName") == claims["screen_name"], user


def test_should_allow_duplicate_emails_if_set_in_project_config(api):
    update_project_config(api, {"signIn": {"allowDuplicateEmails": True}})
    email = "alice@example.com"
    user1 = register_user(api, email, "notasecret")

    user2 = sign_in_with_fake_claims(api, "google.com", {"sub": "123456789012345678901", "email": email})

    assert user2["localId"] != user1["localId"]


def test_should_sign_up_new_users_without_copying_email_when_allowing_duplicate_emails(api):
    update_project_config(api, {"signIn": {"allowDuplicateEmails": True}})
    email = "alice@example.com"
    user1 = sign_in_with_fake_claims(api, "google.com", {"sub": "123456789012345678901", "email": email})

    info = get_account_info_by_id_token(api, user1["idToken"])
    assert "email" not in info, info


def test_should_allow_multiple_providers_with_same_email_when_allowing_duplicate_emails(api):
    update_project_config(api, {"signIn": {"allowDuplicateEmails": True}})
    email = "alice@example.com"
    user1 = sign_in_with_fake_claims(api, "google.com", {"sub": "123456789012345678901", "email": email})
    user2 = sign_in_with_fake_claims(api, "facebook.com", {"sub": "123456789012345678901", "email": email})

    assert user2["localId"] != user1["localId"]


def test_should_sign_in_existing_account_if_provider_id_sub_is_the_same(api):
    user1 = sign_in_with_fake_claims(api, "google.com", {"sub": "123456789012345678901"})

    user2 = sign_in_with_fake_claims(api, "google.com", {"sub": "123456789012345678901"})
    assert user2["localId"] == user1["localId"]

    user3 = sign_in_with_fake_claims(api, "google.com", {"sub": "000000000000000000000"})
    assert user3["localId"] != user1["localId"]

    user4 = sign_in_with_fake_claims(api, "apple.com", {"sub": "123456789012345678901"})
    assert user4["localId"] != user1["localId"]


def test_should_error_if_user_is_disabled(api):
    user = sign_in_with_fake_claims(api, "google.com", {"sub": "123456789012345678901"})
    update_account_by_local_id(api, user["localId"], {"disableUser": True})

    fake_id_token = compact_json(fake_claims(sub="123456789012345678901", name="Foo"))
    response = sign_in_with_idp(api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "requestUri": "http://localhost", "returnIdpCredential": True})
    expect_error(response, 400, "USER_DISABLED")


def test_should_add_idp_as_a_sign_in_method_for_email_if_available(api):
    email = "foo@example.com"
    sub = "123456789012345678901"
    sign_in_with_fake_claims(api, "google.com", {"sub": sub, "email": email})
    assert get_signin_methods(api, email) == ["google.com"]

    new_email = "bar@example.com"
    id_token = sign_in_with_fake_claims(api, "google.com", {"sub": sub, "email": new_email})["idToken"]
    assert get_signin_methods(api, new_email) == ["google.com"]

    # The account-level email stays the first one.
    info = get_account_info_by_id_token(api, id_token)
    assert info.get("email") == email, info


def test_should_unlink_password_and_overwite_profile_attributes_if_user_had_unverified_email(api):
    registered = register_user(api, "foo@example.com", "notasecret", display_name="Foo")
    local_id, email = registered["localId"], registered["email"]

    provider_id = "google.com"
    photo_url = "http://localhost/photo-from-idp.png"
    idp_sign_in = sign_in_with_fake_claims(api, provider_id, {
        "sub": "123456789012345678901", "email": email, "email_verified": True, "picture": photo_url})

    # Same account, but the password is unlinked.
    assert idp_sign_in["localId"] == local_id
    methods = get_signin_methods(api, email)
    assert methods == [provider_id]
    assert PROVIDER_PASSWORD not in methods

    info = get_account_info_by_id_token(api, idp_sign_in["idToken"])
    assert info.get("emailVerified") is True, info
    # Profile attributes are overwritten by the IdP's or cleared.
    assert info.get("photoUrl") == photo_url, info
    assert "displayName" not in info, info


def test_should_not_unlink_password_if_email_was_already_verified(api):
    registered = register_user(api, "foo@example.com", "notasecret", display_name="Foo")
    local_id, email = registered["localId"], registered["email"]
    sign_in_with_email_link(api, email)  # verifies the email

    provider_id = "google.com"
    photo_url = "http://localhost/photo-from-idp.png"
    idp_sign_in = sign_in_with_fake_claims(api, provider_id, {
        "sub": "123456789012345678901", "email": email, "email_verified": True, "picture": photo_url})

    # Same account, every provider kept.
    assert idp_sign_in["localId"] == local_id
    methods = get_signin_methods(api, email)
    assert sorted(methods) == sorted([provider_id, PROVIDER_PASSWORD, SIGNIN_METHOD_EMAIL_LINK]), methods

    info = get_account_info_by_id_token(api, idp_sign_in["idToken"])
    assert info.get("emailVerified") is True, info
    assert info.get("photoUrl") == photo_url, info
    assert "displayName" not in info, info


def test_should_return_need_confirmation_if_both_account_and_idp_has_unverified_email(api):
    email = "bar@example.com"
    provider_id1 = "facebook.com"
    original_display_name = "Bar"
    first = sign_in_with_fake_claims(api, provider_id1, {
        "sub": "123456789012345678901", "email": email, "email_verified": False, "name": original_display_name})

    provider_id2 = "google.com"
    fake_id_token = compact_json(fake_claims(sub="123456789012345678901", email=email, email_verified=False,
                                             name="Foo", picture="http://localhost/photo-from-idp.png"))
    body = expect_status(200, sign_in_with_idp(api, {
        "requestUri": f"http://localhost?providerId={provider_id2}&id_token={encode_uri_component(fake_id_token)}",
        "returnIdpCredential": True}))
    assert body.get("needConfirmation") is True, body
    assert body.get("localId") == first["localId"], body
    assert "idToken" not in body, body
    assert body.get("verifiedProvider") == [provider_id1], body

    methods = get_signin_methods(api, email)
    assert sorted(methods) == [provider_id1], methods
    assert provider_id2 not in methods

    # The account is unchanged.
    info = get_account_info_by_id_token(api, first["idToken"])
    assert info.get("emailVerified") is False, info
    assert info.get("displayName") == original_display_name, info
    assert "photoUrl" not in info, info


def test_should_error_when_request_uri_is_missing_or_invalid(api):
    response = sign_in_with_idp(api, {"postBody": f"id_token={FAKE_GOOGLE_ACCOUNT['idToken']}"})
    expect_error(response, 400, "MISSING_REQUEST_URI")

    response = sign_in_with_idp(api, {"postBody": f"id_token={FAKE_GOOGLE_ACCOUNT['idToken']}",
                                      "requestUri": "notAnAbsoluteUriAndThusInvalid"})
    expect_error(response, 400, "INVALID_REQUEST_URI")


def test_should_error_when_missing_provider_id_is_missing(api):
    response = sign_in_with_idp(api, {"postBody": f"id_token={FAKE_GOOGLE_ACCOUNT['idToken']}",
                                      "requestUri": "http://localhost"})
    expect_status(400, response)
    assert "INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential:" in error_message(response), \
        response.text


def test_should_error_when_sub_is_missing_or_not_a_string(api):
    # No sub in the token.
    response = sign_in_with_idp(api, {"postBody": f"providerId=google.com&id_token={compact_json({})}",
                                      "requestUri": "http://localhost"})
    expect_status(400, response)
    assert "INVALID_IDP_RESPONSE" in error_message(response), response.text

    # sub is a number.
    response = sign_in_with_idp(api, {"postBody": f"providerId=google.com&id_token={compact_json({'sub': 12345})}",
                                      "requestUri": "http://localhost"})
    expect_status(400, response)
    assert "INVALID_IDP_RESPONSE" in error_message(response), response.text


def test_should_link_idp_to_existing_account_by_id_token(api):
    user = register_user(api, "foo@example.com", "notasecret")
    claims = fake_claims(sub="123456789012345678901", name="Foo")
    fake_id_token = compact_json(claims)
    body = expect_status(200, sign_in_with_idp(api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "requestUri": "http://localhost", "returnIdpCredential": True}))
    assert not body.get("isNewUser"), body
    assert body["localId"] == user["localId"], body
    assert isinstance(body.get("refreshToken"), str), body
    check_firebase_token(body["idToken"], {"google.com": [claims["sub"]], "email": [user["email"]]}, "google.com")

    methods = get_signin_methods(api, user["email"])
    assert sorted(methods) == sorted(["google.com", PROVIDER_PASSWORD]), methods


def test_should_copy_idp_email_to_user_level_email_if_not_present(api):
    user = sign_in_with_phone_number(api, TEST_PHONE_NUMBER)
    claims = fake_claims(sub="123456789012345678901", name="Foo", email="example@google.com")
    fake_id_token = compact_json(claims)
    body = expect_status(200, sign_in_with_idp(api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "requestUri": "http://localhost", "returnIdpCredential": True}))
    assert not body.get("isNewUser"), body
    assert body["localId"] == user["localId"], body
    assert isinstance(body.get("refreshToken"), str), body
    check_firebase_token(body["idToken"], {"google.com": [claims["sub"]], "email": [claims["email"]],
                                           "phone": [TEST_PHONE_NUMBER]}, "google.com")

    info = get_account_info_by_id_token(api, body["idToken"])
    assert info.get("email") == claims["email"], info
    assert bool(info.get("emailVerified")) == bool(claims.get("email_verified")), info


def test_should_error_if_user_to_be_linked_is_disabled(api):
    user = register_user(api, "foo@example.com", "notasecret")
    update_account_by_local_id(api, user["localId"], {"disableUser": True})

    fake_id_token = compact_json(fake_claims(sub="123456789012345678901", name="Foo"))
    response = sign_in_with_idp(api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "requestUri": "http://localhost", "returnIdpCredential": True})
    expect_error(response, 400, "USER_DISABLED")


def _check_mfa_pending(response):
    body = expect_status(200, response)
    assert "idToken" not in body, body
    assert "refreshToken" not in body, body
    assert isinstance(body.get("mfaPendingCredential"), str), body
    assert isinstance(body.get("mfaInfo"), list) and len(body["mfaInfo"]) == 1, body


def test_should_return_pending_credential_for_mfa_enabled_user(api):
    claims = fake_claims(sub="123456789012345678901", name="Foo", email="foo@example.com", email_verified=True)
    signed_in = sign_in_with_fake_claims(api, "google.com", claims)
    enroll_phone_mfa(api, signed_in["idToken"], TEST_PHONE_NUMBER)
    before_sign_in = get_account_info_by_local_id(api, signed_in["localId"])

    time.sleep(1.1)  # firebase-tools ticks its fake clock by 3333 ms here

    _check_mfa_pending(sign_in_with_idp(api, {
        "postBody": f"providerId=google.com&id_token={encode_uri_component(compact_json(claims))}",
        "requestUri": "http://localhost", "returnIdpCredential": True}))

    # Login and refresh times stay until the second factor succeeds.
    after_first_factor = get_account_info_by_local_id(api, signed_in["localId"])
    assert after_first_factor.get("lastLoginAt") == before_sign_in.get("lastLoginAt"), after_first_factor
    assert after_first_factor.get("lastRefreshAt") == before_sign_in.get("lastRefreshAt"), after_first_factor


def test_should_link_idp_for_existing_mfa_enabled_user(api):
    email = "alice@example.com"
    signed_in = sign_in_with_email_link(api, email)
    enroll_phone_mfa(api, signed_in["idToken"], TEST_PHONE_NUMBER)

    claims = fake_claims(sub="123456789012345678901", name="Foo", email=email, email_verified=True)
    _check_mfa_pending(sign_in_with_idp(api, {
        "postBody": f"providerId=google.com&id_token={encode_uri_component(compact_json(claims))}",
        "requestUri": "http://localhost", "returnIdpCredential": True}))

    # The IdP is linked before the second factor is verified ...
    methods = get_signin_methods(api, email)
    assert sorted(methods) == sorted(["google.com", "emailLink"]), methods
    # ... and its profile is copied into the account.
    info = get_account_info_by_local_id(api, signed_in["localId"])
    assert info.get("displayName") == claims["name"], info


def test_should_return_error_if_idp_account_is_already_linked_to_the_same_user(api):
    claims = {"sub": "123456789012345678901", "email": "alice@example.com", "email_verified": False}
    id_token = sign_in_with_fake_claims(api, "google.com", claims)["idToken"]

    fake_id_token = compact_json(claims)
    body = expect_status(200, sign_in_with_idp(api, {
        "idToken": id_token,
        "postBody": f"providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "requestUri": "http://localhost", "returnIdpCredential": True}))
    assert "localId" not in body, body
    assert "refreshToken" not in body, body
    assert body.get("errorMessage") == "FEDERATED_USER_ID_ALREADY_LINKED", body
    assert body.get("oauthIdToken") == fake_id_token, body


def test_should_return_error_if_idp_account_is_already_linked_to_another_user(api):
    provider_id = "google.com"
    claims = {"sub": "123456789012345678901", "email": "alice@example.com", "email_verified": False}
    sign_in_with_fake_claims(api, provider_id, claims)
    user = register_user(api, "foo@example.com", "notasecret")

    fake_id_token = compact_json(claims)
    response = sign_in_with_idp(api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "requestUri": "http://localhost"})
    expect_error(response, 400, "FEDERATED_USER_ID_ALREADY_LINKED")

    # Neither account changed.
    assert get_signin_methods(api, user["email"]) == [PROVIDER_PASSWORD]
    assert get_signin_methods(api, claims["email"]) == [provider_id]


def test_should_return_error_if_idp_account_email_already_exists_if_not_allow_duplicate_email(api):
    email = "alice@example.com"
    register_user(api, email, "notasecret")

    id_token = register_anon_user(api)["idToken"]
    fake_id_token = compact_json(fake_claims(sub="12345", email=email))
    response = sign_in_with_idp(api, {
        "idToken": id_token,
        "postBody": f"providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "requestUri": "http://localhost"})
    expect_error(response, 400, "EMAIL_EXISTS")


def test_should_allow_linking_idp_account_with_same_email_to_same_user(api):
    email = "alice@example.com"
    user = register_user(api, email, "notasecret")

    fake_id_token = compact_json(fake_claims(sub="12345", email=email, email_verified=True))
    body = expect_status(200, sign_in_with_idp(api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "requestUri": "http://localhost"}))
    assert body.get("localId") == user["localId"], body

    info = get_account_info_by_id_token(api, body["idToken"])
    assert info.get("emailVerified") is True, info


def test_should_allow_linking_idp_account_with_same_email_if_allow_duplicate_email(api):
    email = "alice@example.com"
    register_user(api, email, "notasecret")
    update_project_config(api, {"signIn": {"allowDuplicateEmails": True}})

    anon = register_anon_user(api)
    fake_id_token = compact_json(fake_claims(sub="12345", email=email))
    body = expect_status(200, sign_in_with_idp(api, {
        "idToken": anon["idToken"],
        "postBody": f"providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "requestUri": "http://localhost"}))
    assert body.get("localId") == anon["localId"], body


def test_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    response = sign_in_with_idp(api, {"tenantId": tenant["tenantId"]})
    expect_status(400, response)
    assert "PROJECT_DISABLED" in error_message(response), response.text


def test_should_create_a_new_account_with_tenant_id(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False})

    body = expect_status(200, sign_in_with_idp(api, {
        "postBody": f"providerId=google.com&id_token={FAKE_GOOGLE_ACCOUNT['idToken']}",
        "requestUri": "http://localhost", "returnIdpCredential": True, "returnSecureToken": True,
        "tenantId": tenant["tenantId"]}))
    assert body.get("tenantId") == tenant["tenantId"], body

    user = get_account_info_by_local_id(api, body["localId"], tenant["tenantId"])
    assert user.get("tenantId") == tenant["tenantId"], user


def test_should_return_pending_credential_for_mfa_enabled_user_and_enabled_on_tenant_project(api):
    tenant = register_tenant(api, PROJECT_ID, {
        "disableAuth": False, "mfaConfig": {"state": "ENABLED", "enabledProviders": ["PHONE_SMS"]}})
    tenant_id = tenant["tenantId"]
    claims = fake_claims(sub="123456789012345678901", name="Foo", email="foo@example.com", email_verified=True)
    signed_in = sign_in_with_fake_claims(api, "google.com", claims, tenant_id)
    enroll_phone_mfa(api, signed_in["idToken"], TEST_PHONE_NUMBER, tenant_id)
    before_sign_in = get_account_info_by_local_id(api, signed_in["localId"], tenant_id)

    time.sleep(1.1)  # firebase-tools ticks its fake clock by 3333 ms here

    _check_mfa_pending(sign_in_with_idp(api, {
        "postBody": f"providerId=google.com&id_token={encode_uri_component(compact_json(claims))}",
        "requestUri": "http://localhost", "returnIdpCredential": True, "tenantId": tenant_id}))

    after_first_factor = get_account_info_by_local_id(api, signed_in["localId"], tenant_id)
    assert after_first_factor.get("lastLoginAt") == before_sign_in.get("lastLoginAt"), after_first_factor
    assert after_first_factor.get("lastRefreshAt") == before_sign_in.get("lastRefreshAt"), after_first_factor


def _saml_sign_in(api, saml_response=None):
    post_body = f"providerId=saml.saml&id_token={FAKE_GOOGLE_ACCOUNT['idToken']}"
    if saml_response is not None:
        post_body += f"&SAMLResponse={compact_json(saml_response)}"  # sent unencoded, as firebase-tools does
    return sign_in_with_idp(api, {"postBody": post_body, "requestUri": "http://localhost",
                                  "returnIdpCredential": True, "returnSecureToken": True})


def test_should_error_if_saml_response_is_missing_assertion(api):
    response = _saml_sign_in(api, {})
    expect_status(400, response)
    assert "INVALID_IDP_RESPONSE" in error_message(response), response.text


def test_should_error_if_saml_response_is_missing_assertion_subject(api):
    response = _saml_sign_in(api, {"assertion": {}})
    expect_status(400, response)
    assert "INVALID_IDP_RESPONSE" in error_message(response), response.text


def test_should_error_if_saml_response_is_missing_assertion_subject_name_id(api):
    response = _saml_sign_in(api, {"assertion": {"subject": {}}})
    expect_status(400, response)
    assert "INVALID_IDP_RESPONSE" in error_message(response), response.text


def test_should_create_an_account_for_generic_saml_providers(api):
    body = expect_status(200, _saml_sign_in(api))
    assert body["isNewUser"] is True, body
    assert body["email"] == FAKE_GOOGLE_ACCOUNT["email"], body
    assert body["emailVerified"] is True, body
    assert body["federatedId"] == FAKE_GOOGLE_ACCOUNT["rawId"], body
    assert body["oauthIdToken"] == FAKE_GOOGLE_ACCOUNT["idToken"], body
    assert body["providerId"] == "saml.saml", body
    assert isinstance(body.get("refreshToken"), str), body
    assert "displayName" not in body, body
    assert "photoUrl" not in body, body

    check_firebase_token(body["idToken"], {"saml.saml": [FAKE_GOOGLE_ACCOUNT["rawId"]],
                                           "email": [FAKE_GOOGLE_ACCOUNT["email"]]}, "saml.saml")


def test_should_include_fields_in_saml_response_for_saml_providers(api):
    other_email = "otherEmail@gmail.com"
    attribute_statements = {"name": "Jane Doe", "mail": "otherOtherEmail@gmail.com"}
    body = expect_status(200, _saml_sign_in(api, {
        "assertion": {"subject": {"nameId": other_email}, "attributeStatements": attribute_statements}}))
    assert body["email"] == other_email, body
    assert json.loads(body["rawUserInfo"]) == attribute_statements, body

    _, payload = decode_jwt(body["idToken"])
    assert payload["firebase"].get("sign_in_attributes") == attribute_statements, payload


# when blocking functions are present

BEFORE_CREATE_PATH = "/beforeCreate"
BEFORE_SIGN_IN_PATH = "/beforeSignIn"


def register_triggers(api, functions, *paths):
    names = {BEFORE_CREATE_PATH: "beforeCreate", BEFORE_SIGN_IN_PATH: "beforeSignIn"}
    triggers = {names[path]: {"functionUri": functions.url(path)} for path in paths}
    update_config(api, PROJECT_ID, {"blockingFunctions": {"triggers": triggers}}, "blockingFunctions")


def google_sign_in(api):
    return sign_in_with_idp(api, {
        "postBody": f"providerId=google.com&id_token={FAKE_GOOGLE_ACCOUNT['idToken']}",
        "requestUri": "http://localhost", "returnIdpCredential": True, "returnSecureToken": True})


def check_modified_token(id_token, identities, session_claims=True):
    header, payload = decode_jwt(id_token)
    assert header["alg"] == "none", header
    assert payload["firebase"]["identities"] == identities, payload
    assert payload.get("name") == DISPLAY_NAME, payload
    assert payload.get("picture") == PHOTO_URL, payload
    assert payload.get("email_verified") is True, payload
    assert payload.get("customAttribute") == "custom", payload
    if session_claims:
        assert payload.get("sessionAttribute") == "session", payload


GOOGLE_IDENTITIES = {"google.com": [FAKE_GOOGLE_ACCOUNT["rawId"]], "email": [FAKE_GOOGLE_ACCOUNT["email"]]}
SIGN_IN_REPLY = {"userRecord": {
    "updateMask": "displayName,photoUrl,emailVerified,customClaims,sessionClaims",
    "displayName": DISPLAY_NAME, "photoUrl": PHOTO_URL, "emailVerified": True,
    "customClaims": {"customAttribute": "custom"}, "sessionClaims": {"sessionAttribute": "session"}}}


def test_should_update_modifiable_fields_for_new_users_for_before_create(api, functions):
    register_triggers(api, functions, BEFORE_CREATE_PATH)
    functions.reply(BEFORE_CREATE_PATH, {"userRecord": {
        "updateMask": "displayName,photoUrl,emailVerified,customClaims",
        "displayName": DISPLAY_NAME, "photoUrl": PHOTO_URL, "emailVerified": True,
        "customClaims": {"customAttribute": "custom"}}})

    body = expect_status(200, google_sign_in(api))
    assert body["isNewUser"] is True, body
    check_modified_token(body["idToken"], GOOGLE_IDENTITIES, session_claims=False)
    functions.assert_done()


def test_should_update_modifiable_fields_for_new_users_for_before_sign_in(api, functions):
    register_triggers(api, functions, BEFORE_SIGN_IN_PATH)
    functions.reply(BEFORE_SIGN_IN_PATH, SIGN_IN_REPLY)

    body = expect_status(200, google_sign_in(api))
    assert body["isNewUser"] is True, body
    check_modified_token(body["idToken"], GOOGLE_IDENTITIES)
    functions.assert_done()


def test_before_sign_in_fields_should_overwrite_before_create_fields_for_new_users(api, functions):
    register_triggers(api, functions, BEFORE_CREATE_PATH, BEFORE_SIGN_IN_PATH)
    functions.reply(BEFORE_CREATE_PATH, {"userRecord": {
        "updateMask": "displayName,photoUrl,emailVerified,customClaims",
        "displayName": "oldDisplayName", "photoUrl": "oldPhotoUrl", "emailVerified": False,
        "customClaims": {"customAttribute": "oldCustom"}}})
    functions.reply(BEFORE_SIGN_IN_PATH, SIGN_IN_REPLY)

    body = expect_status(200, google_sign_in(api))
    assert body["isNewUser"] is True, body
    check_modified_token(body["idToken"], GOOGLE_IDENTITIES)
    functions.assert_done()


def test_should_update_modifiable_fields_for_existing_users(api, functions):
    user = register_user(api, "foo@example.com", "notasecret")
    claims = fake_claims(sub="123456789012345678901", name="Foo")
    fake_id_token = compact_json(claims)
    register_triggers(api, functions, BEFORE_SIGN_IN_PATH)
    functions.reply(BEFORE_SIGN_IN_PATH, SIGN_IN_REPLY)

    body = expect_status(200, sign_in_with_idp(api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={encode_uri_component(fake_id_token)}",
        "requestUri": "http://localhost", "returnIdpCredential": True}))
    assert not body.get("isNewUser"), body
    check_modified_token(body["idToken"], {"google.com": [claims["sub"]], "email": [user["email"]]})
    functions.assert_done()


def test_should_disable_user_if_set(api, functions):
    register_triggers(api, functions, BEFORE_CREATE_PATH)
    functions.reply(BEFORE_CREATE_PATH, {"userRecord": {"updateMask": "disabled", "disabled": True}})

    expect_error(google_sign_in(api), 400, "USER_DISABLED")
    functions.assert_done()
