/// How `ForceBridgeCLI` parses a command line: the command it names alone, falling back on the
/// whole tree (what the program does), or the whole tree from the root (what the argument parser
/// does by itself; tests compare the two).
enum CommandParsing {
    case namedCommand
    case wholeTree
}
