import AuthCore
import FoundationEssentials

/// `signInWithIdp`'s `requestUri` as Firebase's emulator reads it: an absolute URI whose query parameters are
/// overridden by the fields of `postBody`, then by those of the URI's fragment.
struct NormalizedRequestURI {
    /// The parameters after the merge (`providerId`, `id_token`, `access_token`, `SAMLResponse`, `code`, …).
    let parameters: [String: String]
    /// The URI with the merged parameters as its query and no fragment, as error messages show it.
    let text: String

    /// Reads `requestUri` and `postBody`.
    ///
    /// Errors: MISSING_REQUEST_URI (absent or empty), INVALID_REQUEST_URI (not an absolute URI).
    init(requestURI: String?, postBody: String?) throws(APIError) {
        guard let requestURI, !requestURI.isEmpty else { throw APIError("MISSING_REQUEST_URI") }
        guard let components = URLComponents(string: requestURI), let scheme = components.scheme, !scheme.isEmpty
        else { throw APIError("INVALID_REQUEST_URI") }
        var parameters = FormEncoding.decode(components.percentEncodedQuery ?? "")
        for source in [postBody ?? "", components.percentEncodedFragment ?? ""] {
            parameters.merge(FormEncoding.decode(source)) { _, later in later }
        }
        self.parameters = parameters
        var base = components
        base.percentEncodedQuery = nil
        base.percentEncodedFragment = nil
        let query = parameters.sorted { $0.key < $1.key }
            .map { "\(PercentEncoding.encode($0.key))=\(PercentEncoding.encode($0.value))" }
            .joined(separator: "&")
        text = (base.string ?? requestURI) + (query.isEmpty ? "" : "?" + query)
    }

    /// The parameter `name`, nil when absent or empty.
    subscript(_ name: String) -> String? {
        parameters[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
