extension String {
    /// The string cut or padded with spaces to `width` characters (Foundation's
    /// `padding(toLength:withPad:startingAt:)` with a space), for columns of text.
    package func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }

    /// The string padded with spaces on the left to `width` characters (never cut).
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
