import Foundation
import Synchronization

/// Where a loaded plugin's run-time problems go (dropped results, failed decode calls), each line
/// prefixed with the plugin's name and path, at most ``limit`` lines per plugin: a plugin that fails on
/// every frame of a live camera does not flood the log.
///
/// ```text
/// plugin 'acme' (/usr/lib/scanctl/plugins/libacme.so): result dropped: corner 2 is not a finite point
/// ```
public final class PluginDiagnostics: Sendable {
    /// Lines reported per plugin before the rest are only counted.
    public static let limit = 20

    /// Writes `scanctl: warning: LINE` on standard error (what scanctl uses).
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data("scanctl: warning: \(line)\n".utf8))
    }

    private let prefix: String
    private let sink: @Sendable (String) -> Void
    private let reported = Mutex(0)

    /// Problems of the plugin `name` loaded from `path`, sent to `sink` one line each.
    public init(plugin name: String, path: String, sink: @escaping @Sendable (String) -> Void) {
        prefix = "plugin '\(name)' (\(path))"
        self.sink = sink
    }

    /// Reports one problem (the ``limit``-th is followed by a line saying the rest are not reported).
    public func report(_ problem: String) {
        let n = reported.withLock { n in
            n += 1
            return n
        }
        if n <= PluginDiagnostics.limit { sink("\(prefix): \(problem)") }
        if n == PluginDiagnostics.limit { sink("\(prefix): further problems of this plugin are not reported") }
    }

    /// Problems reported so far (including those past ``limit``).
    public var count: Int { reported.withLock { $0 } }
}
