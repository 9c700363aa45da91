import FoundationEssentials

extension HTTPResponse {
    /// A minimal HTML page in `language`: `title` as heading, `message` (both escaped), then `formHTML` as it is.
    public static func htmlPage(title: String, message: String, status: Int = 200, language: String = "en",
                                formHTML: String = "") -> HTTPResponse {
        let html = """
            <!doctype html><html lang="\(language.htmlEscaped)"><head><meta charset="utf-8">
            <title>\(title.htmlEscaped)</title></head>
            <body><h1>\(title.htmlEscaped)</h1><p>\(message.htmlEscaped)</p>\(formHTML)</body></html>
            """
        return HTTPResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"],
                            body: Data(html.utf8))
    }
}

extension String {
    /// The text with `&`, `<`, `>`, `"` and `'` as HTML entities.
    public var htmlEscaped: String {
        var escaped = ""
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
