import Foundation

/// A bounded first-in first-out queue between threads: `put` waits while it is full (back-pressure),
/// `take` waits while it is empty, and `close` lets the consumer drain what is left.
final class BlockingQueue<Element: Sendable>: @unchecked Sendable {
    // All state is guarded by `condition`.
    private let condition = NSCondition()
    private var items: [Element] = []
    private var head = 0
    private var closed = false
    let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Elements waiting now.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.count - head
    }

    /// Appends `element`, waiting while the queue is full. Returns false (dropping it) once closed.
    @discardableResult func put(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count - head >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        items.append(element)
        condition.broadcast()
        return true
    }

    /// The oldest element, waiting while the queue is empty; nil when closed and drained.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count && !closed { condition.wait() }
        guard head < items.count else { return nil }
        let element = items[head]
        head += 1
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return element
    }

    /// No more elements will be put; `take` returns what is left, then nil.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
