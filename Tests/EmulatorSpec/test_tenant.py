"""Port of firebase-tools src/emulator/auth/tenant.spec.ts (commit a786bda)."""
from helpers import V2, expect_status, register_tenant

PROJECT = "project-id"  # firebase-tools' suite manages tenants of a project other than the emulator's own
TENANTS = f"{V2}/projects/{PROJECT}/tenants"
FULL_TENANT = {
    "allowPasswordSignup": True,
    "disableAuth": False,
    "displayName": "display",
    "enableAnonymousUser": True,
    "enableEmailLinkSignin": True,
    "mfaConfig": {"enabledProviders": ["PROVIDER_UNSPECIFIED", "PHONE_SMS"], "state": "ENABLED"},
}


def tenant_path(tenant_id):
    return f"{TENANTS}/{tenant_id}"


def list_tenants(api, query=None):
    return expect_status(200, api.get(TENANTS, key=None, bearer="owner", query=query))


def patch_tenant(api, tenant_id, body, update_mask=None):
    query = {"updateMask": update_mask} if update_mask is not None else None
    return api.patch(tenant_path(tenant_id), body, key=None, bearer="owner", query=query)


def check_full_tenant(body):
    assert body.get("allowPasswordSignup") is True, body
    assert body.get("disableAuth") is False, body
    assert body.get("displayName") == "display", body
    assert body.get("enableAnonymousUser") is True, body
    assert body.get("enableEmailLinkSignin") is True, body
    assert body.get("mfaConfig") == FULL_TENANT["mfaConfig"], body


def check_default_disabled_tenant(body):
    assert body.get("allowPasswordSignup") is False, body
    assert body.get("disableAuth") is False, body
    assert body.get("enableAnonymousUser") is False, body
    assert body.get("enableEmailLinkSignin") is False, body
    assert body.get("mfaConfig") == {"state": "DISABLED", "enabledProviders": []}, body


# createTenant

def test_should_create_tenants(api):
    body = expect_status(200, api.post(TENANTS, FULL_TENANT, key=None, bearer="owner"))
    check_full_tenant(body)
    # A non-empty tenant ID, named in the resource name.
    assert body.get("tenantId"), body
    assert body.get("name") == f"projects/{PROJECT}/tenants/{body['tenantId']}", body


def test_should_create_a_tenant_with_default_disabled_settings(api):
    check_default_disabled_tenant(expect_status(200, api.post(TENANTS, {}, key=None, bearer="owner")))


# getTenants

def test_should_get_tenants(api):
    tenant = register_tenant(api, PROJECT, {})

    body = expect_status(200, api.get(tenant_path(tenant["tenantId"]), key=None, bearer="owner"))
    assert body == tenant


def test_should_create_tenants_with_default_enabled_settings_if_they_do_not_exist(api):
    # No tenants at first.
    assert list_tenants(api).get("tenants") == []

    # Getting a tenant that does not exist creates it.
    tenant_id = "tenant-id"
    body = expect_status(200, api.get(tenant_path(tenant_id), key=None, bearer="owner"))
    assert body == {
        "tenantId": tenant_id,
        "name": f"projects/{PROJECT}/tenants/{tenant_id}",
        "allowPasswordSignup": True,
        "disableAuth": False,
        "enableAnonymousUser": True,
        "enableEmailLinkSignin": True,
        "mfaConfig": {"enabledProviders": ["PHONE_SMS"], "state": "ENABLED"},
    }

    # ... and lists it from then on.
    tenants = list_tenants(api)["tenants"]
    assert len(tenants) == 1, tenants
    assert tenants[0]["tenantId"] == tenant_id, tenants


# deleteTenants

def test_should_delete_tenants(api):
    tenant = register_tenant(api, PROJECT, {})

    expect_status(200, api.delete(tenant_path(tenant["tenantId"]), key=None, bearer="owner"))


