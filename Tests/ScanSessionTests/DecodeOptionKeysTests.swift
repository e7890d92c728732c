import ScanCore
import Testing

@testable import ScanSession

/// A connection's `options:` are read through `DecodeOptions.declarations`: every declared key, its type
/// and its range.
@Suite struct DecodeOptionKeysTests {
    static func session(options: String) -> String {
        """
        inputs: [{ id: in, type: file, paths: [x.png] }]
        outputs: [{ id: out, type: stdout }]
        connections:
          - from: in
            to: out
            options: { \(options) }
        """
    }

    static func load(_ options: String) throws(ConfigProblems) -> DecodeOptions? {
        try SessionLoader.load(text: session(options: options), file: "t.yaml", pluginFormats: []).config
            .connections.first?.options
    }

    @Test func everyDeclaredKeyIsReadIntoItsField() throws {
        for declaration in DecodeOptions.declarations {
            let value: DecodeOptionDeclaration.Value
            switch declaration.kind {
            case .bool:
                guard case .bool(let b) = declaration.defaultValue else { continue }
                value = .bool(!b)
            case .integer(let range): value = .integer(range.lowerBound == 0 ? 7 : range.lowerBound)
            case .choice(let names): value = .choice(names.first { .choice($0) != declaration.defaultValue } ?? "")
            }
            let options = try #require(try Self.load("\(declaration.key): \(value)"), "\(declaration.key)")
            #expect(declaration.value(in: options) == value, "\(declaration.key)")
        }
    }

    @Test func minLineAgreementIsAKey() throws {
        #expect(try Self.load("min_line_agreement: 1")?.minLineAgreement == 1)
    }

    @Test func outOfRangeAndUnknownNamesAreErrorsAtTheValue() {
        for (text, message) in [
            ("min_line_agreement: 0", "'min_line_agreement' must be from 1 to 1000"),
            ("ean_add_on: sometimes", "'ean_add_on' must be one of ignore, read, require, not 'sometimes'"),
            ("try_harder: 3", "'try_harder'"),
        ] {
            do {
                _ = try Self.load(text)
                Issue.record("\(text) was accepted")
            } catch {
                let messages = error.problems.map(\.message)
                #expect(messages.contains { $0.contains(message) }, "\(text): \(messages)")
                #expect(error.problems.first?.line == 6)
            }
        }
    }
}
