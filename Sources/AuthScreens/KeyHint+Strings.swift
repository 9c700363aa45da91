import AuthFlow
import Localization

extension KeyHint {
    /// The footer word for this hint.
    var stringKey: StringKey {
        switch self {
        case .next: .hintNext
        case .previous: .hintPrevious
        case .move: .hintMove
        case .activate: .hintActivate
        case .back: .hintBack
        case .quit: .hintQuit
        case .inbox: .hintInbox
        case .reveal: .hintReveal
        case .stop: .hintStop
        case .dismiss: .hintDismiss
        case .signOut: .hintSignOut
        case .use: .hintUse
        case .suspend: .hintSuspend
        case .redraw: .hintRedraw
        case .keys: .hintKeys
        case .scroll: .hintScroll
        case .moveInField: .hintMoveInField
        case .deleteCharacter: .hintDeleteCharacter
        case .deleteToStartEndOrWord: .hintDeleteToStartEndOrWord
        }
    }
}
