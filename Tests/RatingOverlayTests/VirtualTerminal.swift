import ForceTestSupport
@testable import RatingOverlay

/// A terminal emulator for the subset of ANSI that `TerminalPresenter` writes (CUP, SGR, ED 2),
/// with the wide-character rules of real terminals: overwriting either half of a two-column
/// character blanks the other half. Tests feed it presenter output and compare its screen with
/// the buffer that was presented.
struct VirtualTerminal {
    private(set) var screen: ScreenBuffer
    private var row = 0
    private var column = 0
    private var style = TextStyle.plain

    init(width: Int, height: Int) {
        screen = ScreenBuffer(width: width, height: height)
    }

    mutating func feed(_ bytes: [UInt8]) {
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
                let character = Character(scalar)
                column += screen.draw(character, row: row, column: column, style: style)
                column = min(column, screen.width - 1)
            }
            text.removeAll()
        }
        while index < bytes.count {
            guard bytes[index] == 0x1b else {
                text.append(bytes[index])
                index += 1
                continue
            }
            flushText()
            precondition(bytes[index + 1] == UInt8(ascii: "["), "only CSI sequences are expected")
            var end = index + 2
            while !(0x40...0x7e).contains(bytes[end]) { end += 1 }
            let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            switch bytes[end] {
            case UInt8(ascii: "H"):
                row = max((parameters.first ?? 1) - 1, 0)
                column = max((parameters.count > 1 ? parameters[1] : 1) - 1, 0)
            case UInt8(ascii: "J"):
                screen.clear()
            case UInt8(ascii: "m"):
                applySGR(parameters)
            default:
                preconditionFailure("unexpected CSI final byte \(bytes[end])")
            }
            index = end + 1
        }
        flushText()
    }

    private mutating func applySGR(_ parameters: [Int]) {
        var index = 0
        while index < parameters.count {
            switch parameters[index] {
            case 0: style = .plain
            case 1: style.isBold = true
            case 7: style.isReversed = true
            case 38: style.foreground = .indexed(UInt8(parameters[index + 2])); index += 2
            case 48: style.background = .indexed(UInt8(parameters[index + 2])); index += 2
            default: preconditionFailure("unexpected SGR \(parameters[index])")
            }
            index += 1
        }
    }
}
