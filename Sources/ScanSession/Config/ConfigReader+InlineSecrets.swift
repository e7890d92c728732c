/// Warnings for credentials written literally into a session file (`scanctl validate` prints them): the
/// file is then a secret itself, easily shared, committed or left readable. Each warning points to
/// `${VAR}`, which keeps the value in the environment of the process that runs the session.
extension ConfigReader {
    /// Query parameters whose value is a credential by its name (compared without case, `-` and `_`).
    static let secretQueryNames: Set<String> = [
        "token", "accesstoken", "authtoken", "apikey", "key", "secret", "clientsecret", "password", "passwd", "pwd",
        "sig", "signature", "auth", "authorization", "code",
    ]

    /// Warns when the URL as written carries a password, or a credential in its query, literally instead of
    /// through `${VAR}` (the session file is then a secret itself, and is easily shared or committed).
    mutating func warnAboutInlineSecrets(inURL written: String, at mark: YAMLMark) {
        let parts = URLParts(written)
        if let user = parts.userInformation, !user.isEmpty, !written[user].contains("${") {
            report(
                mark,
                "'url' holds user information (a name, password or token before '@') written inline; write it as "
                    + "${VAR} (http://user:${WEBHOOK_PASSWORD}@host/…) and set the variable where the session runs",
                severity: .warning)
        }
        for (key, value) in parts.queryPairs {
            let name = key.lowercased().filter { $0 != "-" && $0 != "_" }
            guard Self.secretQueryNames.contains(name), !value.isEmpty, !value.contains("${") else { continue }
            report(
                mark,
                "'url' holds the query parameter '\(key)' written inline; write it as "
                    + "\(key)=${VAR} and set the variable where the session runs",
                severity: .warning)
        }
    }

    /// Warns when an `Authorization` (or other credential) header's value is written literally.
    mutating func warnAboutInlineSecret(header name: String, written: String, at mark: YAMLMark) {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" }
        let isCredential =
            key == "authorization" || key == "proxyauthorization" || key.contains("token") || key.contains("apikey")
            || key.contains("secret") || key.contains("password")
        guard isCredential, !written.isEmpty, !written.contains("${") else { return }
        report(
            mark,
            "header '\(name)' is a secret written inline; write it as ${VAR} (\(name): \"Bearer ${WEBHOOK_TOKEN}\") "
                + "and set the variable where the session runs",
            severity: .warning, quoteLine: false)
    }
}
