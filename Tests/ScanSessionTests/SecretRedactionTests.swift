import ScanCore
import Testing

@testable import ScanSession

/// Secrets in webhook URLs and headers never reach a message; `validate` warns about inline ones.
@Suite struct SecretRedactionTests {
    @Test func userInformationAndQueryValuesAreRedacted() {
        #expect(
            SecretRedaction.url("http://admin:s3cretPW@host:8080/scans?token=abc&x=1#top")
                == "http://***@host:8080/scans?token=***&x=***#top")
        #expect(SecretRedaction.url("https://host/path") == "https://host/path")
        #expect(SecretRedaction.url("https://tok@host?flag&k=") == "https://***@host?flag&k=***")
        #expect(SecretRedaction.url("ftp://u:p@h") == "ftp://***@h")
        #expect(SecretRedaction.url("u:p@h/x?a=b") == "***@h/x?a=***")
    }

    @Test func textsQuotingTheURLOrItsSecretsAreScrubbed() {
        let url = "http://admin:s3cretPW@host/scans?token=abc123"
        #expect(
            SecretRedaction.scrub("could not reach \(url): refused; password s3cretPW", url: url)
                == "could not reach http://***@host/scans?token=***: refused; password ***")
        #expect(
            SecretRedaction.urls(in: "    url: \"http://a:b@h/x?t=1\", retry: {x: 'https://h?k=v'}")
                == "    url: \"http://***@h/x?t=***\", retry: {x: 'https://h?k=***'}")
    }

    static func session(url: String, headers: String = "") -> String {
        """
        session: s
        inputs:
          - { id: in, type: file, paths: [a.png] }
        outputs:
          - id: hook
            type: webhook
            url: \(url)
        \(headers)
        connections:
          - { from: in, to: hook }
        """
    }

    func warnings(_ yaml: String) throws -> [ConfigProblem] {
        try SessionLoader.load(
            text: yaml, file: "t.yaml", pluginFormats: [.ean13], environment: ["PW": "pw", "TOKEN": "t"]
        ).warnings
    }

    @Test func validateWarnsAboutSecretsWrittenInlineAndPointsToVariables() throws {
        let found = try warnings(
            Self.session(
                url: "\"http://admin:s3cretPW@host/scans?token=abc123&site=7\"",
                headers: "    headers: { X-Api-Key: \"Bearer xyz789\", X-Trace: on }"))
        #expect(
            found.map(\.message) == [
                "'url' holds user information (a name, password or token before '@') written inline; write it as ${VAR} "
                    + "(http://user:${WEBHOOK_PASSWORD}@host/…) and set the variable where the session runs",
                "'url' holds the query parameter 'token' written inline; write it as token=${VAR} and set the variable "
                    + "where the session runs",
                "header 'X-Api-Key' is a secret written inline; write it as ${VAR} (X-Api-Key: \"Bearer "
                    + "${WEBHOOK_TOKEN}\") and set the variable where the session runs",
            ])
        #expect(found.map { "\($0.line):\($0.column)" } == ["7:10", "7:10", "8:27"])
        #expect(found.allSatisfy { $0.severity == .warning })
        // What validate prints shows none of the secrets.
        let printed = found.map(\.rendered).joined(separator: "\n")
        for secret in ["s3cretPW", "abc123", "xyz789"] { #expect(!printed.contains(secret)) }
        #expect(printed.contains("url: \"http://***@host/scans?token=***&site=***\""))
    }

    @Test func secretsFromVariablesAreNotWarnedAbout() throws {
        #expect(
            try warnings(
                Self.session(
                    url: "\"http://admin:${PW}@host/scans?token=${TOKEN}&site=7\"",
                    headers: "    headers: { X-Api-Key: \"Bearer ${TOKEN}\", X-Trace: on }")
            ).isEmpty)
    }

    @Test func aBadURLIsReportedRedacted() {
        do {
            _ = try SessionLoader.load(
                text: Self.session(url: "\"ftp://u:pw9@h/x?k=v\""), file: "t.yaml", pluginFormats: [.ean13])
            Issue.record("loaded")
        } catch {
            let text = error.problems.map(\.rendered).joined(separator: "\n")
            #expect(text.contains("'url' must start with http:// or https://"))
            #expect(text.contains("url: \"ftp://***@h/x?k=***\""))
            #expect(!text.contains("pw9"))
        }
    }
}
