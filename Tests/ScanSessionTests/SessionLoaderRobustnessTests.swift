import ScanCore
import Testing

@testable import ScanSession

/// Issue 18: texts that crashed or took quadratic time, and the YAML gaps of issue 19 (a second document,
/// numbers where text is expected, a literal `${`).
@Suite struct SessionLoaderRobustnessTests {
    static let formats: Set<BarcodeFormat> = [.ean13, .qrcode]

    func problems(_ yaml: String, environment: [String: String] = [:]) -> [ConfigProblem] {
        do {
            return try SessionLoader.load(
                text: yaml, file: "t.yaml", pluginFormats: Self.formats, environment: environment
            ).warnings
        } catch {
            return error.problems
        }
    }

    func load(_ yaml: String, environment: [String: String] = [:]) throws -> SessionConfig {
        try SessionLoader.load(text: yaml, file: "t.yaml", pluginFormats: Self.formats, environment: environment)
            .config
    }

    /// A valid session with `paths` as given.
    static func session(paths: String, extra: String = "") -> String {
        """
        session: s
        inputs:
          - id: in
            type: file
            paths: \(paths)
        \(extra)outputs:
          - { id: out, type: stdout }
        connections:
          - { from: in, to: out }
        """
    }

    @Test func fiftyThousandNestedBracketsAreOneProblemAtTheSixtyFifthLevel() {
        let yaml = "session: t\nx: " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        let found = problems(yaml)
        #expect(found.count == 1)
        #expect(found.first?.line == 2)
        // `x: ` then the mapping (level 1) and 63 brackets; the 64th opens level 65.
        #expect(found.first?.column == 4 + 63)
        #expect(found.first?.message == "lists and mappings are nested more than 64 levels deep here")
        // The quoted line is an excerpt around the column, not 100 000 characters.
        #expect((found.first?.sourceLine?.count ?? 0) <= SourceText.excerptLength)
    }

    @Test func chainedAliasesCannotNestDeeperThanTheLimit() {
        // Each line nests the previous anchor 10 levels deeper: the tree would grow without bound.
        var lines = ["a0: &a0 x"]
        for n in 1...20 {
            let open = String(repeating: "[", count: 10), close = String(repeating: "]", count: 10)
            lines.append("a\(n): &a\(n) \(open)*a\(n - 1)\(close)")
        }
        let found = problems(lines.joined(separator: "\n"))
        // Line k's tree: the top mapping (1), then 10 levels per line from 2 on; a7 would reach 1 + 70.
        #expect(found.map(\.message) == ["alias '*a6' nests lists and mappings more than 64 levels deep here"])
        #expect(found.first?.line == 8)
    }

    @Test func nestingUpToTheLimitLoads() throws {
        // 62 lists inside the top mapping's value inside the top mapping: 63 levels; `paths` is a list at 3.
        let deep = String(repeating: "[", count: 61) + "a" + String(repeating: "]", count: 61)
        let found = problems(Self.session(paths: "[x.png]", extra: "plugins: \(deep)\n"))
        #expect(!found.contains { $0.message.contains("nested") })
    }

