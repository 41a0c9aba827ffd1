import Testing

/// The session-bus guest tests (`run-guest-tests` runs them in the `--udev --dbus` guest), one
/// at a time: feedbackd, `forcebridge serve` and their motors would otherwise meet on the one
/// bus (both want `org.sigxcpu.Feedback`) and on each other's motors.
@Suite(.serialized)
enum SessionBusGuestTests {}
