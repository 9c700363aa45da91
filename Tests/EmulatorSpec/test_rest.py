"""Port of firebase-tools src/emulator/auth/rest.spec.ts (commit a786bda)."""
from helpers import API_KEY, PROJECT_ID, V1, expect_error, expect_status, register_tenant, register_user

SIGN_UP = f"{V1}/accounts:signUp"
EMAIL_SIGNIN = 6  # proto integer value of "EMAIL_SIGNIN", as the Android client SDK sends it
# Not a real token; the emulator only checks its form.
PRODUCTION_ACCESS_TOKEN = "ya" + "29.AHES0ZZZZZ0fff" + "ff0XXXX0mmmm0wwwww0-LL_l-0bb0b0bbbbbb"


def expect_success(response):
    body = expect_status(200, response)
    assert "error" not in body, body
    return body


def expect_permission_denied(response):
    expect_status(403, response)
    assert response.json()["error"].get("status") == "PERMISSION_DENIED", response.text


# REST API mapping

def test_should_respond_to_status_checks(api):
    body = expect_status(200, api.get("/", key=None))
    assert isinstance(body.get("authEmulator"), dict), body


def test_should_allow_cross_origin_requests(api):
    response = api.request("OPTIONS", "/", key=None, headers={
        "Origin": "example.com",
        "Access-Control-Request-Headers": "Authorization,X-Client-Version,X-Whatever-Header",
        "Access-Control-Request-Private-Network": "true",
    })
    assert response.status_code == 204, f"expected 204, got {response.status_code} with body {response.text}"
    # Origin and the requested headers are reflected, not answered with '*', which some clients refuse.
    assert response.headers.get("access-control-allow-origin") == "example.com", response.headers
    allowed = (response.headers.get("access-control-allow-headers") or "").split(",")
    assert sorted(allowed) == sorted(["Authorization", "X-Client-Version", "X-Whatever-Header"]), response.headers
    assert response.headers.get("access-control-allow-private-network") == "true", response.headers


def test_should_handle_integer_values_for_enums(api):
    response = api.post(f"{V1}/accounts:sendOobCode",
                        {"email": "bob@example.com", "requestType": EMAIL_SIGNIN, "returnOobLink": True},
                        key=None, bearer="owner")
    body = expect_status(200, response)
    assert "mode=signIn" in body.get("oobLink", ""), body


def test_should_handle_integer_values_for_enums_legacy_api_path(api):
    response = api.post("/www.googleapis.com/identitytoolkit/v3/relyingparty/getOobConfirmationCode",
                        {"email": "bob@example.com", "requestType": EMAIL_SIGNIN, "returnOobLink": True},
                        key=None, bearer="owner")
    body = expect_status(200, response)
    assert "mode=signIn" in body.get("oobLink", ""), body


def test_should_convert_numbers_to_strings_for_type_string_fields(api):
    # validSince is an int64 string in the API; the Node.js Admin SDK sends a plain number. It must get past
    # validation into the handler, which then does not find the user.
    response = api.post(f"{V1}/accounts:update", {"localId": "nosuch", "validSince": 1611780718},
                        key=None, bearer="owner")
    expect_error(response, 400, "USER_NOT_FOUND")


# authentication

def test_should_throw_403_if_api_key_is_not_provided(api):
    expect_permission_denied(api.post(SIGN_UP, {"returnSecureToken": True}, key=None))


def test_should_accept_api_key_as_a_query_parameter(api):
    expect_success(api.post(SIGN_UP, {}, key=API_KEY))


def test_should_accept_api_key_in_http_header_x_goog_api_key(api):
    expect_success(api.post(SIGN_UP, {}, key=None, headers={"x-goog-api-key": API_KEY}))


def test_should_ignore_non_bearer_authorization_headers(api):
    response = api.post(SIGN_UP, {"returnSecureToken": True}, key=None,
                        headers={"Authorization": "Basic YWxhZGRpbjpvcGVuc2VzYW1l"})
    expect_permission_denied(response)


def test_should_treat_bearer_owner_as_authenticated_to_project(api):
    # targetProjectId needs OAuth 2 credentials; "Bearer owner" is such, with no API key.
    expect_success(api.post(SIGN_UP, {"targetProjectId": "example2"}, key=None, bearer="owner"))


def test_should_ignore_casing_of_bearer_owner_in_authorization_header(api):
    expect_success(api.post(SIGN_UP, {"targetProjectId": "example2"}, key=None,
                            headers={"Authorization": "bEArEr OWNER"}))


def test_should_treat_production_service_account_as_authenticated_to_project(api):
    expect_success(api.post(SIGN_UP, {"targetProjectId": "example2"}, key=None, bearer=PRODUCTION_ACCESS_TOKEN))


def test_should_deny_requests_with_target_project_id_but_without_oauth_2(api):
    response = api.post(SIGN_UP, {"targetProjectId": "example2"}, key=API_KEY)
    expect_error(response, 400,
                 "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")


def test_should_deny_requests_where_tenant_ids_do_not_match_in_the_request_body_and_path(api):
    response = api.post(f"{V1}/projects/project-id/tenants/tenant-id/accounts:delete",
                        {"localId": "local-id", "tenantId": "mismatching-tenant-id"}, key=None, bearer="owner")
    expect_error(response, 400, "TENANT_ID_MISMATCH")


def register_tenant_user(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False, "allowPasswordSignup": True})
    return register_user(api, "alice@example.com", "notasecret", tenant_id=tenant["tenantId"])["idToken"]


def test_should_deny_requests_where_tenant_ids_do_not_match_in_the_id_token_and_path(api):
    id_token = register_tenant_user(api)
    response = api.post(f"{V1}/projects/{PROJECT_ID}/tenants/not-matching-tenant-id/accounts:lookup",
                        {"idToken": id_token}, key=None, bearer="owner")
    expect_error(response, 400, "TENANT_ID_MISMATCH")


def test_should_deny_requests_where_tenant_ids_do_not_match_in_the_id_token_and_request_body(api):
    id_token = register_tenant_user(api)
    response = api.post(f"{V1}/projects/{PROJECT_ID}/accounts:lookup",
                        {"idToken": id_token, "tenantId": "not-matching-tenant-id"}, key=None, bearer="owner")
    expect_error(response, 400, "TENANT_ID_MISMATCH")
