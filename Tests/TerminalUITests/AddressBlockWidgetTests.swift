import Testing
import TestSupport
@testable import TerminalUI

@Suite struct AddressBlockWidgetTests {
    private let address = "http://127.0.0.1:9099/emulator/auth/handler?providerId=google.com&state=AbC"

    @Test func theAddressIsCutIntoFullRowsAndNeverTruncated() {
        let block = AddressBlock(address)
        #expect(block.height(width: 20) == 4)
        let lines = rendered(block, width: 20).textLines()
        #expect(lines.count == 4)
        #expect(lines.dropLast().allSatisfy { $0.count == 20 })
        #expect(lines.joined() == address, "the rows put together are the address, with nothing left out")
        #expect(!lines.joined().contains("…"))
        #expect(rendered(block, width: 20)[0, 0].role == .link)
    }

    @Test func rowsStartAtTheLeftInARightToLeftLayoutToo() {
        let block = AddressBlock(address)
        var buffer = Buffer(size: Size(width: 20, height: 4), direction: .rightToLeft)
        block.render(in: buffer.bounds, buffer: &buffer)
        let lines = buffer.textLines()
        #expect(lines[0] == String(address.prefix(20)))
        #expect(lines[3].hasPrefix(String(address.suffix(address.count - 60))))
    }

    @Test func controlCharactersNeverReachTheScreen() {
        let lines = rendered(AddressBlock("http://x/\u{1b}[2Jy"), width: 40).textLines()
        #expect(!lines.joined().contains("\u{1b}"))
    }
}
