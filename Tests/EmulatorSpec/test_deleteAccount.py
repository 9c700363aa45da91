"""Port of firebase-tools src/emulator/auth/deleteAccount.spec.ts (commit a786bda)."""
from helpers import (PROJECT_ID, V1, error_message, expect_error, expect_status, expect_user_not_exists_for_id_token,
                     get_signin_methods, register_tenant, register_user, sign_in_with_fake_claims)

DELETE = f"{V1}/accounts:delete"


def expect_deleted(response):
    body = expect_status(200, response)
    assert "error" not in body, body


def test_should_delete_the_user_of_the_id_token(api):
    id_token = register_user(api, "alice@example.com", "notasecret")["idToken"]

    expect_deleted(api.post(DELETE, {"idToken": id_token}))
    expect_user_not_exists_for_id_token(api, id_token)


def test_should_error_when_trying_to_delete_by_local_id_without_oauth(api):
    local_id = register_user(api, "alice@example.com", "notasecret")["localId"]

    expect_error(api.post(DELETE, {"localId": local_id}), 400, "MISSING_ID_TOKEN")


def test_should_remove_federated_accounts_for_user(api):
    email, provider_id, sub = "alice@example.com", "google.com", "12345"
    user = sign_in_with_fake_claims(api, provider_id, {"sub": sub, "email": email})

    expect_deleted(api.post(DELETE, {"idToken": user["idToken"]}))
    assert not get_signin_methods(api, email)

    again = sign_in_with_fake_claims(api, provider_id, {"sub": sub, "email": email})
    assert again["localId"] != user["localId"], again


def test_should_delete_the_user_by_local_id_if_oauth_credentials_are_present(api):
    user = register_user(api, "alice@example.com", "notasecret")

    expect_deleted(api.post(DELETE, {"localId": user["localId"]}, key=None, bearer="owner"))
    expect_user_not_exists_for_id_token(api, user["idToken"])


def test_should_error_if_missing_local_id_when_oauth_credentials_are_present(api):
    id_token = register_user(api, "alice@example.com", "notasecret")["idToken"]

    expect_error(api.post(DELETE, {"idToken": id_token}, key=None, bearer="owner"), 400, "MISSING_LOCAL_ID")


def test_should_delete_the_user_of_the_id_token_auth_disabled(api):
    # firebase-tools reuses the title "should delete the user of the idToken" for this case, which checks that a
    # tenant with auth disabled refuses the deletion.
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    response = api.post(DELETE, {"tenantId": tenant["tenantId"]})
    expect_status(400, response)
    assert "PROJECT_DISABLED" in error_message(response), response.text
