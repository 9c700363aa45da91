/// A new, empty store at the current schema version, byte for byte as SQLite lays it out.
///
/// A throwaway store (`:memory:`) starts as a copy of it instead of running `StoreSchema.current`: SQLite parses
/// each `CREATE` statement of a script twice, which made creating the schema most of a start's work (DECISIONS.md,
/// "Start-up"). The bytes are generated from the schema (`make store-image`) and `StoreSchemaTests` checks that they
/// still describe it.
enum StoreImage {
    /// Writes the image into `buffer`, which holds exactly `size` bytes.
    static func write(into buffer: UnsafeMutableRawBufferPointer) {
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        bytes.withUnsafeBytes { source in
            var start = 0
            for run in runs {
                UnsafeMutableRawBufferPointer(rebasing: buffer[run.offset..<run.offset + run.count])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<start + run.count]))
                start += run.count
            }
        }
    }
}
