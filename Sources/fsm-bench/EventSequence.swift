/// SplitMix64: a small, fast generator. With a fixed seed, every run and every variant sees
/// exactly the same events.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The fixed pseudo-random event sequences of the dispatch benchmark, built once per machine
/// for both variants from the same random numbers.
enum EventSequence {
    static let seed: UInt64 = 0x0F5A_2025

    /// `play`, `pause`, `stop` and `seek(to:)` drawn uniformly; a tenth of the seek positions are
    /// negative, which `isSeekable` refuses.
    static func player(count: Int) -> (generated: [Player.Event], handWritten: [HandWrittenPlayer.Event]) {
        var random = SplitMix64(seed: seed)
        var generated: [Player.Event] = []
        var handWritten: [HandWrittenPlayer.Event] = []
        generated.reserveCapacity(count)
        handWritten.reserveCapacity(count)
        for _ in 0..<count {
            let number = random.next()
            switch number & 3 {
            case 0:
                generated.append(.play)
                handWritten.append(.play)
            case 1:
                generated.append(.pause)
                handWritten.append(.pause)
            case 2:
                generated.append(.stop)
                handWritten.append(.stop)
            default:
                let position = Double(Int((number >> 8) % 200) - 20)
                generated.append(.seek(to: position))
                handWritten.append(.seek(to: position))
            }
        }
        return (generated, handWritten)
    }

    /// The five life-cycle events drawn uniformly.
    static func callTracker(count: Int) -> (generated: [CallTracker.Event], handWritten: [HandWrittenCallTracker.Event]) {
        var random = SplitMix64(seed: seed)
        let generatedEvents: [CallTracker.Event] = [.trackOutgoingCall, .willResignActive, .didEnterBackground, .willEnterForeground, .didBecomeActive]
        let handWrittenEvents: [HandWrittenCallTracker.Event] = [.trackOutgoingCall, .willResignActive, .didEnterBackground, .willEnterForeground, .didBecomeActive]
        var generated: [CallTracker.Event] = []
        var handWritten: [HandWrittenCallTracker.Event] = []
        generated.reserveCapacity(count)
        handWritten.reserveCapacity(count)
        for _ in 0..<count {
            let index = Int(random.next() % UInt64(generatedEvents.count))
            generated.append(generatedEvents[index])
            handWritten.append(handWrittenEvents[index])
        }
        return (generated, handWritten)
    }

    /// `open(id:)`, `back`, `next`, `reply`, `send` and `home` drawn uniformly; a tenth of the
    /// ids are negative, which `canOpen` refuses.
    static func mail(count: Int) -> (generated: [Mail.Event], handWritten: [HandWrittenMail.Event]) {
        var random = SplitMix64(seed: seed)
        let generatedEvents: [Mail.Event] = [.back, .next, .reply, .send, .home]
        let handWrittenEvents: [HandWrittenMail.Event] = [.back, .next, .reply, .send, .home]
        var generated: [Mail.Event] = []
        var handWritten: [HandWrittenMail.Event] = []
        generated.reserveCapacity(count)
        handWritten.reserveCapacity(count)
        for _ in 0..<count {
            let number = random.next()
            let index = Int(number % 6)
            if index == 5 {
                let id = Int((number >> 8) % 100) - 10
                generated.append(.open(id: id))
                handWritten.append(.open(id: id))
            } else {
                generated.append(generatedEvents[index])
                handWritten.append(handWrittenEvents[index])
            }
        }
        return (generated, handWritten)
    }
}
