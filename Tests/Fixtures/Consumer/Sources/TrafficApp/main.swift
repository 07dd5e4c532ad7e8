import Foundation
import FSMRuntime

/// The crossing's effects, recorded.
final class Crossing: TrafficLight.Actions {
    var log: [String] = []
    var crossing = true

    func nobodyCrossing() -> Bool { !crossing }
    func isSerious(code: Int) -> Bool { code >= 500 }
    func stopCars() { log.append("stop cars") }
    func startCars() { log.append("start cars") }
    func logFault(code: Int) { log.append("fault \(code)") }
}

/// Fails the run with a message when a condition does not hold.
func require(_ condition: Bool, _ message: String) {
    guard condition else {
        print("FAILED: \(message)")
        exit(1)
    }
}

let clock = ManualClock()
let crossing = Crossing()
let light = TrafficLight(actions: crossing, clock: clock)
var announcements: [String] = []
light.observe { notification in
    if case .emitted(.announce(let text)) = notification { announcements.append(text) }
}

light.send(.press)
require(light.state == .yellow, "press turns the light yellow")
clock.advance(by: .seconds(3))
require(light.state == .red, "yellow lasts 3 seconds")
clock.advance(by: .seconds(10))
require(light.state == .red, "someone is still crossing, so the 10s timer does nothing")
clock.advance(by: .seconds(10))
require(light.state == .green, "after 20 seconds the light turns green anyway")
require(announcements == ["Wait", "Hurry"], "announcements were \(announcements)")
require(crossing.log == ["stop cars", "start cars"], "actions were \(crossing.log)")
light.send(.fault(code: 404))
require(light.state == .green, "a minor fault is ignored")
light.send(.fault(code: 503))
require(light.isFinished && light.state == .broken, "a serious fault breaks the light")
require(TrafficLight.nextState(from: .green, on: .press, guards: crossing) == .yellow, "pure transition function")

let audio = AudioPlayer()
audio.send(.toggle)
require(audio.state == .playing, "audio player toggles")

@MainActor func toggleVideo() -> VideoPlayer.State {
    let video = VideoPlayer()
    video.send(.toggle)
    return video.state
}
require(MainActor.assumeIsolated { toggleVideo() } == .playing, "video player toggles on the main actor")

/// Makes each sign-in `App` invokes, and keeps the running one to type into.
final class Onboarding: App.Actions {
    weak var form: SignIn?
    var forms = 0

    func signIn(observers: [any SignIn.Observer]) -> SignIn {
        let form = SignIn(observers: observers)
        self.form = form
        forms += 1
        return form
    }
}

let onboarding = Onboarding()
let app = App(actions: onboarding, invocations: ManualInvocationDriver())
require(app.state == .onboarding && onboarding.forms == 1, "the app starts its sign-in")
onboarding.form?.send(.submit(name: "ann"))
require(app.state == .home(user: "ann"), "the child's output took the app home (its completion is dropped), app is in \(app.state)")
require(onboarding.form == nil, "the app let go of the finished sign-in")
app.send(.logOut)
require(app.state == .onboarding && onboarding.forms == 2 && onboarding.form != nil, "logging out starts a new sign-in")

// An `@Observable` machine needs Observation's releases, above this package's platforms: the
// app uses it where the OS has them (on Linux, always).
if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    let sign = WalkSign()
    sign.send(.press)
    require(sign.state == .walk, "the walk sign turns to walk, available where Observation is")
}

print("Consumer package: all machines behaved as specified.")
