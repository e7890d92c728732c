import Dispatch
import Foundation
import ScanCore
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one JSON POST and waits for the answer at most `timeoutMs` milliseconds.
///
/// URLSession on Linux truncates its own timeouts to whole seconds (PLATFORM-NOTES), so the deadline is
/// enforced here: the request is cancelled when no answer arrived in time, to the millisecond.
///
/// Redirects are not followed: a 3xx answer is the answer (``WebhookDelivery`` retries it as a failure
/// that can heal). Followed, a 307 sent the session's headers (its token) to whatever host the receiver
/// named, and a 301/302/303 turned the POST into a GET without the events, which the next 200 then
/// counted as delivered.
struct WebhookClient: Sendable {
    let url: URL
    let headers: [String: String]
    let timeoutMs: Int
    private let session: URLSession

    init(url: URL, headers: [String: String], timeoutMs: Int) {
        self.url = url
        self.headers = headers
        self.timeoutMs = timeoutMs
        let configuration = URLSessionConfiguration.ephemeral
        // Only a backstop: the deadline below fires first.
        configuration.timeoutIntervalForRequest = Double(timeoutMs / 1000 + 2)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    /// Answers every redirect with "do not follow": the 3xx response completes the task.
    final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    /// Posts `body` (a JSON document) and classifies the answer. Blocks the calling thread; do not call
    /// it from Swift concurrency's cooperative pool.
    func post(_ body: Data) -> WebhookDelivery.Outcome {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.timeoutInterval = Double(timeoutMs / 1000 + 2)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        // Without it URLSession sends "scanctl (unknown version)"; a session's headers may replace it.
        request.setValue("scanctl/\(PackageVersion.current)", forHTTPHeaderField: "User-Agent")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let answer = Mutex<WebhookDelivery.Outcome?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { _, response, error in
            let outcome: WebhookDelivery.Outcome
            if let error {
                // The HTTP stack's text may quote the URL: never with its secrets.
                outcome = .failed(SecretRedaction.scrub(error.localizedDescription, url: url.absoluteString))
            } else if let http = response as? HTTPURLResponse {
                outcome = .status(http.statusCode)
            } else {
                outcome = .failed("no HTTP response")
            }
            answer.withLock { $0 = $0 ?? outcome }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + .milliseconds(timeoutMs)) == .timedOut {
            let late = WebhookDelivery.Outcome.failed("no answer within \(timeoutMs) ms")
            answer.withLock { $0 = $0 ?? late }
            task.cancel()
        }
        return answer.withLock { $0 } ?? .failed("no answer")
    }
}
