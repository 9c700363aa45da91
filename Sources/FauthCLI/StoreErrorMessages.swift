import AuthCore
import Localization

/// Localized explanations of why the local account store could not be opened.
enum StoreErrorMessages {
    /// What went wrong with the store at `path`: the refused file's problem, else the general message with the
    /// diagnostic detail.
    static func message(for error: AuthError, path: String, strings: Strings) -> String {
        let key: StringKey? = switch error.storeProblem {
        case .symbolicLink: .storeIsSymbolicLink
        case .notRegularFile: .storeNotRegularFile
        case .notOwned: .storeNotOwned
        case .notDatabase: .storeNotDatabase
        case .damaged: .storeDamaged
        case nil: nil
        }
        if let key { return strings.format(key, .string(path)) }
        return strings.format(.storeOpenError, .string(path)) + " (\(error.detail ?? error.code.rawValue))"
    }
}
