import Foundation

/// One output's bounded queue and the thread that writes from it, in order.
final class OutputWorker: Sendable {
    let plan: OutputPlan
    private let queue: BlockingQueue<Event>
    private let done = DispatchSemaphore(value: 0)

    init(plan: OutputPlan, capacity: Int = 1024) {
        self.plan = plan
        self.queue = BlockingQueue(capacity: capacity)
    }

    var id: String { plan.output.id }

    /// Events waiting in the queue now.
    var queued: Int { queue.count }

    /// True when this output takes events of `kind`.
    func wants(_ kind: EventKind) -> Bool { plan.events.contains(kind) }

    /// Queues `event`, waiting while the queue is full.
    func send(_ event: Event) { queue.put(event) }

    /// Lets the output make `event` durable before any output is sent it; returns why it failed, if it did.
    func persist(_ event: Event) -> String? {
        do {
            try plan.output.persist(event)
            return nil
        } catch {
            return "output '\(id)': \(SystemErrorText.describe(error))"
        }
    }

    /// Starts the writer thread; `failed` is called for every write that throws.
    func start(failed: @escaping @Sendable (String) -> Void) {
        let output = plan.output
        let queue = self.queue
        let done = self.done
        let thread = Thread {
            while let event = queue.take() {
                do {
                    try output.write(event)
                } catch {
                    failed("output '\(output.id)': \(SystemErrorText.describe(error))")
                }
            }
            done.signal()
        }
        thread.name = "output-\(output.id)"
        thread.start()
    }

    /// No more events: drains the queue, waits for the writer, then finishes the output.
    /// Returns the output's count of undelivered events.
    func finish() -> Int {
        queue.close()
        done.wait()
        return plan.output.finish()
    }
}
