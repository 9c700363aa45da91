import CCurl

/// libcurl's entry points, opened on first use (see `Sources/CCurl/shim.h`).
struct CurlLibrary: @unchecked Sendable {  // Function addresses, never changed after loading.
    /// The soname of the libcurl the binary was built against (Debian's `libcurl4`).
    static let soname = "libcurl.so.4"

    /// The loaded library, or nil when it is not installed. Loaded once and kept for the process's life.
    static let shared: CurlLibrary? = {
        let api = UnsafeMutablePointer<shim_curl>.allocate(capacity: 1)
        api.initialize(to: shim_curl())
        guard shim_curl_load(api, soname) != 0 else {
            api.deallocate()
            return nil
        }
        return CurlLibrary(api: UnsafePointer(api))
    }()

    let api: UnsafePointer<shim_curl>
}

/// A failure to load libcurl, reported as NETWORK_REQUEST_FAILED with this description.
struct CurlUnavailable: Error, CustomStringConvertible {
    var description: String { "\(CurlLibrary.soname) cannot be loaded (install libcurl4)" }
}
