import Testing
@testable import Localization

@Suite("Formatting localized text")
struct FormatTemplateTests {
    private func render(_ format: String, _ arguments: FormatArgument...) -> String {
        FormatTemplate(format).render(arguments)
    }

    @Test func fillsObjectAndIntegerSlotsInOrder() {
        #expect(render("Signed in as %@", "ada@example.com") == "Signed in as ada@example.com")
        #expect(render("%d / %i / %ld / %lld", 1, -2, 3, 9_000_000_000) == "1 / -2 / 3 / 9000000000")
        #expect(render("%@ has %d new", .string("Inbox"), .int(3)) == "Inbox has 3 new")
    }

    @Test func positionalSlotsReorderArguments() {
        #expect(render("%2$@ %1$@", "first", "second") == "second first")
        #expect(render("%2$d × %1$d", 80, 24) == "24 × 80")
        #expect(render("%1$@, %1$@!", "again") == "again, again!")
    }

    @Test func percentPercentIsALiteralPercent() {
        #expect(render("100%% sure, %d%%", 42) == "100% sure, 42%")
        #expect(render("%%@ is not a slot", "x") == "%@ is not a slot")
    }

    @Test func unsupportedSequencesStayLiteral() {
        #expect(render("%s %5d %f %", "x") == "%s %5d %f %")
        #expect(render("%0$@ and %x", "x") == "%0$@ and %x")
    }

    @Test func missingArgumentsRenderAsNothing() {
        #expect(render("To: %@ (%d)") == "To:  ()")
        #expect(render("%2$@|%1$@", "only") == "|only")
    }

    @Test func eitherArgumentKindRendersUnderEitherSpecifier() {
        #expect(render("%@ and %d", 7, "seven") == "7 and seven")
    }

    @Test func keepsNonASCIITextAroundSlots() {
        #expect(render("«%@» — 閉じる %d", "é", 2) == "«é» — 閉じる 2")
    }

    @Test func signatureIgnoresOrderOfPositionalSlotsButNotTheirKinds() {
        let english = FormatTemplate("%1$d columns × %2$d rows needed").signature
        #expect(FormatTemplate("%d × %d").signature == english)
        #expect(FormatTemplate("rows %2$d, columns %1$lld").signature == english)
        #expect(FormatTemplate("%@ × %d").signature != english)
        #expect(FormatTemplate("%d").signature != english)
        #expect(FormatTemplate("%d %d %d").signature != english)
        #expect(FormatTemplate("%@ then %d").signature != FormatTemplate("%d then %@").signature)
        #expect(FormatTemplate("%2$@ then %1$d").signature == FormatTemplate("%d then %@").signature)
    }

    @Test func oneIndexUsedAsTwoKindsHasNoSignature() {
        #expect(FormatTemplate("%1$@ %1$d").signature == nil)
        #expect(FormatTemplate("%@ %1$d").signature == nil)
    }

    @Test func signatureDescriptionListsSlots() {
        #expect(FormatTemplate("%d and %@").signature?.description == "%1$d %2$@")
        #expect(FormatTemplate("plain").signature?.description == "no arguments")
    }
}
