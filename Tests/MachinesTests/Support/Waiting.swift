/// Asks `condition` every few milliseconds until it holds or `timeout` passes; returns
/// whether it held. For the tests that run real-time timers; `condition` runs on the
/// caller's actor. The timeout is long (ten minutes) because other test targets, and other
/// builds on a loaded machine, may keep every thread of the cooperative pool busy for minutes
/// (a CI run starved thousands of posted events past 60 s): it only matters when a test fails,
/// and a test that uses it takes a time limit above it.
func eventually(
    within timeout: Duration = .seconds(600), pollingEvery interval: Duration = .milliseconds(5),
    isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return await condition()
}

/// Collects the elements of `sequence` until it finishes, or `nil` if it has not finished
/// within `timeout` (its iteration is then cancelled).
func collectUntilFinished<Element: Sendable>(
    _ sequence: AsyncStream<Element>, within timeout: Duration = .seconds(60)
) async -> [Element]? {
    await withTaskGroup(of: [Element]?.self) { group in
        group.addTask {
            var elements: [Element] = []
            for await element in sequence {
                elements.append(element)
            }
            return Task.isCancelled ? nil : elements
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
