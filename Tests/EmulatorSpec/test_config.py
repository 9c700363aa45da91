"""Port of firebase-tools src/emulator/auth/config.spec.ts (commit a786bda)."""
from helpers import PROJECT_ID, V2, error_message, expect_status

CONFIG = f"{V2}/projects/{PROJECT_ID}/config"
NON_DEFAULT = {
    "signIn": {"allowDuplicateEmails": True},
    "blockingFunctions": {"forwardInboundCredentials": {"idToken": True}},
}


def patch_config(api, body, update_mask=None):
    query = {"updateMask": update_mask} if update_mask is not None else None
    return api.patch(CONFIG, body, key=None, bearer="owner", query=query)


def expect_non_default_config(response):
    body = expect_status(200, response)
    assert body.get("signIn", {}).get("allowDuplicateEmails") is True, body
    assert body.get("blockingFunctions") == {"forwardInboundCredentials": {"idToken": True}}, body


# updateConfig

def test_updates_the_project_level_config(api):
    mask = "signIn.allowDuplicateEmails,blockingFunctions.forwardInboundCredentials.idToken"
    expect_non_default_config(patch_config(api, NON_DEFAULT, mask))


def test_does_not_update_if_the_field_does_not_exist_on_the_update_config(api):
    body = expect_status(200, patch_config(api, {}, "displayName"))
    assert "displayName" not in body, body


def test_performs_a_full_update_if_the_update_mask_is_empty(api):
    expect_non_default_config(patch_config(api, NON_DEFAULT))


def test_performs_a_full_update_with_production_defaults_if_the_update_mask_is_empty(api):
    expect_non_default_config(patch_config(api, NON_DEFAULT))

    body = expect_status(200, patch_config(api, {}))
    assert body.get("signIn", {}).get("allowDuplicateEmails") is False, body
    assert body.get("blockingFunctions") == {}, body


def test_should_error_when_updating_an_invalid_blocking_function_event(api):
    response = patch_config(api, {"blockingFunctions": {"triggers": {
        "invalidEventTrigger": {"functionUri": "http://localhost"}}}})
    expect_status(400, response)
    assert "INVALID_BLOCKING_FUNCTION" in error_message(response), response.text


def test_should_error_if_function_uri_is_invalid(api):
    response = patch_config(api, {"blockingFunctions": {"triggers": {
        "beforeCreate": {"functionUri": "invalidUri"}}}})
    expect_status(400, response)
    assert "INVALID_BLOCKING_FUNCTION" in error_message(response), response.text


# getConfig

def test_should_return_the_project_level_config(api):
    body = expect_status(200, api.get(CONFIG, key=None, bearer="owner"))
    assert body["signIn"] == {"allowDuplicateEmails": False}, body
    assert body["blockingFunctions"] == {}, body


def test_should_return_updated_config_fields(api):
    patch_config(api, NON_DEFAULT)  # firebase-tools does not check this response

    body = expect_status(200, api.get(CONFIG, key=None, bearer="owner"))
    assert body["signIn"] == {"allowDuplicateEmails": True}, body
    assert body["blockingFunctions"] == {"forwardInboundCredentials": {"idToken": True}}, body
