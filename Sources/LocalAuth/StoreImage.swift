/// A new, empty store at the current schema version, byte for byte as SQLite lays it out.
///
/// A throwaway store (`:memory:`) starts as a copy of it instead of running `StoreSchema.current`: SQLite parses
/// each `CREATE` statement of a script twice, which made creating the schema most of a start's work (DECISIONS.md,
/// "Start-up"). The bytes are generated from the schema (`make store-image`) and `StoreImageTests` checks that they
/// still describe it.
enum StoreImage {
    /// Writes the image into `buffer`, which holds exactly `size` bytes.
    static func write(into buffer: UnsafeMutableRawBufferPointer) {
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        for run in runs {
            run.hex.withUTF8Buffer { digits in
                for index in stride(from: 0, to: digits.count, by: 2) {
                    buffer[run.offset + index / 2] = hexValue(digits[index]) << 4 | hexValue(digits[index + 1])
                }
            }
        }
    }

    private static func hexValue(_ digit: UInt8) -> UInt8 {
        digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "a") + 10
    }
}