    @Test func aTextOverFourMebibytesIsRefusedWithItsSize() {
        let yaml = "session: t\n# " + String(repeating: "x", count: YAMLDocument.maxBytes) + "\n"
        let found = problems(yaml)
        #expect(found.count == 1)
        #expect(found.first?.line == 0)
        #expect(
            found.first?.message == "the session file is \(yaml.utf8.count) bytes; at most 4194304 (4 MiB) are read")
    }

    @Test func longListsLoadWholeInBlockAndFlowStyle() throws {
        // 60 000 items: seconds to minutes while every append copied the list; now one pass.
        let count = 60_000
        let block = "\n" + (0..<count).map { "      - scans/\($0).png" }.joined(separator: "\n")
        let flow = "[" + (0..<count).map { "scans/\($0).png" }.joined(separator: ", ") + "]"
        for paths in [block, flow] {
            let config = try load(Self.session(paths: paths))
            guard case .file(let file) = config.inputs.first?.kind else {
                Issue.record("no file input")
                continue
            }
            #expect(file.paths.count == count)
            #expect(file.paths.last == "scans/\(count - 1).png")
        }
    }

    /// Merge keys take the anchored mapping's keys the mapping does not write (the first merged mapping
    /// before later ones), and `x-` keys at the top hold anchors; a `<<` of anything else is a problem.
    @Test func mergeKeysAndExtensionKeys() throws {
        let config = try load(
            """
            x-console: &console { type: stdout, format: text }
            x-file: &file { type: file, path: out.csv, format: csv }
            inputs:
              - { id: in, type: file, paths: [a.png] }
            outputs:
              - { <<: *console, id: screen }
              - { <<: [*file, *console], id: log, path: log.csv }
            connections:
              - { from: in, to: [screen, log] }
            """)
        #expect(config.outputs.map(\.id.value) == ["screen", "log"])
        guard case .stdout(let screen) = config.outputs[0].kind, case .file(let log) = config.outputs[1].kind else {
            Issue.record("wrong output kinds")
            return
        }
        #expect(screen.format == .text)
        #expect(log.path == "log.csv" && log.format == .csv)
        let found = problems(
            """
            inputs: [{ id: in, type: file, paths: [a.png] }]
            outputs: [{ <<: 3, id: o, type: stdout }]
            connections: [{ from: in, to: o }]
            """)
        #expect(found.map(\.message) == ["merge key '<<' takes a mapping or a list of mappings (*anchors)"])
    }

    @Test func manyProblemsOnOneLongLineAreCappedAndQuotedInPart() {
        // 50 000 numbers where text is expected, on one 300 KB line.
        let items = (0..<50_000).map { String($0) }
        let found = problems(Self.session(paths: "[" + items.joined(separator: ", ") + "]"))
        #expect(found.count == SessionLoader.maxProblems + 1)
        #expect(found.last?.message == "\(50_000 - SessionLoader.maxProblems) more problems not shown")
        #expect(found.last?.severity == .error)
        // The count covers every error, those not shown (and those past the reader's record) included.
        do {
            _ = try SessionLoader.load(
                text: Self.session(paths: "[" + items.joined(separator: ", ") + "]"), file: "t.yaml",
                pluginFormats: Self.formats)
            Issue.record("no error")
        } catch {
            #expect(error.errorCount == 50_000)
        }
        let item = found[99]
        #expect(item.message == "an item of 'paths' must be text, not the number 99 (write \"99\" in quotes for text)")
        #expect(item.sourceLineOffset > 0)
        #expect((item.sourceLine?.count ?? 0) == SourceText.excerptLength)
        // The caret still points at the item.
        let rendered = item.rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let caret = (rendered.last?.count ?? 0) - 1
        #expect(Array(rendered.dropLast().last ?? "")[caret...].starts(with: "99,"))
    }

    /// Over the cap, errors are shown before warnings: 120 inputs no connection reads (warnings, first
    /// in the file) and 120 wrong keys after them (errors) show 100 errors.
    @Test func errorsAreShownBeforeWarningsOverTheCap() {
        var yaml = "inputs:\n  - { id: in, type: file, paths: [a.png] }\n"
        for i in 0..<120 { yaml += "  - { id: idle\(i), type: file, paths: [a.png] }\n" }
        yaml += "outputs: [{ id: o, type: stdout }]\nconnections:\n"
        for _ in 0..<120 { yaml += "  - { from: in, to: o, bogus: 1 }\n" }
        let found = problems(yaml)
        #expect(found.count == SessionLoader.maxProblems + 1)
        #expect(found.dropLast().allSatisfy { $0.severity == .error })
        #expect(found.last?.message == "140 more problems not shown")
    }

    @Test func aSecondDocumentIsAnErrorAtItsStart() {
        let yaml = Self.session(paths: "[a.png]") + "\n---\nsession: other\n"
        let found = problems(yaml)
        #expect(found.map(\.message) == ["a second YAML document starts here; a session file holds one document"])
        #expect(found.first.map { "\($0.line):\($0.column)" } == "10:1")
        // A lone `---` before the only document is fine.
        #expect(problems("---\n" + Self.session(paths: "[a.png]")).isEmpty)
        // The first document's own problems are reported with it.
        let both = problems(Self.session(paths: "[17]") + "\n---\nsession: other\n")
        #expect(
            both.map(\.message) == [
                "an item of 'paths' must be text, not the number 17 (write \"17\" in quotes for text)",
                "a second YAML document starts here; a session file holds one document",
            ])
    }

    @Test func numbersAndBooleansAreNotTakenAsText() {
        #expect(
            problems(Self.session(paths: "17")).map(\.message) == [
                "'paths' must be text, not the number 17 (write \"17\" in quotes for text)"
            ])
        #expect(
            problems(Self.session(paths: "[a.png, true, 0x1F, 1_000, -2.5e3]")).map(\.message) == [
                "an item of 'paths' must be text, not the boolean true (write \"true\" in quotes for text)",
                "an item of 'paths' must be text, not the number 0x1F (write \"0x1F\" in quotes for text)",
                "an item of 'paths' must be text, not the number 1_000 (write \"1_000\" in quotes for text)",
                "an item of 'paths' must be text, not the number -2.5e3 (write \"-2.5e3\" in quotes for text)",
            ])
        // Quoted, and words that only start like numbers, are text.
        #expect(problems(Self.session(paths: "[\"17\", '0x1F', 17a, 2024-01-05, v1.2, .png, yes, '1e5']")).isEmpty)
    }

    @Test func dollarDollarBraceIsALiteralDollarBrace() throws {
        let config = try load(
            Self.session(paths: "[\"$${HOME}/in\", \"${ROOT}/$${x}\", \"a$$b\"]"), environment: ["ROOT": "/r"])
        guard case .file(let file) = config.inputs.first?.kind else {
            Issue.record("no file input")
            return
        }
        #expect(file.paths == ["${HOME}/in", "/r/${x}", "a$$b"])
        #expect(
            problems(Self.session(paths: "[\"${NOPE}\"]")).map(\.message) == [
                "environment variable 'NOPE' is not set (used as ${NOPE}; write '$${' for a literal '${')"
            ])
    }

    /// FuzzSessionYAML: lone CRs end lines for libyaml; the quoted line must be the one it means.
    @Test func linesEndAtEveryYAMLLineBreak() {
        #expect(
            SourceText.lines(of: "a\rb\r\nc\nd\u{85}e\u{2028}f\u{2029}g").map(String.init) == [
                "a", "b", "c", "d", "e", "f", "g",
            ])
        #expect(SourceText.lines(of: "").map(String.init) == [""])
        #expect(SourceText.lines(of: "x\n").map(String.init) == ["x", ""])
        let found = problems("\n\r\r\r\r\r\r\r\r\r\r-\r\r")
        #expect(found.map { "\($0.line):\($0.column)" } == ["12:1"])
        #expect(found.first?.sourceLine == "-")
        let inputs = problems("session: s\rinputs: 5\routputs: []\r").first { $0.message.hasPrefix("'inputs'") }
        #expect(inputs?.line == 2)
        #expect(inputs?.sourceLine == "inputs: 5")
    }
}
