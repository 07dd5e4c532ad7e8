import FSMCompiler
import Testing

/// The property checker on hand-written specs: each form of property holding and failing,
/// with the exact shortest counterexample (replayed in the interpreter), over guards answered
/// both ways, timers, invocations, child machines, deferral, history, parallel regions and
/// the configurations that exist only between microsteps.
@Suite(.offThePool) struct PropertyCheckerTests {
    /// DESIGN's login and payment flow, with a way to pay before logging in behind a guard.
    static let checkout = """
        machine Checkout {
            event login
            event pay
            event logout
            initial state beforeLogIn {
                on login -> afterLogIn
                on pay [sneaky] -> paying
            }
            state afterLogIn {
                on pay [canPay] -> paying
                on pay -> declined
                on logout -> beforeLogIn
            }
            state paying { on logout -> beforeLogIn }
            state declined { on logout -> beforeLogIn }
        }
        """

    @Test func eachFormHoldsOrFailsWithAShortestCounterexample() throws {
        let spec = try CheckedSpec(
            Self.checkout,
            [
                "never in(paying) && in(beforeLogIn)", "reachable in(declined)", "always reachable in(beforeLogIn)",
                "in(declined) only after in(afterLogIn)", "never in(paying)", "in(paying) only after in(afterLogIn)",
                "never in(declined)",
            ])
        #expect(spec.verdicts() == ["holds", "holds", "holds", "holds", "fails in 2", "fails in 2", "fails in 3"])
        // The guard answered both ways: `sneaky` true to pay at once, `canPay` false to decline.
        #expect(try spec.counterexample(4) == ["start => beforeLogIn", "pay [yes] => paying"])
        #expect(try spec.counterexample(5) == ["start => beforeLogIn", "pay [yes] => paying"])
        #expect(try spec.counterexample(6) == ["start => beforeLogIn", "login => afterLogIn", "pay [no] => declined"])
    }

    @Test func reachableFailsWithoutACounterexampleAndATrapFailsAlwaysReachable() throws {
        let spec = try CheckedSpec(
            """
            machine Trap {
                event go
                event back
                initial state a { on go -> b }
                state b {
                    on go [stuck] -> c
                    on back -> a
                }
                state c { on back [closed] -> c }
                state unreachable { on go -> a }
            }
            """,
            ["reachable in(unreachable)", "always reachable in(a)", "always reachable in(a) || in(b)", "never in(unreachable)"])
        #expect(spec.verdicts() == ["fails", "fails in 3", "fails in 3", "holds"])
        #expect(try spec.counterexample(1) == ["start => a", "go => b", "go [yes] => c"])
    }

    /// The only-after product: a situation where both hold is not a violation, and once `B`
    /// held `A` may come any time.
    @Test func onlyAfterCountsASituationWhereBothHoldAsAfter() throws {
        let spec = try CheckedSpec(
            """
            machine Both {
                event go
                event reset
                initial state a { on go -> p }
                parallel state p {
                    state left { initial state l1 {} }
                    state right { initial state r1 { on go -> r2 } state r2 {} }
                }
                on reset -> a
            }
            """,
            ["in(r1) only after in(l1)", "in(r2) only after in(r1)", "in(a) only after in(p)"])
        #expect(spec.verdicts() == ["holds", "holds", "fails in 1"])
        #expect(try spec.counterexample(2) == ["start => a"])
    }

    @Test func timersFireWhenTheirStateIsActiveWhateverTheirDelay() throws {
        let spec = try CheckedSpec(
            """
            machine Kettle {
                event boil
                event reset
                initial state idle { on boil -> heating }
                state heating {
                    after 5s -> boiled
                    after 1s [overheated] -> broken
                }
                state boiled { on reset -> idle }
                state broken {}
            }
            """,
            ["never in(broken)", "always reachable in(idle)", "reachable in(boiled)"])
        #expect(spec.verdicts() == ["fails in 3", "fails in 3", "holds"])
        #expect(try spec.counterexample(0) == ["start => idle", "boil => heating", "timer heating#1 [yes] => broken"])
        #expect(try spec.counterexample(1) == ["start => idle", "boil => heating", "timer heating#1 [yes] => broken"])
    }

