import FoundationEssentials
import JSON
import Synchronization

/// The configuration resources of the projects an emulator serves (tenants, identity-provider and SAML
/// configurations, project configuration): JSON documents by collection (`projects/p/tenants`) and id,
/// stored and returned as given.
final class ConfigResources: Sendable {
    private let collections = Mutex<[String: [String: Data]]>([:])

    /// The document `id` of `collection`, if any.
    func get(_ collection: String, id: String) -> [String: Any]? {
        collections.withLock { $0[collection]?[id] }.flatMap(Self.decode)
    }

    /// Stores (or replaces) document `id` of `collection`.
    func put(_ collection: String, id: String, _ document: [String: Any]) {
        guard let data = JSONValue(any: document)?.data() else { return }
        collections.withLock { $0[collection, default: [:]][id] = data }
    }

    /// Stores document `id` of `collection` unless there is one; false when there was.
    func putIfAbsent(_ collection: String, id: String, _ document: [String: Any]) -> Bool {
        guard let data = JSONValue(any: document)?.data() else { return false }
        return collections.withLock { all in
            guard all[collection]?[id] == nil else { return false }
            all[collection, default: [:]][id] = data
            return true
        }
    }

    /// The documents of `collection` in id order.
    func list(_ collection: String) -> [(id: String, document: [String: Any])] {
        let documents = collections.withLock { $0[collection] ?? [:] }
        return documents.keys.sorted().compactMap { id in documents[id].flatMap(Self.decode).map { (id, $0) } }
    }

    /// Removes document `id` of `collection`; false when there was none.
    @discardableResult
    func remove(_ collection: String, id: String) -> Bool {
        collections.withLock { $0[collection]?.removeValue(forKey: id) != nil }
    }

    /// Removes every collection under `prefix` (a deleted tenant's configurations).
    func removeCollections(under prefix: String) {
        collections.withLock { all in
            for name in all.keys where name.hasPrefix(prefix + "/") { all.removeValue(forKey: name) }
        }
    }

    /// Every document, for an export: `{collection: {id: document}}`.
    var snapshot: Data {
        let all = collections.withLock { $0 }
        let object = all.mapValues { documents in documents.compactMapValues(Self.decode) }
        return JSONValue(any: object)?.data(prettyPrinted: true) ?? Data()
    }

    /// Replaces every document with those of an export; false when `data` is not one.
    func restore(_ data: Data) -> Bool {
        // Each document sits two levels down in an export, and may itself be as deep as a request body.
        let value = try? JSONValue(data: data, maximumDepth: JSONValue.maximumDepth + 2)
        guard let object = value?.anyValue as? [String: [String: [String: Any]]] else {
            return false
        }
        for (collection, documents) in object {
            for (id, document) in documents { put(collection, id: id, document) }
        }
        return true
    }

    private static func decode(_ data: Data) -> [String: Any]? {
        (try? JSONValue(data: data))?.anyValue as? [String: Any]
    }
}
