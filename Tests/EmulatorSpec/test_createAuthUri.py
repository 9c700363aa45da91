"""Port of firebase-tools src/emulator/auth/createAuthUri.spec.ts (commit a786bda)."""
from helpers import (PROJECT_ID, V1, expect_error, expect_status, register_tenant, register_user,
                     sign_in_with_email_link, sign_in_with_fake_claims, update_config, update_project_config)

CREATE_AUTH_URI = f"{V1}/accounts:createAuthUri"
CONTINUE_URI = "http://example.com/"
PROVIDER_PASSWORD = "password"
SIGNIN_METHOD_EMAIL_LINK = "emailLink"
ALICE = {"email": "alice@example.com", "password": "notasecret"}


def create_auth_uri(api, body):
    return api.post(CREATE_AUTH_URI, body)


def enable_improved_email_privacy(api):
    update_config(api, PROJECT_ID, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}},
                  "emailPrivacyConfig")


def assert_members(actual, expected):
    """The same elements as `expected`, in any order (chai's `have.members`)."""
    assert isinstance(actual, list), actual
    assert sorted(actual) == sorted(expected), actual


def link_email_to_google_account(api, email, email_at_provider, provider_id):
    id_token = sign_in_with_fake_claims(api, provider_id, {"sub": "12345", "email": email_at_provider})["idToken"]
    sign_in_with_email_link(api, email, id_token)


def test_should_report_not_registered_user_as_not_registered(api):
    body = expect_status(200, create_auth_uri(api, {"continueUri": CONTINUE_URI,
                                                    "identifier": "notregistered@example.com"}))
    assert body.get("registered") is False, body
    assert isinstance(body.get("sessionId"), str), body


def test_should_not_show_registered_field_with_improved_email_privacy_enabled(api):
    enable_improved_email_privacy(api)

    body = expect_status(200, create_auth_uri(api, {"continueUri": CONTINUE_URI,
                                                    "identifier": "notregistered@example.com"}))
    assert "registered" not in body, body
    assert isinstance(body.get("sessionId"), str), body


def test_should_return_providers_for_a_registered_user(api):
    register_user(api, ALICE["email"], ALICE["password"])

    body = expect_status(200, create_auth_uri(api, {"continueUri": CONTINUE_URI, "identifier": ALICE["email"]}))
    assert body.get("registered") is True, body
    assert body.get("allProviders") == ["password"], body
    assert body.get("signinMethods") == ["password"], body
    assert isinstance(body.get("sessionId"), str), body


def test_should_not_return_providers_for_a_registered_user_with_improved_email_privacy_enabled(api):
    enable_improved_email_privacy(api)
    register_user(api, ALICE["email"], ALICE["password"])

    body = expect_status(200, create_auth_uri(api, {"continueUri": CONTINUE_URI, "identifier": ALICE["email"]}))
    assert "registered" not in body, body
    assert "allProviders" not in body, body
    assert "signinMethods" not in body, body
    assert isinstance(body.get("sessionId"), str), body


def test_should_return_existing_session_id_if_provided(api):
    body = expect_status(200, create_auth_uri(api, {"continueUri": CONTINUE_URI,
                                                    "identifier": "notregistered@example.com",
                                                    "sessionId": "my-session-1"}))
    assert body.get("registered") is False, body
    assert body.get("sessionId") == "my-session-1", body


def test_should_find_user_by_email_ignoring_case(api):
    register_user(api, ALICE["email"], ALICE["password"])

    body = expect_status(200, create_auth_uri(api, {"continueUri": CONTINUE_URI,
                                                    "identifier": "AlIcE@exAMPle.COM"}))
    assert body.get("registered") is True, body


def test_should_find_user_by_either_idp_email_or_top_level_email(api):
    email, email_at_provider, provider_id = "bob@example.com", "alice@example.com", "google.com"
    link_email_to_google_account(api, email, email_at_provider, provider_id)

    for identifier in (email, email_at_provider):
        body = expect_status(200, create_auth_uri(api, {"continueUri": CONTINUE_URI, "identifier": identifier}))
        assert body.get("registered") is True, body
        assert_members(body.get("allProviders"), [PROVIDER_PASSWORD, provider_id])
        assert_members(body.get("signinMethods"), [SIGNIN_METHOD_EMAIL_LINK, provider_id])


def test_should_not_list_idp_sign_in_methods_when_allow_duplicate_emails(api):
    email, email_at_provider, provider_id = "bob@example.com", "alice@example.com", "google.com"
    link_email_to_google_account(api, email, email_at_provider, provider_id)

    update_project_config(api, {"signIn": {"allowDuplicateEmails": True}})

    for identifier in (email, email_at_provider):
        body = expect_status(200, create_auth_uri(api, {"continueUri": CONTINUE_URI, "identifier": identifier}))
        assert body.get("registered") is True, body
        assert_members(body.get("allProviders"), [PROVIDER_PASSWORD])
        assert_members(body.get("signinMethods"), [SIGNIN_METHOD_EMAIL_LINK])


def test_should_error_if_identifier_or_continue_uri_is_not_provided(api):
    expect_error(create_auth_uri(api, {"continueUri": CONTINUE_URI}), 400, "MISSING_IDENTIFIER")
    expect_error(create_auth_uri(api, {"identifier": "me@example.com"}), 400, "MISSING_CONTINUE_URI")


def test_should_error_if_identifier_is_invalid(api):
    expect_error(create_auth_uri(api, {"identifier": "invalid", "continueUri": "http://localhost/"}), 400,
                 "INVALID_IDENTIFIER")


def test_should_error_if_continue_uri_is_invalid(api):
    expect_error(create_auth_uri(api, {"identifier": "me@example.com", "continueUri": "invalid"}), 400,
                 "INVALID_CONTINUE_URI")


def test_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    expect_error(create_auth_uri(api, {"tenantId": tenant["tenantId"], "continueUri": CONTINUE_URI,
                                       "identifier": "notregistered@example.com"}), 400, "PROJECT_DISABLED")
