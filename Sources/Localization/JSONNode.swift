/// A parsed JSON value that remembers where it starts, so a complaint about its shape can name a line and column.
package struct JSONNode {
    /// The value itself; object members keep their file order and their own positions.
    package enum Value {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// One `"name": value` pair of an object.
    package struct Member {
        package let name: String
        package let value: JSONNode
    }

    package let value: Value
    /// Offset of the value's first scalar in the text it was read from.
    let offset: Int

    /// `an object`, `a string`…: the value's kind for error messages.
    var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
