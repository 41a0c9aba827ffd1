import ForceFeedbackd
import Glibc

extension ForceBridgeService {
    /// Ends the service's run on SIGINT or SIGTERM, or when the bus connection breaks; on SIGHUP,
    /// as feedbackd does, reads the user's feedback theme again (a broken one leaves the old in
    /// use, logged). Called before `start()`.
    /// - Throws: a `SystemError` when the signals cannot be watched.
    public func handleSignals() throws {
        binding.connectionLost = { [logger, runtime] error in
            logger.error("the bus connection broke: \(error); stopping")
            runtime.interrupt()
        }
        try runtime.loop.handleSignals([SIGINT, SIGTERM]) { [runtime] _ in runtime.interrupt() }
        try runtime.loop.handleSignals([SIGHUP]) { [unowned self] _ in
            do {
                feedbackTheme = try FeedbackThemeLocator.userTheme(logger: logger)
            } catch {
                logger.warning("\(error); the feedback theme stays \"\(feedbackTheme.name)\"")
            }
        }
    }

    /// After `start()`: serves until the run ends (`handleSignals()`), then stops every effect
    /// and device.
    /// - Throws: a `SystemError` or `DeviceError` when the loop fails.
    public func serve() throws {
        logger.notice("serving \(ServiceNames.busName) with \(servedNodes.count) device(s)")
        try runtime.run()
        stop()
        logger.notice("stopped")
    }
}
