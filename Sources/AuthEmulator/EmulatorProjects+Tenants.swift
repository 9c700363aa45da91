import FoundationEssentials

extension EmulatorProjects {
    /// The configuration document of `tenant` of `project`; nil when it was never created.
    func tenantDocument(project: String, tenant: String) -> [String: Any]? {
        resources.get(Self.tenantsCollection(project), id: tenant)
    }

    /// Creates `tenant` of `project` with every sign-in method on unless it exists, as Firebase's emulator does
    /// for a tenant an authorised request names; an id that cannot name a tenant is left for `state(of:)` to
    /// refuse.
    func createTenantIfAbsent(project: String, tenant: String) {
        guard EmulatorScope.isValidID(tenant) else { return }
        _ = resources.putIfAbsent(Self.tenantsCollection(project), id: tenant,
                                  TenantConfig.implicit(project: project, id: tenant))
    }
}
