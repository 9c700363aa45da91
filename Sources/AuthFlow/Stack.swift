/// Which element of the state a thing belongs to: the root screen, a route or a layer (TCA's `StackElementID`).
///
/// An operation records the element that started it: its answer goes to that element, and the operation is
/// cancelled when the element goes.
public enum ElementID: Hashable, Sendable, CustomStringConvertible {
    case root
    case route(Int)
    case layer(Int)

    public var description: String {
        switch self {
        case .root: "root"
        case .route(let id): "route#\(id)"
        case .layer(let id): "layer#\(id)"
        }
    }
}

/// Elements with stable ids, bottom first (TCA's `StackState`): an element pushed gets the next id, and keeps it
/// while it is changed in place; an id is never given twice.
public struct Stack<Element: Hashable & Sendable>: Hashable, Sendable, RandomAccessCollection {
    private var elements: [Element] = []
    /// The elements' ids, bottom first.
    public private(set) var ids: [Int] = []
    /// The id the next pushed element gets.
    public private(set) var nextID = 1

    public init() {}

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }

    public subscript(position: Int) -> Element {
        get { elements[position] }
        set { elements[position] = newValue }
    }

    /// The element with id `id`, if it is still there.
    public subscript(id id: Int) -> Element? {
        get { ids.firstIndex(of: id).map { elements[$0] } }
        set {
            guard let index = ids.firstIndex(of: id) else { return }
            if let newValue { elements[index] = newValue } else { remove(at: index) }
        }
    }

    /// Pushes `element`; returns its id.
    @discardableResult
    public mutating func append(_ element: Element) -> Int {
        let id = nextID
        nextID += 1
        elements.append(element)
        ids.append(id)
        return id
    }

    @discardableResult
    public mutating func removeLast() -> Element {
        ids.removeLast()
        return elements.removeLast()
    }

    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        ids.remove(at: index)
        return elements.remove(at: index)
    }

    /// Removes every element; ids already given are not given again.
    public mutating func removeAll() {
        elements.removeAll()
        ids.removeAll()
    }

    /// Replaces the top element, which keeps its id (the same screen, changed).
    public mutating func replaceLast(with element: Element) {
        elements[elements.count - 1] = element
    }
}

extension Stack: CustomStringConvertible {
    public var description: String {
        "[" + zip(ids, elements).map { "#\($0): \($1)" }.joined(separator: ", ") + "] next #\(nextID)"
    }
}
