"""Port of firebase-tools src/emulator/auth/batch.spec.ts (commit a786bda)."""
import datetime

import pytest

from helpers import (PROJECT_ID, TEST_PHONE_NUMBER, V1, decode_jwt, enroll_phone_mfa, error_message, expect_error,
                     expect_status, get_account_info_by_id_token, get_account_info_by_local_id, get_signin_methods,
                     register_anon_user, register_tenant, register_user, sign_in_with_email_link,
                     sign_in_with_fake_claims, sign_in_with_password, sign_in_with_phone_number,
                     update_account_by_local_id)

BATCH_GET = f"{V1}/projects/{PROJECT_ID}/accounts:batchGet"
BATCH_CREATE = f"{V1}/projects/{PROJECT_ID}/accounts:batchCreate"
BATCH_DELETE = f"{V1}/projects/{PROJECT_ID}/accounts:batchDelete"
LEGACY_DOWNLOAD = "/www.googleapis.com/identitytoolkit/v3/relyingparty/downloadAccount"
LEGACY_UPLOAD = "/www.googleapis.com/identitytoolkit/v3/relyingparty/uploadAccount"


def batch_get(api, query=None, path=BATCH_GET):
    return api.get(path, key=None, bearer="owner", query=query)


def batch_create(api, body):
    return api.post(BATCH_CREATE, body, key=None, bearer="owner")


def batch_delete(api, body):
    return api.post(BATCH_DELETE, body, key=None, bearer="owner")


def legacy_download(api, body):
    return api.post(LEGACY_DOWNLOAD, body, key=None, bearer="owner")


def expect_no_upload_errors(response):
    body = expect_status(200, response)
    assert not (body.get("error") or []), body


def expect_no_delete_errors(response):
    body = expect_status(200, response)
    assert not (body.get("errors") or []), body


def register_two_users(api):
    """An anonymous user and a password user, as most accounts:batchGet cases start."""
    user1 = register_anon_user(api)
    user2 = register_user(api, "foo@example.com", "foobar")
    return user1, user2


