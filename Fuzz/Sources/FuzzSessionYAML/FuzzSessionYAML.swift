import BuiltinPlugins
import FuzzSupport
import ScanCore
import ScanSession

/// The session loader and validator (`scanctl validate`): libyaml's events into the node tree, the
/// config reader, every validator, the problems rendered with their source line; on random text.
/// Checked: every problem has a position inside the text (or 0:0 for the file as a whole).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzBytes(data, size).bytes, as: UTF8.self)
    let lineCount = yamlLineCount(text)
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

/// Lines as YAML counts them: a break is CR LF, LF, CR, NEL, LS or PS.
func yamlLineCount(_ text: String) -> Int {
    var count = 1
    var previous: Unicode.Scalar = " "
    for c in text.unicodeScalars {
        switch c {
        case "\n": if previous != "\r" { count += 1 }
        case "\r", "\u{85}", "\u{2028}", "\u{2029}": count += 1
        default: break
        }
        previous = c
    }
    return count
}
