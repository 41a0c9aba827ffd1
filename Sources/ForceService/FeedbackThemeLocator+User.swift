import ForceSystem
import ForceFeedbackd
import Logging

extension FeedbackThemeLocator {
    /// The user's feedbackd theme, found as feedbackd finds it in `environment` and read from the
    /// file system, else ForceBridge's default one; logs which, and what in it was skipped.
    /// - Throws: a `FeedbackThemeError` naming the file at fault.
    package static func userTheme(environment: [String: String] = Subprocess.currentEnvironment,
                                  logger: Logger = .service) throws(FeedbackThemeError) -> FeedbackTheme {
        let locator = FeedbackThemeLocator(environment: environment)
        let resolved = try locator.resolve { try? FileSystem.contents(of: $0) }
        for warning in resolved.warnings { logger.warning("feedback theme: \(warning)") }
        let source = resolved.files.isEmpty ? "ForceBridge's own" : resolved.files.joined(separator: ", ")
        logger.info("feedback theme \"\(resolved.theme.name)\" (\(source))")
        return resolved.theme
    }
}