    /// DESIGN's `Profile`: a call and a stream complete, fail or yield at any time they run.
    @Test func invocationsDeliverEveryOutcomeWhileTheyRun() throws {
        let spec = try CheckedSpec(
            """
            machine Profile {
                event open(id: Int)
                event retry
                event close
                initial state idle { on open -> loading(id: id) }
                state loading(id: Int) {
                    invoke fetchUser(user: String)
                    done fetchUser -> showing(user: user)
                    error fetchUser [isOffline] -> offline
                    error fetchUser -> failed / report
                    on close -> idle
                }
                state showing(user: String) {
                    invoke stream changes(change: Int)
                    on changes / apply
                    done changes -> idle
                    error changes -> offline
                }
                state offline { on retry -> idle }
                state failed { on retry -> idle }
            }
            """,
            ["never in(offline)", "in(showing) only after in(loading)", "always reachable in(idle)", "never in(failed)"])
        #expect(spec.verdicts() == ["fails in 3", "holds", "holds", "fails in 3"])
        #expect(try spec.counterexample(0) == ["start => idle", "open => loading", "error fetchUser [yes] => offline"])
        #expect(try spec.counterexample(3) == ["start => idle", "open => loading", "error fetchUser [no] => failed"])
    }

    /// A child machine is abstracted: it may emit any of its outputs, and finish when it has a
    /// top-level final state, at any time it runs.
    @Test func aChildMachineMayEmitAnyOutputAndFinish() throws {
        let signIn = """
            machine SignIn {
                event submit(name: String)
                output signedIn(user: String)
                output cancelled
                initial state form { on submit -> finished / emit signedIn(user: name) }
                final state finished
            }
            """
        let spec = try CheckedSpec(
            """
            machine App {
                event logOut
                initial state onboarding {
                    invoke SignIn as signIn
                    on signIn.signedIn -> home
                    on signIn.cancelled -> gone
                    done signIn -> guest
                }
                state home { on logOut -> onboarding }
                state guest { on logOut -> onboarding }
                state gone {}
            }
            """,
            ["never in(gone)", "never in(guest)", "always reachable in(onboarding)", "reachable in(home)"], children: [signIn])
        #expect(spec.verdicts() == ["fails in 2", "fails in 2", "fails in 2", "holds"])
        #expect(try spec.counterexample(0) == ["start => onboarding", "on signIn.cancelled => gone"])
        #expect(try spec.counterexample(1) == ["start => onboarding", "done signIn => guest"])
    }

    /// A kept event is part of the situation, and its release part of the step that ends the
    /// deferral.
    @Test func keptEventsArePartOfTheSituationAndReleasedInTheirStep() throws {
        let spec = try CheckedSpec(
            """
            machine Queue {
                event next
                event go
                initial state a {
                    defer next
                    on go -> b
                }
                state b { on next -> c }
                state c { on go -> a }
            }
            """,
            ["never in(c)"])
        #expect(try spec.counterexample(0) == ["start => a", "next => ", "go => b / c"])
    }

    /// A history makes a trap that its state's default entry would not.
    @Test func whatHistoriesRememberIsPartOfTheSituation() throws {
        let player = { (target: String) in
            """
            machine Player {
                event power
                event up
                initial state off { on power -> \(target) }
                state playing {
                    history
                    initial state low { on up -> high }
                    state high {}
                    on power -> off
                }
            }
            """
        }
        let remembering = try CheckedSpec(player("playing.history"), ["always reachable in(low)"])
        #expect(try remembering.counterexample(0) == ["start => off", "power => low", "up => high"])
        let forgetting = try CheckedSpec(player("playing"), ["always reachable in(low)"])
        #expect(forgetting.verdicts() == ["holds"])
    }

