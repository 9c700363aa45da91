/// What `fauth-tui --version` reports: the version here, the commit from the build (`WriteBuildInfo`).
public enum BuildInfo {
    /// The release version; packages and tarballs are named after it.
    public static let version = "0.1.0"
}
