import AuthFlow

/// Whether two elements are the same screen or layer, perhaps changed (the same feature; the same call for a busy
/// layer): a test writing a stack whole keeps its id then, as the Navigator changing it in place does.
public protocol StackElementIdentity {
    func isSameElement(as other: Self) -> Bool
}

extension Stack where Element: StackElementIdentity {
    /// Makes the stack hold `elements` the way the Navigator would get there: from the bottom, the elements that
    /// are the same screen or layer keep their ids; the others are popped, and the new ones pushed with fresh ids.
    public mutating func replace(with elements: [Element]) {
        var kept = 0
        while kept < Swift.min(count, elements.count), self[kept].isSameElement(as: elements[kept]) {
            self[kept] = elements[kept]
            kept += 1
        }
        while count > kept { removeLast() }
        for element in elements[kept...] { append(element) }
    }
}

extension Route: StackElementIdentity {
    public func isSameElement(as other: Route) -> Bool { type(of: feature) == type(of: other.feature) }
}

extension Presentation: StackElementIdentity {
    public func isSameElement(as other: Presentation) -> Bool {
        if let operation = feature as? Operation, let otherOperation = other.feature as? Operation {
            return operation.id == otherOperation.id
        }
        return type(of: feature) == type(of: other.feature)
    }
}
