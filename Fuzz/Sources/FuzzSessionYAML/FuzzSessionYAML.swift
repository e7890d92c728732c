import FuzzSupport
import BuiltinPlugins
import ScanCore
import ScanSession

/// The session loader and validator (`scanctl validate`): libyaml's events into the node tree, the
/// config reader, every validator, the problems rendered with their source line; on random text.
/// Checked: every problem has a position inside the text (or 0:0 for the file as a whole).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzBytes(data, size).bytes, as: UTF8.self)
    let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
    let problems: [ConfigProblem]
    do {
        problems = try SessionLoader.load(
            text: text, file: "fuzz.yaml", pluginFormats: formats, environment: environment
        ).warnings
    } catch {
        problems = error.problems
    }
    for problem in problems {
        precondition(problem.line >= 0 && problem.line <= lineCount + 1, "a problem past the end: \(problem)")
        _ = problem.rendered
    }
    return 0
}

let formats = BuiltinPlugins.registry().formats
let environment = ["TOKEN": "secret-token", "HOST": "example.com", "EMPTY": ""]
