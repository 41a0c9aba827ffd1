import ForceBus
import ForceDevices
import ForceService
import ForceSystem
import ForceTestSupport
import Testing

/// The interfaces' introspection XML is generated from their declarations: the files in docs/
/// are the generator's output, the running service introspects as the generator says, and
/// feedbackd's interface declares what feedbackd's own XML does.
@Suite struct ServiceIntrospectionTests {
    static func shipped(_ name: String) throws -> String { try Repository.text("docs/\(name).xml") }

    /// The `<interface name="NAME">` element of introspection XML.
    static func element(_ name: String, in xml: String) -> String? {
        guard let start = xml.firstRange(of: " <interface name=\"\(name)\">") else { return nil }
        guard let end = xml[start.upperBound...].firstRange(of: " </interface>\n") else { return nil }
        return String(xml[start.lowerBound..<end.upperBound])
    }

    @Test(arguments: ServiceIntrospection.interfaces.map(\.name))
    func theShippedXMLIsGeneratedFromTheDeclaration(_ name: String) throws {
        let generated = try #require(ServiceIntrospection.document(of: name))
        #expect(try Self.shipped(name) == generated, "regenerate it: forcebridge serve --print-introspection \(name) > docs/\(name).xml")
        #expect(generated.contains("<method name=") && generated.hasSuffix("</node>\n"))
    }

    /// The hidden option that regenerates the files prints them; a name the service does not
    /// export is refused.
    @Test func servePrintsTheIntrospectionItExports() throws {
        for (name, _) in ServiceIntrospection.interfaces {
            let printed = try ChildProcess.run(Repository.forcebridge, ["serve", "--print-introspection", name])
            let shipped = try Self.shipped(name)
            #expect(printed.status == 0 && printed.output == shipped, "\(printed.error)")
        }
        let unknown = try ChildProcess.run(Repository.forcebridge, ["serve", "--print-introspection", "org.example.Nothing"])
        #expect(unknown.status != 0 && unknown.error.contains("--print-introspection expects an interface the service exports"), "\(unknown.error)")
    }

    @Test(.busClientsInstalled)
    func theServiceIntrospectsAsTheGeneratorSays() throws {
        let harness = try ServiceHarness()
        try harness.start()
        for (name, path) in ServiceIntrospection.interfaces {
            let busctl = try harness.busctl(["introspect", "--xml-interface", ServiceNames.busName, path])
            #expect(busctl.status == 0, "\(busctl)")
            #expect(Self.element(name, in: busctl.output) == ServiceIntrospection.element(of: name), "\(busctl.output)")
        }
    }

    /// Members, arguments (name, type, direction) and properties of an interface in XML, one
    /// line each, whatever the attribute order, comments and annotations.
    static func members(_ element: String) -> [String] {
        var members: [String] = []
        var current = ""
        for line in element.split(separator: "\n").map({ $0.trimmingPrefix(while: { $0 == " " }) }) {
            func attribute(_ key: String) -> String {
                guard let start = line.firstRange(of: "\(key)=\"") else { return "" }
                return String(line[start.upperBound...].prefix { $0 != "\"" })
            }
            if line.hasPrefix("<method") || line.hasPrefix("<signal") {
                current = "\(line.hasPrefix("<method") ? "method" : "signal") \(attribute("name"))"
                members.append(current)
            } else if line.hasPrefix("<property") {
                members.append("property \(attribute("name")) \(attribute("type")) \(attribute("access"))")
            } else if line.hasPrefix("<arg") {
                members.append("\(current) arg \(attribute("name")) \(attribute("type")) \(attribute("direction"))")
            }
        }
        return members.sorted()
    }

    @Test(.enabled(if: FileSystem.item(at: "/usr/share/dbus-1/interfaces/org.sigxcpu.Feedback.xml") == .file, "needs feedbackd-common's interface XML"))
    func feedbackdsInterfaceIsDeclaredAsFeedbackdDeclaresIt() throws {
        let feedbackd = try String(decoding: FileSystem.contents(of: "/usr/share/dbus-1/interfaces/org.sigxcpu.Feedback.xml"), as: UTF8.self)
        let ours = try #require(ServiceIntrospection.element(of: ServiceNames.feedbackName))
        let theirs = try #require(feedbackd.firstRange(of: "<interface name=\"org.sigxcpu.Feedback\">").map { String(feedbackd[$0.lowerBound...]) })
        #expect(Self.members(ours) == Self.members(theirs))
        #expect(Self.members(ours).contains("method TriggerFeedback arg hints a{sv} in"), "\(Self.members(ours))")
    }
}
