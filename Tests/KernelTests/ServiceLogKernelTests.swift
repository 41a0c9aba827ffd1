import ForceService
import ForceTestSupport
import Testing

extension SessionBusGuestTests {
    /// `forcebridge serve --log-level info` logs the bus names it takes and releases, and the
    /// motor it plays on, in the handler's format.
    @Suite(.serialized, .feedbackdGuestOnly)
    struct ServiceLogKernelTests {
        @Test func serveLogsItsBusNames() throws {
            let guest = try ServiceGuest()
            try guest.start(["--log-level", "info"])
            let log = guest.log
            #expect(log.contains("forcebridge[info] service: acquired bus name name=\(ServiceNames.busName)\n"), "\(log)")
            #expect(log.contains("forcebridge[info] service: acquired bus name interface=feedbackd name=\(ServiceNames.feedbackName) theme="), "\(log)")
            #expect(log.contains("forcebridge[info] service: motor added ") && log.contains("node=\(guest.feedback.node) slots="), "\(log)")
            #expect(log.contains("forcebridge[notice] service: serving \(ServiceNames.busName) with "), "\(log)")
            #expect(guest.stop() == 0)
            #expect(guest.log.contains("forcebridge[info] service: released bus names names=\(ServiceNames.busName),\(ServiceNames.feedbackName)\n"),
                    "\(guest.log)")
        }
    }
}
