import Foundation
import TestSupport
@testable import FirebaseAuthREST

extension FakeDeviceAuthorizationServer {
    /// The provider with this server's endpoints.
    func provider(_ providerID: String, kind: DeviceAuthorizationProvider.TokenKind) -> DeviceAuthorizationProvider {
        DeviceAuthorizationProvider(providerID: providerID, clientID: "device-client",
                                    deviceAuthorizationEndpoint: URL(string: "\(baseURL)/device/code")!,
                                    tokenEndpoint: URL(string: "\(baseURL)/token")!, tokenKind: kind,
                                    scopes: ["openid", "email"])
    }

    /// The form fields of every request to `path`, in order.
    func forms(_ path: String) -> [[String: String]] {
        requests.filter { $0.path == path }.map { RecordedRequest.formFields(String(decoding: $0.body, as: UTF8.self)) }
    }
}
