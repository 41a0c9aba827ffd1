import ForceRecording
import FuzzSupport

private let scratch = ScratchFile(name: "input.yml")

/// One input as `libinput record` YAML: `LibinputRecordReader` reads it or says where and why
/// not. Only the public API is used, so the target outlives a change of YAML parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    scratch.write(UnsafeBufferPointer(start: data, count: size))
    RecordingCheck.readAll(scratch.path) { try LibinputRecordReader(path: $0) }
    // The same file with the last device chosen, when it holds several.
    if let count = try? LibinputRecordReader(path: scratch.path).devices.count, count > 1 {
        RecordingCheck.readAll(scratch.path) { try LibinputRecordReader(path: $0, device: count - 1) }
    }
    return 0
}
