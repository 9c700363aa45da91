/// A screen pushed over the root (FirebaseUI's `AuthView`), holding its feature's state: popping it drops it.
public struct Route: Hashable, Sendable {
    /// The screen's feature: a form with its reducer.
    public internal(set) var feature: any FormReducer

    public init(_ feature: some FormReducer) {
        self.feature = feature
    }

    /// The route's form.
    public var form: any FormFeature { feature }

    public static func == (lhs: Route, rhs: Route) -> Bool { lhs.feature.isEqual(to: rhs.feature) }

    public func hash(into hasher: inout Hasher) { hasher.combine(feature) }
}

/// A layer over the screen. The top one alone receives keys and Esc; the renderer draws them bottom to top.
public struct Presentation: Hashable, Sendable {
    /// The layer's feature: a busy call (`Operation`), an alert, a sheet, the country list or the inbox.
    public internal(set) var feature: any Feature

    public init(_ feature: some Feature) {
        self.feature = feature
    }

    /// The layer's form, or nil for layers that are not forms (busy indicator, alert, inbox).
    public var form: (any FormFeature)? { feature.form }

    public static func == (lhs: Presentation, rhs: Presentation) -> Bool { lhs.feature.isEqual(to: rhs.feature) }

    public func hash(into hasher: inout Hasher) { hasher.combine(feature) }
}

extension Route: CustomStringConvertible {
    public var description: String { "\(feature)" }
}

extension Presentation: CustomStringConvertible {
    public var description: String { "\(feature)" }
}

/// The screen under the routes: the picker while signed out, the signed-in screen after.
public enum RootScreen: Hashable, Sendable {
    case picker(AuthPicker.State)
    case signedIn(SignedIn.State)

    /// The root's feature.
    public var feature: any FormReducer {
        switch self {
        case .picker(let picker): picker
        case .signedIn(let signedIn): signedIn
        }
    }
}

extension NavigatorState {
    /// The screen's form: the top route's, or the root's.
    public var screenForm: any FormFeature {
        if let route = path.last { return route.form }
        return root.feature
    }

    /// The form that takes the keys, or nil when the top layer is not a form.
    public var activeForm: (any FormFeature)? {
        guard let top = topLayer else { return screenForm }
        return top.form
    }
}
