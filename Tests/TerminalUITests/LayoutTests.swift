import Testing
import TestSupport
@testable import TerminalUI

@Suite struct LayoutTests {
    private func signInForm(focus: Int) -> FormColumn {
        var column = FormColumn(maxWidth: 56)
        column.add(Label("Sign in with Firebase", role: .title, alignment: .center))
        column.add(TextField(label: "Email", text: "a@b", cursor: 3, placeholder: "Enter your email",
                             isFocused: focus == 1,
                             messages: [.init("Email must contain @ and domain", isError: true)]), focused: focus == 1)
        column.add(TextField(label: "Password", text: "secret", cursor: 6, placeholder: "", isFocused: focus == 2,
                             secure: .masked), focused: focus == 2)
        column.add(Button("Sign in with email", isFocused: focus == 3, isEnabled: false), focused: focus == 3)
        column.add(LinkRow(leading: "Don't have an account yet?", link: "Sign up", isFocused: focus == 4),
                   focused: focus == 4)
        column.add(Divider())
        column.add(Button("Sign in with Google", isFocused: focus == 5), focused: focus == 5)
        return column
    }

    @Test func formFitsCentredAt80x24() {
        var buffer = Buffer(size: Size(width: 80, height: 24))
        signInForm(focus: 1).render(in: Rect(x: 0, y: 0, width: 80, height: 22), buffer: &buffer)
        Footer(items: [(key: "Enter", action: "sign in"), (key: "Tab", action: "next"), (key: "Esc", action: "back")])
            .render(in: buffer.bounds.row(23), buffer: &buffer)
        assertSnapshot(buffer, named: "form-80x24")
        #expect(buffer.cursor == Point(x: 18, y: 6))
        #expect(buffer.position(of: "▲") == nil && buffer.position(of: "▼") == nil)
    }

    @Test func formScrollsAt40x12ToShowTheFocusedWidget() {
        var buffer = Buffer(size: Size(width: 40, height: 12))
        signInForm(focus: 5).render(in: buffer.bounds, buffer: &buffer)
        assertSnapshot(buffer, named: "form-40x12-scrolled")
        let lines = buffer.textLines()
        #expect(lines[0].hasSuffix("▲"))
        #expect(!lines[11].hasSuffix("▼"))
        let google = buffer.position(of: "[ Sign in with Google ]")!
        #expect(google.y == 11)
        #expect(buffer[google.x, google.y].role == .buttonFocused)
        let email = buffer.position(of: "[ Sign in with email ]")!
        #expect(buffer[email.x, email.y].role == .buttonDisabled)
        #expect(buffer.cursor == nil)
    }

    @Test func formDoesNotScrollWhileTheFocusedWidgetIsInView() {
        var buffer = Buffer(size: Size(width: 40, height: 12))
        signInForm(focus: 4).render(in: buffer.bounds, buffer: &buffer)
        #expect(buffer.position(of: "Don't have an account yet?")?.y == 11)
        #expect(buffer.position(of: "Sign in with Firebase")?.y == 0)
        #expect(buffer.textLines()[11].hasSuffix("▼"))
    }

    @Test func formScrolledToTheTopShowsOnlyTheDownMark() {
        var buffer = Buffer(size: Size(width: 40, height: 12))
        signInForm(focus: 1).render(in: buffer.bounds, buffer: &buffer)
        assertSnapshot(buffer, named: "form-40x12-top")
        #expect(buffer.position(of: "▲") == nil)
        #expect(buffer.textLines()[11].hasSuffix("▼"))
        #expect(buffer.cursor == Point(x: 7, y: 3))
    }

    @Test func partlyVisibleWidgetsAreClippedNotShifted() {
        var column = FormColumn(maxWidth: 20, spacing: 0)
        column.add(Label("one two three four five six", alignment: .leading))
        column.add(Button("Go", isFocused: true), focused: true)
        #expect(column.height(width: 22) == 3)
        var buffer = Buffer(size: Size(width: 22, height: 2))
        column.render(in: buffer.bounds, buffer: &buffer)
        #expect(buffer.textLines() == [" five six            ▲", "      › [ Go ]"])
    }

    @Test func focusedWidgetTallerThanTheAreaShowsItsTop() {
        var column = FormColumn(maxWidth: 30)
        column.add(Label("intro"))
        column.add(TextField(label: "Code", text: "", cursor: 0, isFocused: true,
                             messages: (1...4).map { .init("rule \($0)", isError: true) }), focused: true)
        var buffer = Buffer(size: Size(width: 32, height: 3))
        column.render(in: buffer.bounds, buffer: &buffer)
        #expect(buffer.textLines()[0] == "   Code                        ▲")
        #expect(buffer.cursor == Point(x: 4, y: 1))
    }

    private static let sampleWidgets: [any Widget] = {
        var column = FormColumn(maxWidth: 20)
        column.add(Label("Welcome back"))
        column.add(TextField(label: "Name", text: "山田", cursor: 1, isFocused: true), focused: true)
        return [
            Label("Sign in with Firebase to continue 日本語", role: .title, alignment: .center),
            TextField(label: "Email", text: "山田太郎@example.jp", cursor: 5, placeholder: "Email", isFocused: true,
                      messages: [.init("Email must contain @ and domain", isError: true)]),
            TextField(label: "", text: "", cursor: 0, placeholder: "Code", isFocused: false, secure: .masked),
            Button("Sign in with email", isFocused: true),
            LinkRow(leading: "Don't have an account yet?", link: "Sign up", isFocused: true),
            Divider(),
            ListView(items: [ListItem(title: "SMS", detail: "+1 650"), ListItem(title: "App")], selected: 1,
                     isFocused: true),
            BusyIndicator(frame: 3, text: "Signing in…", hint: "Esc to stop"),
            Footer(items: [(key: "Enter", action: "submit"), (key: "Esc", action: "back")]),
            column,
        ]
    }()

    @Test func widgetsNeverDrawOutsideTheirArea() {
        for widget in Self.sampleWidgets {
            for width in 0...14 {
                for height in 0...7 {
                    var buffer = Buffer(size: Size(width: 24, height: 11))
                    for y in 0..<11 { buffer.put(String(repeating: "x", count: 24), x: 0, y: y, role: .hint) }
                    let area = Rect(x: 4, y: 2, width: width, height: height)
                    widget.render(in: area, buffer: &buffer)
                    for y in 0..<11 {
                        for x in 0..<24 where !area.containsCell(Point(x: x, y: y)) {
                            #expect(buffer[x, y] == Cell(text: "x", role: .hint),
                                    "\(type(of: widget)) at \(width)x\(height) drew at (\(x), \(y))")
                        }
                    }
                    if let cursor = buffer.cursor { #expect(area.containsCell(cursor)) }
                }
            }
        }
    }

    @Test func overlaysStayOnTinyScreens() {
        for width in 0...12 {
            for height in 0...6 {
                var buffer = Buffer(size: Size(width: width, height: height))
                Alert(title: "Error", message: "Something went wrong", buttons: ["OK", "Retry"])
                    .render(over: buffer.bounds, buffer: &buffer)
                Sheet(title: "Confirm", rows: [Label("Sure?"), Button("Yes", isFocused: true)], focusedRow: 1)
                    .render(over: buffer.bounds, buffer: &buffer)
                BusyIndicator(frame: 0, text: "Wait", hint: "Esc").render(over: buffer.bounds, buffer: &buffer)
                #expect(buffer.textLines().allSatisfy { TextWidth.of($0) <= width })
            }
        }
    }
}
