import ForceTerminalUI

/// The full-screen wizard drives `calibrate`'s run.
extension CalibrationRun: CalibrationRunning {}
