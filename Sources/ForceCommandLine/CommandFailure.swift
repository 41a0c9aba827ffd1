import ForceDevices
import ForceRecording

/// Ends a command with a one-line error on standard error (`forcebridge: MESSAGE`) and exit
/// status 1 (or the status the command documents). Errors of the libraries carry facts;
/// `message(for:)` adds what to do about them.
package struct CommandFailure: Error, CustomStringConvertible {
    /// The line, without the `forcebridge: ` prefix.
    package let message: String
    /// The exit status.
    package var status: Int32 = 1

    package init(_ message: String, status: Int32 = 1) {
        self.message = message
        self.status = status
    }

    /// The failure for `error`, with advice.
    package init(_ error: any Error) {
        message = Self.message(for: error)
    }

    package var description: String { message }

    /// Runs `body`; a recording or device error it throws ends the command with advice
    /// (`init(_:)`), other errors pass unchanged.
    package static func advising<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as RecordingError {
            throw CommandFailure(error)
        } catch let error as DeviceError {
            throw CommandFailure(error)
        }
    }

    /// Runs `body`; any error it throws ends the command with the error's text and, for the
    /// errors the command line knows, what to do about it (`message(for:)`), and `status`.
    package static func reporting<Result>(status: Int32 = 1, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw CommandFailure(message(for: error), status: status)
        }
    }

    /// `error`'s text with what to do about it, for the errors the command line knows.
    package static func message(for error: any Error) -> String {
        switch error {
        case let error as DeviceError: return error.description + DeviceErrorAdvice.advice(for: error)
        case let error as HapticDeviceError: return error.description + DeviceErrorAdvice.advice(for: error)
        case let error as CommandFailure: return error.message
        default: return "\(error)"
        }
    }
}

/// An error shown by the argument parser (`Error: ...` and usage where it belongs), with advice.
package struct AdvisedError: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}

/// What to do about device errors, in this program's terms (its commands and options).
package enum DeviceErrorAdvice {
    package static func advice(for error: DeviceError) -> String {
        switch error {
        case .noSuchNode:
            return " Run 'forcebridge list' to see the devices there are."
        case .notAnEventDevice:
            return " Use an event node such as /dev/input/event5; 'forcebridge list' shows them."
        case .permissionDenied:
            return " Install ForceBridge's udev rules so the logged-in user gets access to touch, tablet and haptic devices only: "
                + "'sudo forcebridge udev install', which installs \(DeviceError.rulesFile), then unplug and replug the device or log in again. "
                + "Alternatives: run as root, or add yourself to the 'input' group (this grants every input device, keyboards included — not recommended)."
        case .noForceFeedback:
            return " 'forcebridge haptic list' shows the devices that do."
        case .uinputUnavailable:
            return " Load the module ('modprobe uinput') and make sure you may write to /dev/uinput."
        case .deviceLost, .system, .uinputRejected:
            return ""
        }
    }

    package static func advice(for error: HapticDeviceError) -> String {
        switch error {
        case .effectRejected:
            return " 'forcebridge haptic list' shows which effects it supports; --effect rumble or --effect periodic chooses the type."
        default:
            return ""
        }
    }
}
