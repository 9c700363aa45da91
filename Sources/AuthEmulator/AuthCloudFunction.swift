import AuthCore
import Dispatch
import FirebaseAuthREST
import FoundationEssentials
import JSON
import LocalAuth

/// Posts Auth events (`user.create`, `user.delete`) to a Functions emulator running beside this one, as
/// Firebase's Auth emulator does for `functions.auth.user().onCreate/onDelete` triggers: the Functions emulator
/// is found through the Emulator Hub (`GET http://<hub>/emulators`, the hub `FIREBASE_EMULATOR_HUB` names), and
/// gets `POST /functions/projects/<project>/trigger_multicast`. Nothing is posted without a hub. Events go out
/// off the request's thread, each exchange bounded in time, and change nothing when they fail, as there.
struct AuthCloudFunction: Sendable {
    /// What happened to the account.
    enum Action: String, Sendable {
        case create, delete
    }

    /// How long asking the hub, or posting the event, may take.
    static let timeout: TimeInterval = 10

    /// `host:port` of the Emulator Hub, if one runs.
    let hub: String?

    /// Posts the event of `action` on `account` of `projectID` (a tenant's account names its tenant).
    func dispatch(_ action: Action, _ account: LocalAccount, projectID: String, tenantID: String?, at now: Date) {
        guard let hub else { return }
        let event = Self.event(action, account, projectID: projectID, tenantID: tenantID, at: now)
        DispatchQueue.global().async {
            guard let functions = Self.functionsEmulator(hub: hub),
                  let url = URL(string: "\(functions)/functions/projects/\(projectID)/trigger_multicast") else { return }
            let request = HTTPTransportRequest(method: "POST", url: url, contentType: "application/json",
                                               body: event.data())
            _ = try? CurlTransport.shared.sendWaiting(request, timeout: Self.timeout)
        }
    }

    /// `http://host:port` of the Functions emulator the hub lists, if it lists one.
    private static func functionsEmulator(hub: String) -> String? {
        guard let url = URL(string: "http://\(hub)/emulators"),
              let answer = try? CurlTransport.shared.sendWaiting(HTTPTransportRequest(method: "GET", url: url),
                                                                 timeout: timeout),
              answer.status == 200,
              let emulators = (try? JSONValue(data: answer.body))?.anyValue as? [String: Any],
              let functions = emulators["functions"] as? [String: Any],
              let host = functions["host"] as? String, !host.isEmpty,
              let port = functions["port"] as? Double, (1...65535).contains(port)
        else { return nil }
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(Int(port))"
    }

    /// The legacy (v1) Cloud Functions event Firebase's emulator posts.
    static func event(_ action: Action, _ account: LocalAccount, projectID: String, tenantID: String?,
                      at now: Date) -> JSONValue {
        .object([
            "eventId": .string(UUID().uuidString.lowercased()),
            "eventType": .string("providers/firebase.auth/eventTypes/user.\(action.rawValue)"),
            "resource": .object(["name": .string("projects/\(projectID)"),
                                 "service": .string("firebaseauth.googleapis.com")]),
            "params": .object([:]),
            "timestamp": .string(RFC3339.string(now, milliseconds: true)),
            "data": userInfo(account, tenantID: tenantID),
        ])
    }

    /// The account as the event's `data` (the Admin SDK's `UserRecord` fields, without password or tokens).
    private static func userInfo(_ account: LocalAccount, tenantID: String?) -> JSONValue {
        var metadata = ["creationTime": JSONValue.string(RFC3339.string(account.createdAt, milliseconds: true))]
        metadata["lastSignInTime"] = account.lastSignInAt.map { .string(RFC3339.string($0, milliseconds: true)) }
        let claims = account.customAttributes.flatMap { try? JSONValue(data: Data($0.utf8)) }
        var user: [String: JSONValue] = [
            "uid": .string(account.uid),
            "emailVerified": .bool(account.isEmailVerified),
            "disabled": .bool(account.isDisabled),
            "metadata": .object(metadata),
            "customClaims": claims ?? .object([:]),
            "providerData": .array(UserInfo.providers(of: account).map(provider)),
        ]
        user["email"] = account.email.map(JSONValue.string)
        user["displayName"] = account.displayName.map(JSONValue.string)
        user["photoURL"] = account.photoURL.map(JSONValue.string)
        user["phoneNumber"] = account.phoneNumber.map(JSONValue.string)
        user["tenantId"] = tenantID.map(JSONValue.string)
        return .object(user)
    }

    /// One `providerData` entry from a `providerUserInfo` entry (`photoUrl` spelt `photoURL`).
    private static func provider(_ info: [String: Any]) -> JSONValue {
        var entry: [String: JSONValue] = [:]
        for (name, value) in info {
            if let text = value as? String { entry[name == "photoUrl" ? "photoURL" : name] = .string(text) }
        }
        return .object(entry)
    }
}

extension IdentityToolkitAPI {
    /// Posts `action` on `account` of this scope to the Functions emulator, if one runs (see `AuthCloudFunction`).
    func announce(_ action: AuthCloudFunction.Action, _ account: LocalAccount) {
        projects.authCloudFunction.dispatch(action, account, projectID: projectID, tenantID: tenantID, at: engine.now)
    }
}
