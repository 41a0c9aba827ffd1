import ForceBridgeCLI

/// The `forcebridge` program: everything it does is in `ForceBridgeCLI`.
@main
enum ForceBridgeMain {
    static func main() {
        ForceBridgeCLI.main()
    }
}
