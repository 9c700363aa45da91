/// Where two values differ, found by walking both with `Mirror`: one line per differing part, named by its path
/// from the root (`presentation.elements[0].busy.owner`), with the expected and the actual value.
///
/// A test store prints these instead of two whole states, which for the Navigator run to pages.
public enum StructuralDiff {
    /// The differing parts of `actual` against `expected`; empty when they print alike.
    public static func lines(expected: Any, actual: Any) -> [String] {
        var lines: [String] = []
        compare(expected, actual, path: "", into: &lines)
        return lines
    }

    /// The differences as one message, at most `limit` lines of them.
    public static func message(expected: Any, actual: Any, limit: Int = 12) -> String {
        let found = lines(expected: expected, actual: actual)
        let shown = found.prefix(limit).map { "  " + $0 }.joined(separator: "\n")
        return found.count > limit ? shown + "\n  … and \(found.count - limit) more" : shown
    }

    private static func compare(_ expected: Any, _ actual: Any, path: String, into lines: inout [String]) {
        let left = Mirror(reflecting: expected), right = Mirror(reflecting: actual)
        if left.children.isEmpty || right.children.isEmpty || left.subjectType != right.subjectType {
            let (was, now) = (String(reflecting: expected), String(reflecting: actual))
            if was != now { lines.append("\(path.isEmpty ? "value" : path): expected \(was), got \(now)") }
            return
        }
        switch left.displayStyle {
        case .dictionary?, .set?:
            compareKeyed(left, right, path: path, into: &lines)
        case .collection?:
            let (was, now) = (Array(left.children), Array(right.children))
            if was.count != now.count {
                lines.append("\(path).count: expected \(was.count), got \(now.count)")
            }
            for index in 0..<min(was.count, now.count) {
                compare(was[index].value, now[index].value, path: "\(path)[\(index)]", into: &lines)
            }
        default:
            let (was, now) = (Array(left.children), Array(right.children))
            guard was.count == now.count, zip(was, now).allSatisfy({ $0.label == $1.label }) else {
                // Another enum case, or another shape: said whole.
                lines.append("\(path): expected \(String(reflecting: expected)), got \(String(reflecting: actual))")
                return
            }
            for (index, (expectedChild, actualChild)) in zip(was, now).enumerated() {
                let name = expectedChild.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"
                compare(expectedChild.value, actualChild.value, path: path.isEmpty ? name : "\(path).\(name)",
                        into: &lines)
            }
        }
    }

    /// Dictionaries and sets have no order: their members are matched by how they print.
    private static func compareKeyed(_ left: Mirror, _ right: Mirror, path: String, into lines: inout [String]) {
        func keyed(_ mirror: Mirror) -> [String: Any] {
            var members: [String: Any] = [:]
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                if mirror.displayStyle == .dictionary, pair.count == 2 {
                    members[String(reflecting: pair[0].value)] = pair[1].value
                } else {
                    members[String(reflecting: child.value)] = child.value
                }
            }
            return members
        }
        let (was, now) = (keyed(left), keyed(right))
        for key in Set(was.keys).union(now.keys).sorted() {
            switch (was[key], now[key]) {
            case let (expected?, actual?): compare(expected, actual, path: "\(path)[\(key)]", into: &lines)
            case (_?, nil): lines.append("\(path)[\(key)]: expected, missing")
            case (nil, _?): lines.append("\(path)[\(key)]: unexpected")
            case (nil, nil): break
            }
        }
    }
}
