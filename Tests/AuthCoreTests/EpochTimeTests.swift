import Foundation
import Testing
@testable import AuthCore

@Suite("Moments as integers, within Google's Timestamp range")
struct EpochTimeTests {
    @Test("integers inside the range give moments; outside, none")
    func fromIntegers() {
        #expect(EpochTime.date(seconds: 253_402_300_799) == Date(timeIntervalSince1970: 253_402_300_799))
        #expect(EpochTime.date(seconds: -62_135_596_800) == Date(timeIntervalSince1970: -62_135_596_800))
        for outside: Int64 in [253_402_300_800, -62_135_596_801, .max, .min] {
            #expect(EpochTime.date(seconds: outside) == nil)
        }
        #expect(EpochTime.date(seconds: UInt64.max) == nil)
        #expect(EpochTime.date(milliseconds: 253_402_300_799_999) == Date(timeIntervalSince1970: 253_402_300_799.999))
        for outside: Int64 in [253_402_300_800_000, -62_135_596_800_001, .max, .min] {
            #expect(EpochTime.date(milliseconds: outside) == nil)
        }
    }

    @Test("moments become whole seconds and milliseconds, rounded down and clamped; NaN is 1970")
    func toIntegers() {
        #expect(EpochTime.seconds(Date(timeIntervalSince1970: -0.5)) == -1)
        #expect(EpochTime.milliseconds(Date(timeIntervalSince1970: 1.2345)) == 1234)
        for huge in [1e300, .infinity, 9.223372036854775807e18] {
            #expect(EpochTime.seconds(Date(timeIntervalSince1970: huge)) == 253_402_300_799)
            #expect(EpochTime.milliseconds(Date(timeIntervalSince1970: huge)) == 253_402_300_799_999)
            #expect(EpochTime.seconds(Date(timeIntervalSince1970: -huge)) == -62_135_596_800)
            #expect(EpochTime.milliseconds(Date(timeIntervalSince1970: -huge)) == -62_135_596_800_000)
        }
        #expect(EpochTime.seconds(Date(timeIntervalSince1970: .nan)) == 0)
        #expect(EpochTime.milliseconds(Date(timeIntervalSince1970: .nan)) == 0)
    }

    @Test("clamping keeps a moment inside the range as it is")
    func clamping() {
        let inside = Date(timeIntervalSince1970: 1_800_000_000.123456)
        #expect(EpochTime.clamped(inside) == inside)
        #expect(EpochTime.clamped(Date(timeIntervalSince1970: .infinity))
            == Date(timeIntervalSince1970: 253_402_300_799.999))
        #expect(EpochTime.clamped(Date(timeIntervalSince1970: -1e300)) == Date(timeIntervalSince1970: -62_135_596_800))
        #expect(EpochTime.clamped(Date(timeIntervalSince1970: .nan)) == Date(timeIntervalSince1970: 0))
    }

    @Test("RFC 3339 milliseconds are rounded, not cut: a moment a hair under .990 is written .990")
    func millisecondsRounded() throws {
        #expect(RFC3339.string(Date(timeIntervalSince1970: 1.989_999_9), milliseconds: true)
            == "1970-01-01T00:00:01.990Z")
        #expect(RFC3339.string(Date(timeIntervalSince1970: 1.999_6), milliseconds: true) == "1970-01-01T00:00:02.000Z")
        #expect(RFC3339.string(Date(timeIntervalSince1970: -0.000_4), milliseconds: true) == "1970-01-01T00:00:00.000Z")
        let text = "2123-04-05T06:07:28.990Z"
        #expect(RFC3339.string(try #require(RFC3339.date(text)), milliseconds: true) == text)
    }

    @Test("both ends of the range can be written as RFC 3339")
    func endsAsText() {
        #expect(RFC3339.string(Date(timeIntervalSince1970: 253_402_300_799.999), milliseconds: true)
            .hasPrefix("9999-12-31T23:59:59."))
        // Foundation's calendar is Julian before 1582: the first proleptic Gregorian day is its January 3.
        #expect(RFC3339.string(Date(timeIntervalSince1970: -62_135_596_800)).hasPrefix("0001-01-"))
    }
}
