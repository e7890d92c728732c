import ScanCore
import Testing

@testable import ScanSession

/// Every malformed-session case of issue 3, item 1, with the line and column it must be reported at.
@Suite struct SessionValidationTests {
    static let formats: Set<BarcodeFormat> = [.ean13, .ean8, .upca, .upce]

    /// The problems of `yaml`, or [] when it loads.
    func problems(_ yaml: String, environment: [String: String] = [:]) -> [ConfigProblem] {
        do {
            let loaded = try SessionLoader.load(
                text: yaml, file: "t.yaml", pluginFormats: Self.formats, environment: environment)
            return loaded.warnings
        } catch {
            return error.problems
        }
    }

    func errors(_ yaml: String, environment: [String: String] = [:]) -> [ConfigProblem] {
        problems(yaml, environment: environment).filter { $0.severity == .error }
    }

    static let valid = """
        session: dock
        inputs:
          - id: inbox
            type: file
            paths: [samples]
        outputs:
          - id: console
            type: stdout
            format: text
        connections:
          - from: inbox
            to: console
            symbologies: [ean13, EAN-8]
            region_of_interest: { x: 0.1, y: 0.2, width: 0.5, height: 0.5 }
            options: { try_harder: false, max_symbols: 2, ean_add_on: require, binarizer: global_histogram }
        """

    @Test func aValidSessionLoadsWithEveryField() throws {
        let loaded = try SessionLoader.load(text: Self.valid, file: "t.yaml", pluginFormats: Self.formats)
        let c = loaded.config
        #expect(c.name == "dock")
        #expect(loaded.warnings.isEmpty)
        #expect(c.inputs.map(\.id.value) == ["inbox"])
        #expect(c.outputs.first?.typeName == "stdout")
        let connection = try #require(c.connections.first)
        #expect(connection.symbologies.map(\.value) == [.ean13, .ean8])
        #expect(connection.options.tryHarder == false)
        #expect(connection.options.maxSymbols == 2)
        #expect(connection.options.eanAddOn == .require)
        #expect(connection.options.binarizer == .globalHistogram)
        #expect(connection.regionOfInterest?.value == RegionOfInterest(x: 0.1, y: 0.2, width: 0.5, height: 0.5))
        #expect(connection.from.mark == YAMLMark(line: 11, column: 11))
    }

    @Test func unknownKeyIsReportedAtTheKey() {
        let yaml = Self.valid.replacingOccurrences(of: "    format: text", with: "    fromat: text")
        let e = errors(yaml)
        #expect(e.count == 1)
        #expect(e.first?.line == 9 && e.first?.column == 5)
        #expect(e.first?.message.contains("unknown key 'fromat' in output 'console'") == true)
        #expect(e.first?.sourceLine == "    fromat: text")
        #expect(e.first?.rendered.hasSuffix("    fromat: text\n        ^") == true)
    }

