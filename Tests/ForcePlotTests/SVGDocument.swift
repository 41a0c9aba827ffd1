import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed SVG file, flattened into its elements, for checking what a plot drew. Parsing with
/// Foundation's `XMLParser` also proves the document is well-formed XML.
struct SVGDocument {
    /// One element: its name, attributes, text, and the classes of the groups around it.
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
        var ancestorClasses: [String]

        /// The words of the `class` attribute.
        var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

        /// The attribute `name` as a number.
        func number(_ name: String) -> Double? { attributes[name].flatMap(Double.init) }
    }

    /// Why a document could not be parsed.
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// Every element in document order.
    let elements: [Element]

    /// Parses `text`.
    /// - Throws: `ParseError` with the parser's line and message if it is not well-formed.
    init(_ text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseError(description: "line \(parser.lineNumber), column \(parser.columnNumber): \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        elements = collector.elements
    }

    /// The root element.
    var root: Element? { elements.first }

    /// The elements whose `class` contains `name`.
    func elements(withClass name: String) -> [Element] {
        elements.filter { $0.classes.contains(name) }
    }

    /// The elements named `name` (`rect`, `path`, ...) inside a group whose `class` contains `group`.
    func elements(named name: String, inGroupWithClass group: String) -> [Element] {
        elements.filter { $0.name == name && $0.ancestorClasses.contains(group) }
    }

    /// All text content, in order.
    var texts: [String] { elements.filter { $0.name == "text" || $0.name == "title" || $0.name == "desc" }.map(\.text) }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [(index: Int, classes: [String])] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            let ancestors = open.flatMap(\.classes)
            let element = Element(name: elementName, attributes: attributes, ancestorClasses: ancestors)
            open.append((elements.count, element.classes))
            elements.append(element)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let current = open.last else { return }
            elements[current.index].text += string
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
    }
}
