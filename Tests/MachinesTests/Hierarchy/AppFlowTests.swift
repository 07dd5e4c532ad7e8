import FSMRuntime
import Machines
import Testing

@Suite("AppFlow (seed 003, RxFlow): flows that hand steps to their parent, end themselves, and resume")
struct AppFlowTests {
    /// An app with its actions, the states it passed through, and its outputs.
    private final class Bench {
        let actions = AppFlowActions()
        let app: AppFlow
        var states: [String] = []
        var banners: [String] = []

        init() {
            app = AppFlow(actions: actions)
            app.observe { [unowned self] notification in
                switch notification {
                case .transitioned(let transition): states.append(transition.target.description)
                case .emitted(.banner(let text)): banners.append(text)
                default: break
                }
            }
        }

        func send(_ events: AppFlow.Event...) {
            for event in events { app.send(event) }
        }
    }

    @Test func onboardingEndsItselfAndHandsOverToSignIn() {
        let bench = Bench()
        bench.send(.launch, .acceptTerms, .next, .next)
        #expect(bench.states == [
            "onboarding.terms", "onboarding.tour.page1", "onboarding.tour.page2", "onboarding.tour.tourSeen",
            "onboarding.onboarded", "signedOut",
        ])
        #expect(bench.actions.log == ["Onboarding finished; it will not show again."])
    }

    @Test func skippingTheTourEndsOnboardingToo() {
        let bench = Bench()
        bench.send(.launch, .acceptTerms, .skipTour)
        #expect(bench.app.state == .signedOut)
    }

    @Test(arguments: [
        [AppFlow.Event](), [.open(id: 1)], [.open(id: 1), .edit],
    ])
    func logOutBubblesFromAnyScreenToTheSignedInFlow(_ path: [AppFlow.Event]) {
        let bench = Bench()
        bench.send(.launch, .acceptTerms, .skipTour, .signIn(user: "ada"))
        for event in path { bench.app.send(event) }
        bench.app.send(.logOut)
        #expect(bench.app.state == .signedOut)
        #expect(bench.actions.user == nil)
        #expect(bench.actions.log.suffix(2) == ["Hiding the tab bar.", "Signed ada out."])
    }

    @Test func theEditorFlowEndsWhenSavedAndReturnsToTheDetail() {
        let bench = Bench()
        bench.send(.launch, .acceptTerms, .skipTour, .signIn(user: "ada"), .open(id: 7), .edit)
        #expect(bench.app.state == .main(.library(.editor(.editing))))
        bench.actions.isWritable = false
        bench.send(.save)
        #expect(bench.app.state == .main(.library(.editor(.editing))))
        bench.actions.isWritable = true
        bench.send(.save)
        #expect(bench.app.state == .main(.library(.detail)))
        #expect(bench.banners == ["Saved."])
        #expect(bench.actions.log.suffix(2) == ["Saving the document.", "Closing the editor."])
    }

    @Test func theAppComesBackFromTheBackgroundToTheVeryScreenItLeft() {
        let bench = Bench()
        bench.send(.launch, .acceptTerms, .skipTour, .signIn(user: "ada"), .open(id: 7), .edit, .background)
        #expect(bench.app.state == .suspended)
        #expect(!bench.app.isIn(.main))
        bench.send(.foreground)
        #expect(bench.app.state == .main(.library(.editor(.editing))))
        #expect(bench.app.isIn(.library) && bench.app.isIn(.editor))
        #expect(bench.app.acceptedEventNames == ["back", "save", "logOut", "background"])
    }
}
