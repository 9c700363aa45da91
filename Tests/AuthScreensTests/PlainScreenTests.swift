import AuthFlow
import Localization
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

/// Plain mode reads every screen from the widgets the full-screen interface draws: no screen has plain-mode code.
@Suite struct PlainScreenTests {
    private let context = ScreenContext(strings: .builtIn(language: "en"), backendLabel: "local")

    @Test(arguments: ScreenSnapshotTests.cases.keys.sorted())
    func everyScreenReadsAsTextAndNumberedChoices(named name: String) throws {
        let state = try #require(ScreenSnapshotTests.cases[name]).state
        let frame = PlainScreen.frame(state, context: context)
        assertSnapshot(text: frame.text, named: "plain-\(name)")
    }

    /// The numbered fields and controls are the active form's controls, in its Tab order, with its focus: so a
    /// choice reaches its control by Tab alone, on screens added later too.
    @Test(arguments: ScreenSnapshotTests.cases.keys.sorted())
    func numberedControlsAreTheFormsControlsInTabOrder(named name: String) throws {
        let state = try #require(ScreenSnapshotTests.cases[name]).state
        let frame = PlainScreen.frame(state, context: context)
        let controls = frame.choices.filter { if case .control = $0.target { true } else { false } }
        if let form = state.activeForm {
            let (count, focus, fields) = Self.shape(of: form)
            #expect(controls.count == count)
            #expect(frame.focusedControl == focus)
            #expect(controls.enumerated().filter { $0.element.field != nil }.map(\.offset) == fields)
        } else if let alert = state.alert, state.topLayer == .alert(alert) {
            #expect(controls.count == alert.buttons.count)
            #expect(frame.focusedControl == alert.selection)
        }
    }

    /// How many controls a form has, where its focus is, and which of them are text fields.
    private static func shape<Form: FormFeature>(of form: Form) -> (count: Int, focus: Int?, fields: [Int]) {
        (form.controls.count, form.controls.firstIndex(of: form.focus),
         form.controls.enumerated().filter { form.text(of: $0.element) != nil }.map(\.offset))
    }

    @Test func whileACallIsInFlightNothingIsOffered() {
        let frame = PlainScreen.frame(ScreenStates.signingIn.state, context: context)
        #expect(frame.isWaiting)
        #expect(frame.choices.isEmpty)
        #expect(frame.text == "Authenticating...\n")
    }

    @Test func aPasswordNeverAppearsOnlyItsLength() {
        var states = ScreenStates.signingIn
        states.send(.backRequested)
        let frame = PlainScreen.frame(states.state, context: context)
        #expect(!frame.text.contains("hunter22"))
        #expect(frame.text.contains("Password: ••••••••"))
        #expect(frame.choices[1].field == PlainFrame.Field(label: "Password", isSecure: true))
    }

    @Test func theKeyTableAddsBackQuitAndInboxButNeverTabOrEnter() {
        let frame = PlainScreen.frame(ScreenStates.recoveryRequest.state, context: context)
        let keys = frame.choices.compactMap { choice -> Key? in
            if case .key(let key) = choice.target { return key }
            return nil
        }
        #expect(keys == [.escape, .function(2), .control("c")])
        #expect(frame.text.hasSuffix("Esc: back\n  5) F2: inbox\n  6) Ctrl-C: quit\n"))
    }

    /// A key and what it does are one localized format (issue 31 review): a right-to-left table puts what the key
    /// does first, Japanese uses its full-width colon, French its no-break space; the key list reads the same way.
    @Test(arguments: [("en", "F2", ": ", "inbox"), ("ar", "الوارد", ": ", "F2"), ("ja", "F2", "：", "受信トレイ"),
                      ("fr", "F2", "\u{a0}: ", "boîte de réception")])
    func aKeyChoiceIsWrittenInTheLanguagesOrder(language: String, first: String, separator: String, last: String)
        throws {
        let strings = Strings.builtIn(language: language)
        let context = ScreenContext(strings: strings, backendLabel: "local")
        let frame = PlainScreen.frame(ScreenStates.recoveryRequest.state, context: context)
        let line = try #require(frame.text.split(separator: "\n").first { $0.contains("F2") })
        let text = String(line).filter { !"\u{2066}\u{2067}\u{2068}\u{2069}".contains($0) }
        #expect(text.hasSuffix(first + separator + last), "\(text)")
        let keys = try #require(KeyMap.event(for: .function(1), in: ScreenStates.recoveryRequest.state))
        let list = PlainScreen.frame(Navigator.update(ScreenStates.recoveryRequest.state, keys).0, context: context)
        #expect(list.text.contains(strings.format(.plainKeyChoice, .string("Ctrl-Z"), .string(strings[.hintSuspend]))))
    }

    @Test func aLongListOffersTwentyItemsAndSaysHowManyMoreThereAre() throws {
        var states = ScreenStates.phoneEntry
        states.send(.focusMovedBackward)
        states.send(.activated)
        guard let picker = states.state.topLayer?.feature as? CountryPicker.State else {
            Issue.record("the country list did not open")
            return
        }
        let frame = PlainScreen.frame(states.state, context: context)
        let items = frame.choices.filter { if case .listItem = $0.target { true } else { false } }
        #expect(items.count == PlainScreen.maximumListItems)
        #expect(frame.text.contains("Not shown: \(picker.results.count - 20) more"))
    }

    @Test func promptsAreLocalized() {
        let strings = Strings.builtIn(language: "de")
        let frame = PlainScreen.frame(ScreenStates.signedOut.state, context: ScreenContext(strings: strings))
        #expect(PlainScreen.choicePrompt(frame, strings: strings) == "Auswahl (1–8): ")
        #expect(frame.text.contains("1) E-Mail-Adresse: (leer)"))
        let french = Strings.builtIn(language: "fr")
        #expect(PlainScreen.fieldPrompt(PlainFrame.Field(label: "E-mail", isSecure: false), strings: french)
                == "E-mail\u{a0}: ")
    }
}
