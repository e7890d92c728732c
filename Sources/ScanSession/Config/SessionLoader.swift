import Foundation
import ScanCore
import ScanPluginLoader

/// Loads and checks a session file: YAML → node tree → ``SessionConfig`` → validators.
///
/// ```swift
/// let loaded = try SessionLoader.load(
///     path: "sessions/demo.yaml", registry: BuiltinPlugins.registry(), pluginFolders: PluginFolders.search())
/// for warning in loaded.warnings { print(warning.rendered) }
/// ```
///
/// Nothing is opened but the session file itself and the plugin libraries it names (`plugins:`, loaded
/// so that their formats can be checked): inputs and outputs are only described.
public enum SessionLoader {
    /// Problems reported in full; more are counted in one last line ("N more problems not shown").
    public static let maxProblems = 100

    /// A session that passed every check, with its warnings.
    public struct Loaded: Sendable {
        /// The checked session.
        public var config: SessionConfig
        /// Problems that do not stop the session, sorted by position.
        public var warnings: [ConfigProblem]
        /// The decoders the session runs with: the registry given to `load`, then the session's
        /// `plugins:`, then the libraries of the plugin folders.
        public var registry: DecoderRegistry
    }

    /// Loads the session file at `path`.
    ///
    /// - Parameters:
    ///   - pluginFormats: formats served besides `registry`'s (for symbology checks). Default: none.
    ///   - registry: the decoders the caller runs with (scanctl: the built-in plugins); the session's
    ///     `plugins:` are loaded into it, after its own (``Loaded/registry``). Default: empty.
    ///   - pluginFolders: folders whose plugin libraries are loaded after the session's own
    ///     (`PluginFolders.search()`); a problem with one of them is a warning. Default: none.
    ///   - environment: where `${VAR}` values come from. Default: the process environment.
    /// - Throws: ``ConfigProblems`` with every problem (errors and warnings, in file order) when at least
    ///   one is an error, including an unreadable file and a `plugins:` entry that cannot be loaded
    ///   (missing file, no entry function, wrong ABI version, a format another plugin serves…).
    public static func load(
        path: String, pluginFormats: Set<BarcodeFormat> = [], registry: DecoderRegistry = DecoderRegistry(),
        pluginFolders: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigProblems) -> Loaded {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
            size > YAMLDocument.maxBytes
        {
            throw ConfigProblems([
                ConfigProblem(
                    file: path, line: 0, column: 0,
                    message: "the session file is \(size) bytes; at most \(YAMLDocument.maxBytes) (4 MiB) are read")
            ])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let why = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
            throw ConfigProblems([ConfigProblem(file: path, line: 0, column: 0, message: "the session file \(why)")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigProblems([
                ConfigProblem(file: path, line: 0, column: 0, message: "the session file is not UTF-8 text")
            ])
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try load(
            text: text, file: path, defaultName: name, pluginFormats: pluginFormats, registry: registry,
            pluginFolders: pluginFolders, environment: environment)
    }

    /// Loads a session from YAML text; `file` names it in problems. The parameters are those of
    /// ``load(path:pluginFormats:registry:pluginFolders:environment:)``.
    public static func load(
        text: String, file: String, defaultName: String = "session", pluginFormats: Set<BarcodeFormat> = [],
        registry: DecoderRegistry = DecoderRegistry(), pluginFolders: [String] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        validators: [any SessionValidator] = .all
    ) throws(ConfigProblems) -> Loaded {
        let root: YAMLNode?
        let secondDocument: ConfigProblem?
        do {
            (root, secondDocument) = try YAMLDocument.parseFirstDocument(text, file: file)
        } catch {
            throw ConfigProblems([error])
        }
        guard let root, !root.isNull else {
            let empty = ConfigProblem(file: file, line: 0, column: 0, message: "the session file is empty")
            throw ConfigProblems([empty] + (secondDocument.map { [$0] } ?? []))
        }
        let source = SourceText(file: file, text: text)
        var reader = ConfigReader(source: source, environment: environment)
        let config = reader.readSession(root, defaultName: defaultName)
        var problems = reader.problems + (secondDocument.map { [$0] } ?? [])
        var registry = registry
        problems += loadPlugins(of: config, into: &registry, folders: pluginFolders, source: source)
        let context = ValidationContext(pluginFormats: registry.formats.union(pluginFormats))
        for validator in validators {
            problems += validator.findings(in: config, context: context).map {
                source.problem(at: $0.mark, $0.message, severity: $0.severity)
            }
        }
        problems.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        // Problems the reader did not keep are errors (warnings are few: one per kind of inline secret).
        let errorCount = problems.filter { $0.severity == .error }.count + reader.unrecordedProblems
        if problems.count > maxProblems || reader.unrecordedProblems > 0 {
            // Errors are shown before warnings (a reader of `-q`, which hides the warnings, still sees
            // the first errors), each kind in file order.
            let kept = (problems.filter { $0.severity == .error } + problems.filter { $0.severity != .error })
                .prefix(maxProblems)
            let errorsKept = kept.filter { $0.severity == .error }.count
            let hiddenErrors = problems.filter { $0.severity == .error }.count - errorsKept
            let more = problems.count - kept.count + reader.unrecordedProblems
            let severity: ConfigProblem.Severity =
                reader.unrecordedProblems > 0 || hiddenErrors > 0 ? .error : .warning
            problems = kept.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            problems.append(
                ConfigProblem(
                    file: file, line: 0, column: 0, message: "\(more) more problems not shown", severity: severity))
        }
        if problems.contains(where: { $0.severity == .error }) {
            throw ConfigProblems(problems, errorCount: errorCount)
        }
        return Loaded(config: config, warnings: problems, registry: registry)
    }
}

extension Array where Element == any SessionValidator {
    /// Every built-in validator.
    public static var all: [any SessionValidator] { [any SessionValidator].defaultValidators }
    static var defaultValidators: [any SessionValidator] {
        [
            DuplicateIDValidator(), ConnectionReferenceValidator(), UnfedOutputValidator(), SymbologyValidator(),
            RegionOfInterestValidator(), InputUsageValidator(),
        ]
    }
}
