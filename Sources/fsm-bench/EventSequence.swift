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

    /// `count` events for both variants, each pair made by `event` from one random number.
    private static func draw<Generated, HandWritten>(
        count: Int, _ event: (UInt64) -> (Generated, HandWritten)
    ) -> (generated: [Generated], handWritten: [HandWritten]) {
        var random = SplitMix64(seed: seed)
        var generated: [Generated] = []
        var handWritten: [HandWritten] = []
        generated.reserveCapacity(count)
        handWritten.reserveCapacity(count)
        for _ in 0..<count {
            let (one, other) = event(random.next())
            generated.append(one)
            handWritten.append(other)
        }
        return (generated, handWritten)
    }

    /// `play`, `pause`, `stop` and `seek(to:)` drawn uniformly; a tenth of the seek positions are
    /// negative, which `isSeekable` refuses.
    static func player(count: Int) -> (generated: [Player.Event], handWritten: [HandWrittenPlayer.Event]) {
        draw(count: count) { number in
            switch number & 3 {
            case 0: return (.play, .play)
            case 1: return (.pause, .pause)
            case 2: return (.stop, .stop)
            default:
                let position = Double(Int((number >> 8) % 200) - 20)
                return (.seek(to: position), .seek(to: position))
            }
        }
    }

    /// `player(count:)`'s events for the observable players.
    static func observablePlayer(count: Int) -> (generated: [ObservablePlayer.Event], handWritten: [HandWrittenPlayer.Event]) {
        let events = player(count: count)
        return (events.generated.map { event in
            switch event {
            case .play: .play
            case .pause: .pause
            case .stop: .stop
            case .seek(let position): .seek(to: position)
            }
        }, events.handWritten)
    }

    /// The five life-cycle events drawn uniformly.
    static func callTracker(count: Int) -> (generated: [CallTracker.Event], handWritten: [HandWrittenCallTracker.Event]) {
        let generatedEvents: [CallTracker.Event] = [.trackOutgoingCall, .willResignActive, .didEnterBackground, .willEnterForeground, .didBecomeActive]
        let handWrittenEvents: [HandWrittenCallTracker.Event] = [.trackOutgoingCall, .willResignActive, .didEnterBackground, .willEnterForeground, .didBecomeActive]
        return draw(count: count) { number in
            let index = Int(number % UInt64(generatedEvents.count))
            return (generatedEvents[index], handWrittenEvents[index])
        }
    }

    /// `open(id:)`, `back`, `next`, `reply`, `send` and `home` drawn uniformly; a tenth of the
    /// ids are negative, which `canOpen` refuses.
    static func mail(count: Int) -> (generated: [Mail.Event], handWritten: [HandWrittenMail.Event]) {
        let generatedEvents: [Mail.Event] = [.back, .next, .reply, .send, .home]
        let handWrittenEvents: [HandWrittenMail.Event] = [.back, .next, .reply, .send, .home]
        return draw(count: count) { number in
            let index = Int(number % 6)
            guard index < 5 else {
                let id = Int((number >> 8) % 100) - 10
                return (.open(id: id), .open(id: id))
            }
            return (generatedEvents[index], handWrittenEvents[index])
        }
    }

    /// The upload's events in sixteenths: `chunk(bytes:)` 7 (1 to 16 KiB), `start(id:)` 3,
    /// `resume` 2, `status`, `pause`, `fail(code:)` (codes 0 to 7, of which `isTransient` refuses
    /// 6 and 7) and `cancel` 1 each. Chunks come most often, as they do in an upload.
    static func upload(count: Int) -> (generated: [Upload.Event], handWritten: [HandWrittenUpload.Event]) {
        draw(count: count) { number in
            let value = Int(truncatingIfNeeded: number >> 8)
            switch number & 15 {
            case 0...6:
                let bytes = 1_024 + value % 15_361
                return (.chunk(bytes: bytes), .chunk(bytes: bytes))
            case 7...9:
                let id = value % 1_000
                return (.start(id: id), .start(id: id))
            case 10, 11: return (.resume, .resume)
            case 12: return (.status, .status)
            case 13: return (.pause, .pause)
            case 14:
                let code = value % 8
                return (.fail(code: code), .fail(code: code))
            default: return (.cancel, .cancel)
            }
        }
    }

    /// The transfer's events in sixty-fourths: `progress(bytes:)` 52 (0 to 1 MiB), `start(id:)` 4,
    /// `pause` 3, `resume` 3, `finish` 2. Progress reports come most often, as they do in a
    /// transfer: about four in five events update the state's data in place.
    static func progress(count: Int) -> (generated: [Progress.Event], handWritten: [HandWrittenProgress.Event]) {
        draw(count: count) { number in
            let value = Int(truncatingIfNeeded: number >> 8)
            switch number & 63 {
            case 0..<52:
                let bytes = value % 1_048_577
                return (.progress(bytes: bytes), .progress(bytes: bytes))
            case 52..<56:
                let id = value % 1_000
                return (.start(id: id), .start(id: id))
            case 56..<59: return (.pause, .pause)
            case 59..<62: return (.resume, .resume)
            default: return (.finish, .finish)
            }
        }
    }

    /// The media controls' events in sixty-fourths: `play` 13, `pause` 10, `seek(to:)` 8 (a
    /// tenth of the positions negative, which `isSeekable` refuses), `captions` 8, `mute`,
    /// `volumeUp`, `volumeDown` and `load(id:)` 6 each (a tenth of the ids negative, which
    /// `canLoad` refuses), `eject` 1: a video stays loaded for about 64 events.
    static func mediaControls(count: Int) -> (generated: [MediaControls.Event], handWritten: [HandWrittenMediaControls.Event]) {
        draw(count: count) { number in
            let value = Int(truncatingIfNeeded: number >> 8)
            switch number & 63 {
            case 0..<13: return (.play, .play)
            case 13..<23: return (.pause, .pause)
            case 23..<31:
                let position = Double(value % 200 - 20)
                return (.seek(to: position), .seek(to: position))
            case 31..<39: return (.captions, .captions)
            case 39..<45: return (.mute, .mute)
            case 45..<51: return (.volumeUp, .volumeUp)
            case 51..<57: return (.volumeDown, .volumeDown)
            case 57..<63:
                let id = value % 100 - 10
                return (.load(id: id), .load(id: id))
            default: return (.eject, .eject)
            }
        }
    }
}
