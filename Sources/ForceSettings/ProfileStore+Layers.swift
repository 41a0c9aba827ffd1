import Logging

extension ProfileStore {
    /// Adds the layers of a run: the user's profile file, unless `userProfiles` is false, then
    /// each of `files` (the command line's `--profile`) as a higher layer; logs each layer at
    /// `debug` on `logger`, numbered from 1 as `PipelineSettings` logs them.
    /// - Throws: a `ProfileError` for a file that is missing, unreadable or invalid.
    public mutating func loadLayers(userProfiles: Bool, files: [String], directories: XDGDirectories = XDGDirectories(),
                                    logger: Logger) throws {
        if userProfiles {
            try loadUserProfiles(directories: directories)
            if layers.isEmpty {
                logger.debug("no user profile file", metadata: ["file": "\(directories.profilesFile.path)"])
            } else {
                logger.debug("layer 1: the user's profiles", metadata: ["file": "\(directories.profilesFile.path)", "profiles": "\(layers[0].count)"])
            }
        }
        for path in files {
            try load(path: path)
            logger.debug("layer \(layers.count): --profile", metadata: ["file": "\(path)", "profiles": "\(layers[layers.count - 1].count)"])
        }
    }
}
