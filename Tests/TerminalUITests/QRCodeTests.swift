import Foundation
import Testing
import TestSupport
@testable import TerminalUI

@Suite struct QRCodeTests {
    private let uri = "otpauth://totp/Firebase%20Auth:alice%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
        + "&issuer=Firebase%20Auth&algorithm=SHA256&digits=8&period=60"

    @Test func theDrawnCodeScansToExactlyItsText() throws {
        let code = try #require(QRCode(encoding: uri))
        let view = QRCodeView(code)
        let buffer = rendered(view, width: view.size.width + 6, height: view.size.height)
        #expect(try QRScan.decode(buffer) == [uri])
    }

    @Test func sextantsDrawTheSameCodeInAThirdOfTheRowsAndHalfTheColumns() throws {
        let code = try #require(QRCode(encoding: uri))
        let halves = QRCodeView(code)
        let view = QRCodeView(code, encoding: .sextants)
        let side = code.sideWithQuietZone
        #expect(view.size == Size(width: (side + 1) / 2, height: (side + 2) / 3))
        #expect(halves.size == Size(width: side, height: (side + 1) / 2))
        let buffer = rendered(view, width: view.size.width + 6, height: view.size.height)
        #expect(try QRScan.decode(buffer) == [uri])
        // The top left finder pattern's corner (module 4, 4) is the middle left part of cell (2, 1), drawn 3
        // columns in.
        #expect(QRScan.blockParts(buffer[3 + 2, 1].text)[1][0])
    }

    @Test func theQuietZoneIsFourLightModulesOnEverySide() throws {
        let code = try #require(QRCode(encoding: "otpauth://totp/a?secret=JBSWY3DP"))
        let view = QRCodeView(code)
        #expect(view.size == Size(width: code.width + 8, height: (code.width + 9) / 2))
        let buffer = rendered(view, width: view.size.width, height: view.size.height)
        // The first two rows (four modules) and the first and last four columns are blank light cells.
        for y in 0..<2 { for x in 0..<view.size.width { #expect(buffer[x, y].text == " ") } }
        for y in 0..<view.size.height { for x in [0, 1, 2, 3, view.size.width - 4, view.size.width - 1] {
            #expect(["▀", " "].contains(buffer[x, y].text)) } }
        // The finder pattern's corner is dark: module (4, 4) is the top half of row 2.
        #expect(["█", "▀"].contains(buffer[4, 2].text))
        #expect(buffer[4, 2].colors == QRCodeView.colors)
    }

    @Test func aCodeThatDoesNotFitIsNotDrawnAtAll() throws {
        let code = try #require(QRCode(encoding: uri))
        let view = QRCodeView(code)
        var buffer = Buffer(size: Size(width: view.size.width - 1, height: view.size.height + 4))
        view.render(in: buffer.bounds, buffer: &buffer)
        #expect(buffer.cells.allSatisfy { $0 == Cell() })
        var short = Buffer(size: Size(width: view.size.width, height: view.size.height - 1))
        view.render(in: short.bounds, buffer: &short)
        #expect(short.cells.allSatisfy { $0 == Cell() })
    }

    @Test func aRightToLeftLayoutDoesNotMirrorTheCode() throws {
        let code = try #require(QRCode(encoding: uri))
        let view = QRCodeView(code)
        var buffer = Buffer(size: Size(width: view.size.width + 10, height: view.size.height), direction: .rightToLeft)
        view.render(in: buffer.bounds, buffer: &buffer)
        #expect(try QRScan.decode(buffer) == [uri])
        let leftToRight = rendered(view, width: view.size.width + 10, height: view.size.height)
        #expect(buffer.cells == leftToRight.cells)
    }

    @Test func libqrencodeIsMappedOnceACodeWasMade() throws {
        _ = try #require(QRCode(encoding: "otpauth://totp/a?secret=JBSWY3DP"))
        // Read to the end: /proc files report no size, and a whole test run's map is long.
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
        defer { try? file.close() }
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        #expect(maps.contains("libqrencode.so.4"))
    }
}
