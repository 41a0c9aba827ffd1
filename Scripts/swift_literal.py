"""Text as a Swift string literal, for the scripts that embed files in the binary."""


def literal(text: str) -> str:
    # A raw multi-line literal: nothing in the text can end it or interpolate. The line break
    # before the closing delimiter is not part of the string, hence the extra one.
    assert '"""#' not in text and "\\#" not in text
    return '#"""\n' + text + '\n"""#'