    /// The Navigator's promise: italic only with bold. Regions step together; `in(…)` guards
    /// are decided by the configuration, never answered.
    @Test func parallelRegionsAreCheckedTogether() throws {
        let fonts = { (boldOff: String) in
            """
            machine Fonts {
                event bold
                event italic
                initial parallel state editor {
                    state b {
                        initial state boldOff { on bold -> boldOn }
                        state boldOn { on bold \(boldOff)-> boldOff }
                    }
                    state i {
                        initial state italicOff { on italic [in(boldOn)] -> italicOn }
                        state italicOn { on italic -> italicOff }
                    }
                }
            }
            """
        }
        let loose = try CheckedSpec(fonts(""), ["never in(italicOn) && in(boldOff)", "in(italicOn) only after in(boldOn)"])
        #expect(loose.verdicts() == ["fails in 4", "holds"])
        #expect(
            try loose.counterexample(0) == [
                "start => boldOff+italicOff", "bold => boldOn+italicOff", "italic => boldOn+italicOn", "bold => boldOff+italicOn",
            ])
        let strict = try CheckedSpec(fonts("[in(italicOff)] "), ["never in(italicOn) && in(boldOff)"])
        #expect(strict.verdicts() == ["holds"])
    }

    /// Eventless and completion steps: a configuration that exists only between the
    /// microsteps of one stimulus is seen, and counts as reached for `always reachable`.
    @Test func configurationsBetweenMicrostepsAreSeen() throws {
        let spec = try CheckedSpec(
            """
            machine Flash {
                event go
                event finish
                initial state a { on go -> b }
                state b { always -> task }
                state task {
                    initial state working { on finish -> finished }
                    final state finished
                    done -> a
                }
            }
            """,
            ["never in(b)", "never in(finished)", "always reachable in(b)", "always reachable in(finished)", "reachable in(b) && in(task)"])
        #expect(spec.verdicts() == ["fails in 2", "fails in 3", "holds", "holds", "fails"])
        #expect(try spec.counterexample(0) == ["start => a", "go => b / working"])
        #expect(try spec.counterexample(1) == ["start => a", "go => b / working", "finish => finished / a"])
    }

    /// What a situation bound cut: a `never` not broken on what was explored holds within the
    /// bound, never *holds*; a `reachable` not reached is not decided.
    @Test func theBoundMakesWhatIsNotBrokenHoldWithinTheBound() throws {
        let spec = try CheckedSpec(
            Self.checkout, ["never in(paying)", "never in(declined)", "reachable in(declined)", "never in(paying) && in(declined)"])
        // The first step past the start leaves the bound. The last property the state tree
        // decides: it holds whatever the bound.
        #expect(spec.verdicts(bound: 1) == ["holds within the bound", "holds within the bound", "inconclusive", "holds"])
        // A violation found before the bound stops the search stays one.
        #expect(spec.verdicts(bound: 2) == ["fails in 2", "holds within the bound", "inconclusive", "holds"])
        let report = spec.check(bound: 2)
        #expect(report.exploredSituations == 2)
        #expect(report.cuts.reachedSituationBound)
        #expect(report.results[2].verdict == .inconclusive(.bound(2)))
        #expect(spec.verdicts(bound: 4) == ["fails in 2", "fails in 3", "holds", "holds"])
    }

    /// Eventless transitions that loop while their guards answer `true`: the runs past the
    /// limit of answers per step are not followed, so what they could break is inconclusive;
    /// what the other runs break still fails.
    @Test func aStepThatLoopsUnderFreeGuardsIsCappedAndInconclusive() throws {
        let spec = try CheckedSpec(
            """
            machine Loop {
                event go
                initial state a { on go -> b }
                state b { always [more] -> c }
                state c { always [more] -> b }
                state d { on go -> a }
            }
            """,
            ["never in(c)", "never in(d)"])
        let report = spec.check()
        #expect(report.results.map { PropertyText.verdict($0.verdict) } == ["fails in 2", "inconclusive"])
        #expect(report.results[1].verdict == .inconclusive(.divergence(.guardEvaluations)))
    }

    @Test func aSpecWithoutPropertiesIsNotSearched() throws {
        let spec = try CheckedSpec(Self.checkout, [])
        #expect(spec.check() == PropertyReport(results: [], exploredSituations: 0))
    }
}
