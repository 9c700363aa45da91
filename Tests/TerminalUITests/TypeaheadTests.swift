import Testing
@testable import TerminalUI

@Suite struct TypeaheadTests {
    @Test func keysComeOutInTheOrderTheyWentIn() {
        var typeahead = Typeahead()
        typeahead.append([.character("a"), .tab])
        typeahead.append([.enter])
        #expect(typeahead.next() == .character("a"))
        typeahead.append([.escape])
        #expect([typeahead.next(), typeahead.next(), typeahead.next()] == [.tab, .enter, .escape])
        #expect(typeahead.isEmpty)
        #expect(typeahead.next() == nil)
    }

    @Test func ctrlCDropsTheKeysWaitingBeforeIt() {
        var typeahead = Typeahead()
        typeahead.append(Array(repeating: .character("a"), count: 10_000))
        typeahead.append([.enter, .control("c"), .character("b")])
        #expect(typeahead.next() == .control("c"))
        #expect(typeahead.next() == .character("b"))
        #expect(typeahead.isEmpty)
    }

    @Test func otherControlKeysDropNothing() {
        var typeahead = Typeahead()
        typeahead.append([.character("a"), .control("q"), .control("z")])
        #expect([typeahead.next(), typeahead.next(), typeahead.next()] == [.character("a"), .control("q"), .control("z")])
    }
}
