import ForceBridgeCLI

ForceBridgeCLI.main()