def test_should_delete_tenants_if_request_body_is_passed(api):
    tenant = register_tenant(api, PROJECT, {})

    # A JSON body `{}` on DELETE, as the Node.js Admin SDK sends.
    expect_status(200, api.request("DELETE", tenant_path(tenant["tenantId"]), {}, key=None, bearer="owner"))


# listTenants

def test_should_list_tenants(api):
    tenant1 = register_tenant(api, PROJECT, {})
    tenant2 = register_tenant(api, PROJECT, {})

    body = list_tenants(api)
    assert len(body["tenants"]) == 2, body
    assert sorted(t["tenantId"] for t in body["tenants"]) == sorted([tenant1["tenantId"], tenant2["tenantId"]])
    assert "nextPageToken" not in body, body


def test_should_allow_specifying_page_size_and_page_token(api):
    tenant_ids = sorted([register_tenant(api, PROJECT, {})["tenantId"], register_tenant(api, PROJECT, {})["tenantId"]])

    first = list_tenants(api, {"pageSize": 1})
    assert len(first["tenants"]) == 1, first
    assert first["tenants"][0]["tenantId"] == tenant_ids[0], first
    assert isinstance(first.get("nextPageToken"), str), first

    second = list_tenants(api, {"pageToken": first["nextPageToken"]})
    assert len(second["tenants"]) == 1, second
    assert second["tenants"][0]["tenantId"] == tenant_ids[1], second
    assert "nextPageToken" not in second, second


def test_should_always_return_a_page_token_even_if_page_is_full(api):
    tenant_ids = sorted([register_tenant(api, PROJECT, {})["tenantId"], register_tenant(api, PROJECT, {})["tenantId"]])

    first = list_tenants(api, {"pageSize": 2})
    assert len(first["tenants"]) == 2, first
    assert first["tenants"][0]["tenantId"] == tenant_ids[0], first
    assert first["tenants"][1]["tenantId"] == tenant_ids[1], first
    assert isinstance(first.get("nextPageToken"), str), first

    second = list_tenants(api, {"pageToken": first["nextPageToken"]})
    assert len(second.get("tenants") or []) == 0, second
    assert "nextPageToken" not in second, second


# updateTenants

def test_updates_tenant_config(api):
    tenant = register_tenant(api, PROJECT, {})
    mask = "allowPasswordSignup,disableAuth,displayName,enableAnonymousUser,enableEmailLinkSignin,mfaConfig"

    check_full_tenant(expect_status(200, patch_tenant(api, tenant["tenantId"], FULL_TENANT, mask)))


def test_does_not_update_if_the_field_does_not_exist_on_the_update_tenant(api):
    tenant = register_tenant(api, PROJECT, {})

    body = expect_status(200, patch_tenant(api, tenant["tenantId"], {}, "displayName"))
    assert "displayName" not in body, body


def test_does_not_update_if_indexing_a_primitive_field_or_array_on_the_update_tenant(api):
    tenant = register_tenant(api, PROJECT, {
        "displayName": "display", "mfaConfig": {"enabledProviders": ["PROVIDER_UNSPECIFIED", "PHONE_SMS"]}})
    mask = "displayName.0,mfaConfig.enabledProviders.nonexistentField"

    body = expect_status(200, patch_tenant(api, tenant["tenantId"], {
        "displayName": "unused", "mfaConfig": {"enabledProviders": ["PROVIDER_UNSPECIFIED"]}}, mask))
    assert body.get("displayName") == "display", body
    assert body["mfaConfig"]["enabledProviders"] == ["PROVIDER_UNSPECIFIED", "PHONE_SMS"], body


def test_performs_a_full_update_if_the_update_mask_is_empty(api):
    tenant = register_tenant(api, PROJECT, {})

    check_full_tenant(expect_status(200, patch_tenant(api, tenant["tenantId"], FULL_TENANT)))


def test_performs_a_full_update_with_production_defaults_if_the_update_mask_is_empty(api):
    tenant = register_tenant(api, PROJECT, {})

    check_default_disabled_tenant(expect_status(200, patch_tenant(api, tenant["tenantId"], {})))
