import AuthFlow
import Foundation
import Localization
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

/// The device-code screen: the QR code of the address with the code filled in, read back by `zbarimg`, and the
/// countdown to the code's expiry.
@Suite struct DeviceSignInScreenTests {
    private func frame(_ width: Int, _ height: Int, language: String = "en",
                       states: ScreenStates = .deviceSignIn) -> Buffer {
        AuthScreen.render(states.state, context: ScreenContext(strings: .builtIn(language: language)),
                          size: Size(width: width, height: height))
    }

    private var signIn: DeviceSignIn.State? {
        ScreenStates.deviceSignIn.state.path.last?.feature as? DeviceSignIn.State
    }

    @Test(arguments: ["en", "ar"])
    func theCodeBesideTheFormScansToTheAddressWithTheCode(language: String) throws {
        let complete = try #require(signIn?.start.verificationURIComplete)
        #expect(try QRScan.decode(frame(80, 24, language: language)) == [complete])
    }

    @Test func aSmallTerminalShowsTheAddressAndCodeWithoutAQRCode() {
        let buffer = frame(40, 12)
        #expect(buffer.cells.allSatisfy { $0.colors != QRCodeView.colors })
        let text = buffer.textLines().joined(separator: "\n")
        #expect(text.contains("https://www.google.com/device") && text.contains("W D J B - M J H T"))
        #expect(text.contains("The code expires in 13:58."))
    }

    @Test func withoutAnAddressCarryingTheCodeThereIsNoQRCode() throws {
        var states = ScreenStates.deviceSignIn
        var feature = try #require(signIn)
        feature.start.verificationURIComplete = nil
        states.state.path[states.state.path.count - 1] = .deviceSignIn(feature)
        #expect(frame(120, 40, states: states).cells.allSatisfy { $0.colors != QRCodeView.colors })
    }

    @Test func theCountdownFollowsTheClockAndStopsAtZero() throws {
        var states = ScreenStates.deviceSignIn
        let expiresAt = try #require(signIn?.start.expiresAt)
        states.send(.clockTicked(expiresAt - 65.2))
        #expect(frame(80, 24, states: states).textLines().joined().contains("The code expires in 1:06."))
        states.send(.clockTicked(expiresAt + 3))
        #expect(frame(80, 24, states: states).textLines().joined().contains("The code expires in 0:00."))
    }
}
