import ScanCore
import Testing

@testable import ScanSession

/// A webhook URL's variables, and the URL and headers `validate` accepts.
@Suite struct WebhookURLTests {
    func load(_ url: String, headers: String = "", environment: [String: String]) throws(ConfigProblems)
        -> WebhookOutputConfig?
    {
        let config = try SessionLoader.load(
            text: SecretRedactionTests.session(url: url, headers: headers), file: "t.yaml", pluginFormats: [.ean13],
            environment: environment
        ).config
        guard case .webhook(let c) = config.outputs.first?.kind else { return nil }
        return c
    }

    func errors(_ url: String, headers: String = "", environment: [String: String] = [:]) -> [String] {
        do {
            _ = try load(url, headers: headers, environment: environment)
            return []
        } catch {
            return error.errors.map(\.message)
        }
    }

    /// A password holding `@` and `/` stays in the user information (the request goes to the written
    /// host), and a token holding `&`, `=` and `#` stays one query value; a variable that is the whole URL
    /// is taken as written.
    @Test func variablesInUserInformationAndQueryArePercentEncoded() throws {
        let c = try load(
            "\"http://erp:${PW}@127.0.0.1:9/scans?token=${TOKEN}&site=7\"",
            environment: ["PW": "Sup3r@secret/pw", "TOKEN": "t&password=X#f"])
        #expect(c?.url == "http://erp:Sup3r%40secret%2Fpw@127.0.0.1:9/scans?token=t%26password%3DX%23f&site=7")
        let whole = try load("\"${HOOK}\"", environment: ["HOOK": "https://hooks.example/in?a=b&c=d"])
        #expect(whole?.url == "https://hooks.example/in?a=b&c=d")
    }

    @Test func urlsNoRequestCanGoToAreRefused() {
        #expect(errors("\"http://127.0.0.1:99999/x\"") == ["'url' port must be from 1 to 65535, not 99999"])
        #expect(errors("\"http:///x\"") == ["'url' names no host"])
        #expect(errors("\"http://u:p@[::1:1/x\"") == ["'url' is not a valid URL"])
        #expect(
            errors("\"http://[::1]:8080/x\"") == [
                "'url' names its host by an IPv6 address, which the HTTP client cannot reach; use a host name"
            ])
        // A malformed URL is not echoed: a password in it would be, where no redaction finds it.
        #expect(errors("\"http:/admin:S3CRET@host/\"") == ["'url' must start with http:// or https://"])
    }

    /// The scheme is case-insensitive: `HTTP://` is sent as `http://`.
    @Test func theSchemeIsLowerCased() throws {
        #expect(try load("\"HTTP://h:8080/X?a=B\"", environment: [:])?.url == "http://h:8080/X?a=B")
    }

    /// Header names must be HTTP tokens, values free of control characters, and the client's own
    /// framing headers are not the session's to set; none of these problems quotes the line.
    @Test func headersThatCannotBeSentAsWrittenAreRefused() throws {
        func headerErrors(_ headers: String) -> [String] {
            errors("\"http://h/x\"", headers: "    headers: { \(headers) }", environment: ["T": "t\u{0}x"])
        }
        #expect(
            headerErrors("\"X:Y\": v") == ["header name 'X:Y' is not an HTTP token (letters, digits, !#$%&'*+-.^_`|~)"])
        #expect(
            headerErrors("Content-Length: \"5\"") == [
                "header 'Content-Length' is set by the HTTP client, not by the session"
            ])
        #expect(headerErrors("X-Token: \"${T}\"") == ["header 'X-Token' must not contain a control character"])
        do {
            _ = try load(
                "\"http://h/x\"", headers: "    headers: { X-Token: \"${T}\" }", environment: ["T": "S3CRET\u{0}"])
            Issue.record("loaded")
        } catch {
            #expect(error.problems.allSatisfy { $0.sourceLine == nil })
        }
    }

    /// A line longer than the quoted excerpt whose URL holds secrets is not quoted: the excerpt could cut
    /// the URL where no redaction finds it.
    @Test func aLongLineWithASecretIsNotQuoted() {
        let url = "\"https://erp:S3CRET@erp.example.com/api/v1/scans?token=T0KEN\""
        let yaml = """
            inputs: [{ id: in, type: file, paths: [imgs] }]
            outputs: [{ id: hook, type: webhook, events: [confirmed], url: \(url), headers: { X-Scanner: dock-door-3x }, bogus: 1 }]
            connections: [{ from: in, to: hook }]
            """
        do {
            _ = try SessionLoader.load(text: yaml, file: "t.yaml", pluginFormats: [.ean13])
            Issue.record("loaded")
        } catch {
            let text = error.problems.map(\.rendered).joined(separator: "\n")
            #expect(text.contains("unknown key 'bogus'"))
            #expect(!text.contains("S3CRET") && !text.contains("T0KEN"))
        }
    }

    /// A line break in a header value would start another header; user information in the URL would
    /// replace an Authorization header. Neither message quotes the value.
    @Test func headersThatWouldBeRewrittenAreRefused() {
        let header = "    headers: { X-Token: \"${TOKEN}\" }"
        #expect(
            errors("\"http://h/x\"", headers: header, environment: ["TOKEN": "t\r\nX-Evil: 1"])
                == ["header 'X-Token' must not contain a line break"])
        #expect(
            errors(
                "\"http://u:${PW}@h/x\"", headers: "    headers: { Authorization: \"Bearer ${TOKEN}\" }",
                environment: ["PW": "p", "TOKEN": "t"])
                == ["header 'Authorization' and user information in 'url' both give credentials; keep one"])
    }

    /// A URL that does not read (an unset variable) hides none of the output's other problems.
    @Test func anUnreadableURLHidesNoOtherProblem() {
        #expect(
            errors("\"http://h/x?token=${NOPE}\"", headers: "    headers: { Authorization: \"Bearer ${NOPE2}\" }")
                .map { $0.hasPrefix("environment variable") } == [true, true])
    }

    /// A quoted URL in a quoted line is redacted to its closing quote: braces and spaces inside it do
    /// not end it.
    @Test func quotedURLsAreRedactedToTheirClosingQuote() {
        #expect(
            SecretRedaction.urls(in: "  - { url: \"http://h/s?token=Ab{Cd}Ef-secret\", x: 1 }")
                == "  - { url: \"http://h/s?token=***\", x: 1 }")
        #expect(SecretRedaction.urls(in: "url: 'http://h/s?token=abc def'") == "url: 'http://h/s?token=***'")
        #expect(SecretRedaction.urls(in: "{ url: http://a:b@h/s?t=x }") == "{ url: http://***@h/s?t=*** }")
    }
}