def iso_ms(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


# accounts:batchGet

def test_should_allow_listing_all_accounts(api):
    user1, user2 = register_two_users(api)

    body = expect_status(200, batch_get(api))
    assert len(body.get("users") or []) == 2, body
    assert sorted(user["localId"] for user in body["users"]) == sorted([user1["localId"], user2["localId"]])
    # No more accounts after this, so no page token.
    assert "nextPageToken" not in body, body


def test_should_return_mfa_info(api):
    user1 = sign_in_with_email_link(api, "test@example.com")
    # firebase-tools' clock is frozen at 0, so it expects enrolledAt "1970-01-01T00:00:00.000Z"; with real time
    # the same fact is that enrolledAt is the (millisecond-precision ISO) time of the enrollment.
    started = datetime.datetime.now(datetime.timezone.utc)
    enroll_phone_mfa(api, user1["idToken"], TEST_PHONE_NUMBER)
    finished = datetime.datetime.now(datetime.timezone.utc)

    body = expect_status(200, batch_get(api))
    assert len(body.get("users") or []) == 1, body
    enrollment = body["users"][0]["mfaInfo"][0]
    assert enrollment.get("phoneInfo") == TEST_PHONE_NUMBER, enrollment
    assert enrollment.get("unobfuscatedPhoneInfo") == TEST_PHONE_NUMBER, enrollment
    enrolled_at = enrollment.get("enrolledAt")
    assert isinstance(enrolled_at, str) and len(enrolled_at) == 24 and enrolled_at.endswith("Z"), enrollment
    assert iso_ms(started) <= enrolled_at <= iso_ms(finished), (started, enrollment, finished)


def test_should_allow_listing_all_accounts_using_legacy_endpoint(api):
    user1, user2 = register_two_users(api)

    body = expect_status(200, legacy_download(api, {"targetProjectId": PROJECT_ID}))
    assert len(body.get("users") or []) == 2, body
    assert sorted(user["localId"] for user in body["users"]) == sorted([user1["localId"], user2["localId"]])
    assert "nextPageToken" not in body, body


def test_should_allow_specifying_max_results_and_pagination(api):
    user1, user2 = register_two_users(api)
    local_ids = sorted([user1["localId"], user2["localId"]])

    first = expect_status(200, batch_get(api, {"maxResults": 1}))
    assert len(first.get("users") or []) == 1, first
    assert first["users"][0]["localId"] == local_ids[0], first
    assert isinstance(first.get("nextPageToken"), str), first
    next_page_token = first["nextPageToken"]

    second = expect_status(200, batch_get(api, {"nextPageToken": next_page_token}))
    assert len(second.get("users") or []) == 1, second
    assert second["users"][0]["localId"] == local_ids[1], second
    assert "nextPageToken" not in second, second

    # The legacy endpoint recognizes nextPageToken too.
    legacy = expect_status(200, legacy_download(api, {"targetProjectId": PROJECT_ID,
                                                      "nextPageToken": next_page_token}))
    assert len(legacy.get("users") or []) == 1, legacy
    assert legacy["users"][0]["localId"] == max(user1["localId"], user2["localId"]), legacy
    assert "nextPageToken" not in legacy, legacy


def test_should_always_return_a_page_token_if_page_is_full(api):
    user1, user2 = register_two_users(api)
    local_ids = sorted([user1["localId"], user2["localId"]])

    first = expect_status(200, batch_get(api, {"maxResults": 2}))
    assert len(first.get("users") or []) == 2, first
    assert first["users"][0]["localId"] == local_ids[0], first
    assert first["users"][1]["localId"] == local_ids[1], first
    # Production returns a page token even when no users follow (firebase-tools issue 3231).
    assert isinstance(first.get("nextPageToken"), str), first

    second = expect_status(200, batch_get(api, {"nextPageToken": first["nextPageToken"]}))
    assert len(second.get("users") or []) == 0, second
    assert "nextPageToken" not in second, second


def test_batch_get_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    response = batch_get(api, path=f"{V1}/projects/{PROJECT_ID}/tenants/{tenant['tenantId']}/accounts:batchGet")
    expect_status(400, response)
    assert "PROJECT_DISABLED" in error_message(response), response.text


# accounts:batchCreate

def test_should_create_specified_accounts(api):
    user1 = {"localId": "foo", "email": "foo@example.com", "rawPassword": "notasecret"}
    user2 = {"localId": "bar", "phoneNumber": TEST_PHONE_NUMBER, "customAttributes": '{"hello": "world"}'}
    expect_no_upload_errors(batch_create(api, {"users": [user1, user2]}))

    assert get_signin_methods(api, user1["email"]) == ["password"]

    user2_sign_in = sign_in_with_phone_number(api, user2["phoneNumber"])
    assert user2_sign_in["localId"] == user2["localId"], user2_sign_in
    _, payload = decode_jwt(user2_sign_in["idToken"])
    assert payload.get("hello") == "world", payload


def test_should_create_specified_accounts_via_legacy_endpoint(api):
    user1 = {"localId": "foo", "email": "foo@example.com", "rawPassword": "notasecret"}
    user2 = {"localId": "bar", "phoneNumber": TEST_PHONE_NUMBER}
    expect_no_upload_errors(api.post(LEGACY_UPLOAD, {"users": [user1, user2], "targetProjectId": PROJECT_ID},
                                     key=None, bearer="owner"))

    assert get_signin_methods(api, user1["email"]) == ["password"]

    user2_sign_in = sign_in_with_phone_number(api, user2["phoneNumber"])
    assert user2_sign_in["localId"] == user2["localId"], user2_sign_in


def test_should_error_if_users_is_empty_or_missing(api):
    expect_error(batch_create(api, {"users": []}), 400, "MISSING_USER_ACCOUNT")
    expect_error(batch_create(api, {}), 400, "MISSING_USER_ACCOUNT")


def test_should_convert_emails_to_lowercase(api):
    user = {"localId": "foo", "email": "FOO@EXAMPLE.COM", "rawPassword": "notasecret"}
    expect_no_upload_errors(batch_create(api, {"users": [user]}))

    info = get_account_info_by_local_id(api, user["localId"])
    assert info.get("email") == user["email"].lower(), info


def test_should_accept_auth_emulator_fake_password_hash_from_request(api):
    password, salt = "hawaii", "beach"
    # The Auth Emulator's own fake hash format, which signInWithPassword understands.
    user = {"localId": "foo", "email": "FOO@EXAMPLE.COM", "salt": salt,
            "passwordHash": f"fakeHash:salt={salt}:password={password}"}
    expect_no_upload_errors(batch_create(api, {"users": [user]}))

    info = get_account_info_by_local_id(api, user["localId"])
    assert info.get("passwordHash") == user["passwordHash"], info
    assert info.get("salt") == user["salt"], info

    signed_in = sign_in_with_password(api, user["email"], password)
    assert signed_in["localId"] == user["localId"], signed_in


@pytest.mark.skip(reason="it.skip in firebase-tools: production hashes cannot be checked without signer keys")
def test_should_reject_production_password_hash(api):
    # A real production hash, which the emulator cannot verify without the signer keys.
    user = {"localId": "foo", "email": "FOO@EXAMPLE.COM",
            "passwordHash": "T8cY66FE7V0ejwZqdYH6OgQO8ZiMwqQ2XW-wgUUDf3LNfNPz1Uu6vlwak8GzSd295SmtuQV54qDdidSKYLx7Cg==",
            "salt": "nteWfb8brZ0NIA=="}
    # firebase-tools' (skipped) case expects the import to succeed silently.
    expect_no_upload_errors(batch_create(api, {"users": [user]}))


def test_should_error_for_duplicate_emails_in_payload_if_sanity_check_is_true(api):
    response = batch_create(api, {"sanityCheck": True, "users": [
        {"localId": "test1", "email": "foo@example.com"},
        {"localId": "test2", "email": "foo@example.com"},
    ]})
    expect_error(response, 400, "DUPLICATE_EMAIL : foo@example.com")


def test_should_block_reusing_existing_email_if_sanity_check_is_true(api):
    user = sign_in_with_email_link(api, "bar@example.com")

    body = expect_status(200, batch_create(api, {"sanityCheck": True,
                                                 "users": [{"localId": "test1", "email": user["email"]}]}))
    assert body.get("error") == [{"index": 0, "message": "email exists in other account in database"}], body


def test_should_error_for_duplicate_provider_id_raw_ids_in_payload_if_sanity_check_is_true(api):
    response = batch_create(api, {"sanityCheck": True, "users": [
        {"localId": "test1", "providerUserInfo": [{"providerId": "google.com", "rawId": "dup"}]},
        {"localId": "test2", "providerUserInfo": [{"providerId": "google.com", "rawId": "dup"}]},
    ]})
    expect_error(response, 400, "DUPLICATE_RAW_ID : Provider id(google.com), Raw id(dup)")


def test_should_block_reusing_exisiting_provider_id_raw_ids_if_sanity_check_is_true(api):
    provider_id, raw_id = "google.com", "0123456"
    sign_in_with_fake_claims(api, provider_id, {"sub": raw_id})

    body = expect_status(200, batch_create(api, {"sanityCheck": True, "users": [
        {"localId": "test1", "providerUserInfo": [{"providerId": provider_id, "rawId": raw_id}]}]}))
    assert body.get("error") == [{"index": 0, "message": "raw id exists in other account in database"}], body


def test_should_block_duplicate_local_ids_by_default(api):
    expect_error(batch_create(api, {"users": [{"localId": "test1"}, {"localId": "test1"}]}), 400,
                 "DUPLICATE_LOCAL_ID : test1")

    local_id = register_anon_user(api)["localId"]
    body = expect_status(200, batch_create(api, {"users": [{"localId": local_id}]}))
    assert body.get("error") == [
        {"index": 0, "message": "localId belongs to an existing account - can not overwrite."}], body


def test_should_not_error_for_empty_mfa_info(api):
    expect_no_upload_errors(batch_create(api, {"users": [{"localId": "test1", "mfaInfo": []}]}))


def test_should_return_error_for_individual_invalid_entries(api):
    long_string = "x" * 998
    body = expect_status(200, batch_create(api, {"users": [
        {"email": "foo@example.com"},  # no localId
        {"localId": "test1"},  # valid
        {"localId": "test2", "email": "not#an$email"},
        {"localId": "test3", "phoneNumber": "not#a$phone%number"},
        {"localId": "test4", "customAttributes": "not#a$json%object"},
        {"localId": "test5", "customAttributes": '{"sub": "123"}'},  # sub is a reserved claim
        {"localId": "test6", "customAttributes": '{"a":"' + long_string + '"}'},  # too large
        {"localId": "test7", "providerUserInfo": [{"providerId": "google.com"}]},  # no rawId
        {"localId": "test8", "providerUserInfo": [{"rawId": "012345"}]},  # no providerId
        # federatedId alone works in production but not in the Auth Emulator.
        {"localId": "test9", "providerUserInfo": [{"federatedId": "foo-bar"}]},
        {"localId": "test10", "mfaInfo": [{"phoneInfo": TEST_PHONE_NUMBER}]},  # MFA without email
        {"localId": "test11", "email": "someone@example.com",  # MFA with an unverified email
         "mfaInfo": [{"phoneInfo": TEST_PHONE_NUMBER}]},
    ]}))
    assert body.get("error") == [
        {"index": 0, "message": "localId is missing"},
        {"index": 2, "message": "email is invalid"},
        {"index": 3, "message": "phone number format is invalid"},
        {"index": 4, "message": "Invalid custom claims provided."},
        {"index": 5, "message": "Custom claims provided include a reserved claim."},
        {"index": 6, "message": "Custom claims provided are too large."},
        {"index": 7, "message": "federatedId or (providerId & rawId) is required"},
        {"index": 8, "message": "federatedId or (providerId & rawId) is required"},
        {"index": 9, "message": "((Parsing federatedId is not implemented in Auth Emulator; please specify "
                                "providerId AND rawId as a workaround.))"},
        {"index": 10, "message": "Second factor account requires email to be presented."},
        {"index": 11, "message": "Second factor account requires email to be verified."},
    ], body


def test_should_overwrite_users_with_matching_local_ids_if_allow_overwrite(api):
    user1_to_be_overwritten = sign_in_with_fake_claims(api, "google.com", {"sub": "doh"})
    user2_to_be_overwritten = register_user(api, "bar@example.com", "hawaii", display_name="Old Display Name")

    user1 = {"localId": user1_to_be_overwritten["localId"], "email": "foo@example.com", "rawPassword": "notasecret"}
    user2 = {"localId": user2_to_be_overwritten["localId"], "phoneNumber": TEST_PHONE_NUMBER,
             "displayName": "New Display Name"}
    expect_no_upload_errors(batch_create(api, {"users": [user1, user2], "allowOverwrite": True}))

    user1_info = get_account_info_by_local_id(api, user1["localId"])
    assert user1_info.get("email") == user1["email"], user1_info
    # The google.com link is gone: the new record does not have it.
    assert user1_info.get("providerUserInfo") == [{"providerId": "password", "rawId": "foo@example.com",
                                                   "email": "foo@example.com",
                                                   "federatedId": "foo@example.com"}], user1_info

    user2_sign_in = sign_in_with_phone_number(api, user2["phoneNumber"])
    assert user2_sign_in["localId"] == user2["localId"], user2_sign_in

    user2_info = get_account_info_by_id_token(api, user2_sign_in["idToken"])
    assert not user2_info.get("email"), user2_info  # gone
    assert not user2_info.get("passwordHash"), user2_info  # gone
    assert user2_info.get("displayName") == user2["displayName"], user2_info  # overwritten


def test_should_import_identity_provider_info(api):
    email, provider_id, raw_id = "foo@example.com", "google.com", "0123456"
    user1 = {"localId": "foo", "email": email,
             "providerUserInfo": [{"providerId": provider_id, "rawId": raw_id, "displayName": "Foo",
                                   "email": email}]}
    expect_no_upload_errors(batch_create(api, {"users": [user1]}))

    assert get_signin_methods(api, user1["email"]) == [provider_id]

    signed_in = sign_in_with_fake_claims(api, provider_id, {"sub": raw_id})
    assert signed_in["localId"] == user1["localId"], signed_in


def test_should_import_mfa_info(api):
    user1 = {"localId": "foo", "email": "foo@example.com", "emailVerified": True,
             "mfaInfo": [{"enrolledAt": "2123-04-05T06:07:28.990Z", "phoneInfo": TEST_PHONE_NUMBER}]}
    expect_no_upload_errors(batch_create(api, {"users": [user1]}))

    info = get_account_info_by_local_id(api, user1["localId"])
    assert len(info.get("mfaInfo") or []) == 1, info
    enrollment = info["mfaInfo"][0]
    assert enrollment.get("enrolledAt") == user1["mfaInfo"][0]["enrolledAt"], enrollment
    assert enrollment.get("phoneInfo") == TEST_PHONE_NUMBER, enrollment
    assert enrollment.get("unobfuscatedPhoneInfo") == TEST_PHONE_NUMBER, enrollment
    # An mfaEnrollmentId is generated when none is given.
    assert isinstance(enrollment.get("mfaEnrollmentId"), str) and enrollment["mfaEnrollmentId"], enrollment


def test_batch_create_should_error_if_auth_is_disabled(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": True})

    response = batch_create(api, {"tenantId": tenant["tenantId"]})
    expect_status(400, response)
    assert "PROJECT_DISABLED" in error_message(response), response.text


def test_should_error_if_user_tenant_id_does_not_match_state_tenant_id(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False})

    body = expect_status(200, batch_create(api, {"tenantId": tenant["tenantId"], "users": [
        {"localId": "test1", "tenantId": "not-matching-tenant-id"}]}))
    assert body.get("error") == [
        {"index": 0, "message": "Tenant id in userInfo does not match the tenant id in request."}], body


def test_should_create_users_with_tenant_id_if_present(api):
    tenant = register_tenant(api, PROJECT_ID, {"disableAuth": False})
    user = {"localId": "foo", "email": "me@example.com", "rawPassword": "notasecret"}

    expect_no_upload_errors(batch_create(api, {"tenantId": tenant["tenantId"], "users": [user]}))

    info = get_account_info_by_local_id(api, user["localId"], tenant["tenantId"])
    assert info.get("tenantId") == tenant["tenantId"], info


# accounts:batchDelete

def register_two_users_for_delete(api):
    user1 = register_anon_user(api)
    user2 = register_user(api, "foobar@example.com", "barbaz")
    return user1, user2


def test_should_delete_specified_disabled_accounts(api):
    user1, user2 = register_two_users_for_delete(api)
    update_account_by_local_id(api, user1["localId"], {"disableUser": True})
    update_account_by_local_id(api, user2["localId"], {"disableUser": True})

    expect_no_delete_errors(batch_delete(api, {"localIds": [user1["localId"], user2["localId"]]}))


def test_should_error_for_accounts_not_disabled(api):
    user1, user2 = register_two_users_for_delete(api)
    # user1 stays enabled.
    update_account_by_local_id(api, user2["localId"], {"disableUser": True})

    body = expect_status(200, batch_delete(api, {"localIds": [user1["localId"], user2["localId"]]}))
    assert body.get("errors") == [{"index": 0, "localId": user1["localId"],
                                   "message": "NOT_DISABLED : Disable the account before batch deletion."}], body


def test_should_delete_disabled_and_not_disabled_accounts_with_force_true(api):
    user1, user2 = register_two_users_for_delete(api)
    # user1 stays enabled.
    update_account_by_local_id(api, user2["localId"], {"disableUser": True})

    expect_no_delete_errors(batch_delete(api, {"localIds": [user1["localId"], user2["localId"]], "force": True}))


def test_should_not_report_errors_for_nonexistent_local_ids(api):
    expect_no_delete_errors(batch_delete(api, {"localIds": ["nosuch", "nosuch2"]}))
    expect_no_delete_errors(batch_delete(api, {"localIds": ["nosuch", "nosuch2"], "force": True}))


def test_should_error_if_local_ids_array_is_empty(api):
    expect_error(batch_delete(api, {"localIds": [], "force": True}), 400, "LOCAL_ID_LIST_EXCEEDS_LIMIT")


def test_should_error_if_local_id_count_is_more_than_limit(api):
    local_ids = [f"localId-{index}" for index in range(1000)]

    # Right at the limit: no error.
    expect_no_delete_errors(batch_delete(api, {"localIds": local_ids, "force": True}))

    # One over the limit.
    expect_error(batch_delete(api, {"localIds": local_ids + ["extraOne"], "force": True}), 400,
                 "LOCAL_ID_LIST_EXCEEDS_LIMIT")
