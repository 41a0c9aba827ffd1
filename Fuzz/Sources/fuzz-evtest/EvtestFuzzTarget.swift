import ForceRecording
import FuzzSupport

private let scratch = ScratchFile(name: "input.txt")

/// One input as an evtest log: `EvtestReader` reads it or says where and why not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvtest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    scratch.write(UnsafeBufferPointer(start: data, count: size))
    RecordingCheck.readAll(scratch.path) { try EvtestReader(path: $0) }
    return 0
}
