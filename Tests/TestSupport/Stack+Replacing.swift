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
    public func isSameElement(as other: Route) -> Bool { caseName(of: self) == caseName(of: other) }
}

extension Presentation: StackElementIdentity {
    public func isSameElement(as other: Presentation) -> Bool {
        if case .busy(let operation) = self, case .busy(let otherOperation) = other {
            return operation.id == otherOperation.id
        }
        return caseName(of: self) == caseName(of: other)
    }
}

/// The name of an enum value's case.
private func caseName(of value: Any) -> String {
    Mirror(reflecting: value).children.first?.label ?? String(describing: value)
}
