/// The `updateMask` of a PATCH: comma-separated field paths (`signIn.allowDuplicateEmails`), of which the
/// configuration documents honour the top-level field. As protobuf's field-mask parser does, empty paths
/// (`a,,b`, `,`) are skipped and a path with an empty name (`.`, `a..b`, `a.`) is INVALID_ARGUMENT.
struct UpdateMask {
    /// The top-level fields the paths name.
    let fields: Set<String>

    /// The mask of a query value; nil when there is none (every field of the patch applies).
    init?(_ text: String?) throws(APIError) {
        guard let text else { return nil }
        var fields: Set<String> = []
        for path in text.split(separator: ",") {
            let names = path.split(separator: ".", omittingEmptySubsequences: false)
            guard let first = names.first, !names.contains(where: \.isEmpty) else {
                throw APIError.invalidArgument("Invalid field mask path: \"\(path.prefix(100))\"")
            }
            fields.insert(String(first))
        }
        self.fields = fields
    }
}
