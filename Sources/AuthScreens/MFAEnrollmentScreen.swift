import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `MFAEnrolmentView`: the kind of factor, then the number and its code, or the authenticator
/// app's QR code and key and its code.
///
/// The QR code stands beside the form where the terminal is wide enough, above it where it is tall enough;
/// otherwise the screen says how large the terminal must be and shows the key alone, never a clipped code.
struct MFAEnrollmentScreen: ScreenView {
    let enrollment: MFAEnrollment.State
    let language: String
    let strings: Strings
    let showsFocus: Bool
    /// Whether the form marks rows cut off above or below (the QR code never scrolls).
    var showsScrollMarks = true
    var firstRow: Int?

    /// Narrowest the form beside a QR code gets.
    static let formWidth = 34

    func render(in area: Rect, buffer: inout Buffer) {
        let placed = placement(in: area)
        if let (view, rect) = placed.code { view.render(in: rect, buffer: &buffer) }
        placed.form.render(in: placed.formArea, buffer: &buffer)
    }

    func extent(in area: Rect) -> ScrollExtent {
        let placed = placement(in: area)
        return placed.form.extent(in: placed.formArea)
    }

    /// The code and where it goes, if it is drawn, and the form with the area it fills.
    private typealias Placement = (code: (QRCodeView, Rect)?, form: FormColumn, formArea: Rect)

    /// Where the code goes, if anywhere, and the form beside or under it.
    private func placement(in area: Rect) -> Placement {
        guard case .authenticatorApp(let started) = enrollment.step else { return (nil, column(notice: nil), area) }
        guard let code = QRCode(encoding: started.secret.qrCodeURL) else {
            return (nil, column(notice: Label(strings[.unableToGenerateQRCode], role: .error, alignment: .center)),
                    area)
        }
        let form = column(notice: nil)
        // Half blocks, which every font has, wherever they fit; else the denser sextants.
        for encoding in QRCellEncoding.allCases {
            if let placed = place(QRCodeView(code, encoding: encoding), beside: form, in: area) { return placed }
        }
        // The size that shows the densest code beside the form: its rows plus the header and footer lines.
        let densest = QRCodeView(code, encoding: .sextants).size
        let needed = strings.format(.mfaQRCodeTooSmall, .int(Self.beside(densest).minimum), .int(densest.height + 2))
        return (nil, column(notice: Label(needed, role: .error, alignment: .center)), area)
    }

    /// A blank column, the code (centred vertically), then the form.
    private static func beside(_ qr: Size) -> Layout {
        Layout.horizontal(.cells(1), .cells(qr.width), .atLeast(formWidth + 1))
    }

    /// The code beside the form, or above it (a blank row between, the form at its full height); nil when neither
    /// fits.
    private func place(_ view: QRCodeView, beside form: FormColumn, in area: Rect) -> Placement? {
        let qr = view.size
        let beside = Self.beside(qr)
        let above = Layout.vertical(.cells(qr.height), .atLeast(form.height(width: area.width)), spacing: 1)
        if beside.fits(area), area.height >= qr.height {
            let columns = beside.split(area)
            return ((view, columns[1].centered(width: qr.width, height: qr.height)), form, columns[2])
        }
        if area.width >= qr.width, above.fits(area) {
            let rows = above.split(area)
            return ((view, rows[0]), form, rows[1])
        }
        return nil
    }

    /// Plain mode has no QR code: the form with the key, and the `otpauth://` URL an app can also take.
    var plainItems: [PlainItem] {
        guard case .authenticatorApp(let started) = enrollment.step else { return column(notice: nil).plainItems }
        return column(notice: nil).plainItems + [.text(started.secret.qrCodeURL)]
    }

    /// The form of the current step, with `notice` under the header.
    private func column(notice: Label?) -> FormColumn {
        var header: [any Widget] = [Label(strings[.setUpTwoFactorAuthentication], role: .title, alignment: .center)]
        switch enrollment.step {
        case .choose:
            header.append(Label(strings[.setUpTwoFactorAuthenticationMessage], role: .muted, alignment: .center))
        case .phoneNumber:
            break
        case .textMessageCode(let sent):
            header.append(Label(strings.format(.weSentACodeTo, .string(sent.phoneNumber)), role: .muted,
                                alignment: .center))
        case .authenticatorApp(let started):
            // Without a code on screen (too small, or no libqrencode) the notice replaces "Scan the QR code".
            header.append(notice ?? Label(strings[.mfaScanOrType], role: .muted, alignment: .center))
            header.append(Label(strings[.manualEntryKey], role: .label, alignment: .center))
            header.append(Label(Self.grouped(started.secret.sharedSecretKey), role: .title, alignment: .center))
            if enrollment.copied { header.append(Label(strings[.copiedToClipboard], role: .success, alignment: .center)) }
        case .expired:
            header.append(Label(strings[.mfaEnrollmentExpired], role: .error, alignment: .center))
        }
        let countdown = enrollment.resendCountdown
        let builder = FormBuilder(form: enrollment, strings: strings, isRevealed: false, showsFocus: showsFocus)
        var column = builder.column(header: header) { control in
            switch control {
            case .factorType(.sms): .radio(strings[.smsAuthentication])
            case .factorType(.totp): .radio(strings[.mfaHintAuthenticatorApp])
            case .startButton: .button(enrollment.step == .expired ? strings[.startAgain] : strings[.getStarted])
            case .countryButton: .button(PhoneLabels.title(of: enrollment.phone.country, language: language) + " ▾")
            case .numberField: .field(label: .phone, placeholder: .enterPhoneNumber)
            case .displayNameField: .field(label: .displayName, placeholder: .enterDisplayNameForThisDevice)
            case .sendCodeButton: .button(strings[.sendCode])
            case .codeField: .codeField(label: .verificationCode)
            case .completeButton: .button(strings[.completeSetup])
            case .resendButton:
                .button(countdown > 0 ? strings.format(.resendCodeCountdown, .int(countdown)) : strings[.resendCode])
            case .copyKeyButton: .button(strings[.copyKey])
            case .copyURIButton: .button(strings[.copyURI])
            }
        }
        column.showsScrollMarks = showsScrollMarks
        column.firstRow = firstRow
        return column
    }

    /// The key in groups of four, for typing by hand ("JBSW Y3DP …").
    static func grouped(_ key: String) -> String {
        var groups: [Substring] = []
        var rest = Substring(key)
        while !rest.isEmpty {
            groups.append(rest.prefix(4))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: " ")
    }
}

extension MFAEnrollment.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        MFAEnrollmentScreen(enrollment: self, language: state.language, strings: context.strings,
                            showsFocus: showsFocus)
    }
}