    @Test func symbologyOptionsAreRead() throws {
        let yaml = Self.valid.replacingOccurrences(
            of: "max_symbols: 2,",
            with:
                "max_symbols: 2, itf_min_length: 4, code39_full_ascii: off, code39_check_character: verify_and_strip, codabar_min_length: 5, search_whole_frame: true,"
        )
        let options = try #require(
            try SessionLoader.load(text: yaml, file: "t.yaml", pluginFormats: Self.formats).config.connections.first
        ).options
        #expect(options.itfMinLength == 4)
        #expect(options.code39FullASCII == .off)
        #expect(options.code39CheckCharacter == .verifyAndStrip)
        #expect(options.codabarMinLength == 5)
        #expect(options.searchWholeFrame)
        let bad = Self.valid.replacingOccurrences(of: "max_symbols: 2,", with: "max_symbols: 2, itf_min_length: 1,")
        let e = errors(bad)
        #expect(e.map { [$0.line, $0.column] } == [[15, 67]])
    }

    @Test func unknownTopLevelAndOptionKeys() {
        let yaml = "sesion: x\n" + Self.valid.replacingOccurrences(of: "max_symbols: 2", with: "max_symbol: 2")
        let e = errors(yaml)
        #expect(e.map { [$0.line, $0.column] } == [[1, 1], [16, 35]])
    }

    @Test func wrongTypesAreReportedAtTheValue() throws {
        let yaml = """
            inputs:
              - id: pipe
                type: stdin
                width: wide
                height: "480"
                pixel_format: grey
            outputs:
              - id: console
                type: stdout
                format: [jsonl]
            connections:
              - from: pipe
                to: console
                confirm_frames: 0
                options: { try_harder: maybe }
            """
        let e = errors(yaml)
        #expect(e.map { [$0.line, $0.column] } == [[4, 12], [5, 13], [6, 19], [10, 13], [14, 21], [15, 28]])
        try #require(e.count == 6)
        #expect(e[0].message.contains("'width' must be a whole number, not 'wide'"))
        #expect(e[2].message.contains("'pixel_format' must be one of gray8"))
        #expect(e[4].message.contains("from 1"))
    }

    @Test func unknownSymbologyIsAnErrorAndAPluginlessStandardOneAWarning() {
        let yaml = Self.valid.replacingOccurrences(of: "[ean13, EAN-8]", with: "[ean13, qrcode, ean14]")
        let all = problems(yaml)
        #expect(all.map { [$0.line, $0.column] } == [[13, 26], [13, 34]])
        #expect(all.map(\.severity) == [.warning, .error])
        #expect(all[1].message.contains("unknown symbology 'ean14'"))
    }

    @Test func regionOutsideTheFrameIsReportedAtTheField() {
        let yaml = Self.valid.replacingOccurrences(
            of: "{ x: 0.1, y: 0.2, width: 0.5, height: 0.5 }", with: "{ x: -0.1, y: 0.2, width: 0.5, height: 1.5 }")
        #expect(errors(yaml).map { [$0.line, $0.column] } == [[14, 30], [14, 64]])
        let past = Self.valid.replacingOccurrences(of: "width: 0.5,", with: "width: 0.95,")
        let e = errors(past)
        #expect(e.map { [$0.line, $0.column] } == [[14, 50]])
        #expect(e.first?.message.contains("past the right edge") == true)
        // A field that does not read hides none of the others' problems.
        let partly = Self.valid.replacingOccurrences(
            of: "{ x: 0.1, y: 0.2, width: 0.5, height: 0.5 }", with: "{ x: \"0.1\", y: 0.2, width: 0, height: 2 }")
        #expect(
            errors(partly).map(\.message) == [
                "'x' must be a number, not '0.1'", "region_of_interest 'width' must be greater than 0",
                "region_of_interest 'height' is 2.0, outside [0, 1] (fractions of the frame)",
            ])
    }

    @Test func connectionsNamingUnknownInputsOrOutputs() {
        let yaml = Self.valid.replacingOccurrences(of: "from: inbox", with: "from: inbx")
            .replacingOccurrences(of: "to: console", with: "to: [console, archive]")
        let e = errors(yaml)
        #expect(e.map { [$0.line, $0.column] } == [[11, 11], [12, 19]])
        #expect(problems(yaml).first?.severity == .warning)
        #expect(problems(yaml).contains { $0.message.contains("'from' names no input: 'inbx'") })
        #expect(e.last?.message.contains("'to' names no output: 'archive'") == true)
    }

    /// An empty `to:` would decode every frame for nobody; an empty `symbologies:` would read every
    /// symbology, which leaving the key out says.
    /// A stdin frame over the image files' pixel limit (a typo in a size) is refused before a buffer is.
    @Test func stdinFramesOverThePixelLimitAreRefused() {
        let yaml = """
            inputs: [{ id: p, type: stdin, width: 65536, height: 65536, pixel_format: rgba32 }]
            outputs: [{ id: o, type: stdout }]
            connections: [{ from: p, to: o }]
            """
        #expect(
            errors(yaml).map(\.message) == [
                "a 65536 × 65536 frame is 4294967296 pixels; at most 100000000, as for image files"
            ])
    }

    @Test func anOutputNamedTwiceInToIsAnError() {
        let yaml = Self.valid.replacingOccurrences(of: "to: console", with: "to: [console, console]")
        #expect(errors(yaml).map(\.message) == ["'to' names output 'console' twice"])
    }

    @Test func emptyToAndSymbologiesAreErrors() {
        let yaml = Self.valid.replacingOccurrences(of: "to: console", with: "to: []")
            .replacingOccurrences(of: "symbologies: [ean13, EAN-8]", with: "symbologies: []")
        #expect(
            errors(yaml).map(\.message) == [
                "output 'console' is not fed by any connection",
                "'to' names no output; name at least one",
                "'symbologies' is empty; leave it out to read every symbology the plugins read",
            ])
    }

    @Test func outputThatNoConnectionFeeds() {
        let yaml = Self.valid.replacingOccurrences(
            of: "connections:", with: "  - id: log\n    type: file\n    path: /tmp/x.jsonl\nconnections:")
        let e = errors(yaml)
        #expect(e.map { [$0.line, $0.column] } == [[10, 9]])
        #expect(e.first?.message == "output 'log' is not fed by any connection")
    }

    @Test func duplicateIDsAcrossInputsAndOutputs() {
        let yaml = Self.valid.replacingOccurrences(of: "id: console", with: "id: inbox")
            .replacingOccurrences(of: "to: console", with: "to: inbox")
        let e = errors(yaml)
        #expect(e.map { [$0.line, $0.column] } == [[7, 9]])
        #expect(e.first?.message.contains("duplicate id 'inbox': already used by the input at line 3") == true)
    }

    @Test func unsetEnvironmentVariableIsAnErrorAtTheDollar() {
        let yaml = """
            inputs:
              - id: inbox
                type: file
                paths:
                  - "${SCANS}/in"
                  - plain/${ALSO}
            outputs:
              - id: erp
                type: webhook
                url: http://127.0.0.1:9/x
                headers: { Authorization: "Bearer ${ERP_TOKEN}" }
            connections:
              - from: inbox
                to: erp
            """
        let e = errors(yaml)
        #expect(e.map { [$0.line, $0.column] } == [[5, 10], [6, 15], [11, 39]])
        #expect(e.last?.message.contains("'ERP_TOKEN' is not set") == true)
        let fine = errors(yaml, environment: ["SCANS": "/s", "ALSO": "a", "ERP_TOKEN": "t0k"])
        #expect(fine.isEmpty)
        let loaded = try? SessionLoader.load(
            text: yaml, file: "t.yaml", pluginFormats: Self.formats,
            environment: ["SCANS": "/s", "ALSO": "a", "ERP_TOKEN": "t0k"])
        guard case .webhook(let w)? = loaded?.config.outputs.first?.kind else {
            Issue.record("no webhook")
            return
        }
        #expect(w.headers["Authorization"] == "Bearer t0k")
        guard case .file(let f)? = loaded?.config.inputs.first?.kind else { return }
        #expect(f.paths == ["/s/in", "plain/a"])
    }

    @Test func yamlSyntaxErrorsCarryLibyamlMarks() {
        let bad = "inputs:\n  - id: a\n    type: file\n   paths: [x\n"
        let e = errors(bad)
        #expect(e.count == 1)
        #expect(e.first?.line == 4 && e.first?.column == 4)
        #expect(e.first?.message.hasPrefix("YAML syntax:") == true)
        let unclosed = errors("session: \"dock\ninputs: []\n")
        #expect(unclosed.first?.line == 3)
    }

    @Test func allProblemsAreReportedAtOnceInFileOrder() {
        let yaml = """
            session: s
            inputs:
              - id: a
                type: file
                paths: x
                colour: red
              - id: a
                type: stdin
                width: 10
                height: 10
                pixel_format: gray8
            outputs:
              - id: o
                type: stdout
              - id: unused
                type: stdout
            connections:
              - from: b
                to: [o]
                symbologies: [nosuch]
                region_of_interest: { x: 2, y: 0, width: 1, height: 1 }
            """
        let e = errors(yaml)
        #expect(e.map { [$0.line, $0.column] } == [[6, 5], [7, 9], [15, 9], [18, 11], [20, 19], [21, 30]])
    }

    @Test func aPluginThatCannotBeLoadedIsAnErrorNamingTheFile() {
        let all = problems("plugins: [/nonexistent/libtelepen.so]\n" + Self.valid)
        #expect(all.map { [$0.line, $0.column] } == [[1, 11]])
        #expect(all.first?.severity == .error)
        #expect(all.first?.message == "plugin /nonexistent/libtelepen.so: the file does not exist")
    }

    @Test func missingRequiredKeysAndEmptySections() {
        let e = errors("inputs:\n  - id: a\n    type: file\noutputs: []\n")
        #expect(e.map { [$0.line, $0.column] } == [[1, 1], [2, 5], [4, 10]])
        #expect(e.count == 3 && e[1].message == "input 'a' needs 'paths'")
        #expect(errors("").first?.message == "the session file is empty")
    }
}
