/// The version of scanctl and its libraries: the one place it is written.
///
/// `scanctl --version` prints it, webhook requests send it as `User-Agent: scanctl/VERSION`, and `make deb`
/// reads it from this file (the line `public static let current = "…"`), so a source tarball without git
/// history still knows its version. Semantic versioning: MAJOR.MINOR.PATCH.
public enum PackageVersion {
    /// `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
