/// Keys read from the terminal and not yet handed to the app, oldest first.
///
/// Raw mode turns off the terminal driver's interrupt character, so this queue keeps its habit: a Ctrl-C
/// drops the keys still waiting before it, and quitting never waits behind a burst of typed input.
struct Typeahead {
    /// The key that interrupts, like the driver's `VINTR`.
    static let interrupt = Key.control("c")

    private var keys: [Key] = []
    /// Index of the next key to hand out (taking from the front of an array would copy the rest every time).
    private var head = 0

    /// Whether no key is waiting.
    var isEmpty: Bool { head == keys.count }

    /// Queues `newKeys` after the waiting ones; an interrupt among them drops every key before it.
    mutating func append(_ newKeys: [Key]) {
        if let interrupt = newKeys.firstIndex(of: Self.interrupt) {
            keys = Array(newKeys[interrupt...])
            head = 0
        } else {
            keys += newKeys
        }
    }

    /// The oldest waiting key, removed from the queue.
    mutating func next() -> Key? {
        guard head < keys.count else { return nil }
        let key = keys[head]
        head += 1
        if head == keys.count {
            keys.removeAll(keepingCapacity: true)
            head = 0
        }
        return key
    }
}
