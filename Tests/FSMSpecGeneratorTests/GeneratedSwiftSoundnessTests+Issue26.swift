import FSMCompiler
import FSMSpecGenerator
import Testing
import TestSupport

/// What the widened generator's campaigns found (issue 26), fixed in the compiler, kept: each
/// spec generates Swift that compiles with `-warnings-as-errors`.
extension GeneratedSwiftSoundnessTests {
    static let issue26Regressions: [String] = [
        // A parallel state's unguarded transition for an event its regions share takes it
        // before the machine level's, which the dispatch still wrote after it, reading a
        // payload the `case` did not bind ("cannot find 'to' in scope"; seed 7, spec 198).
        """
        machine UnreachableOuterAction {
            event ev2(to: Int)
            initial parallel state par3 {
                state region6 {
                    initial state s7
                }
                state region9 {
                    initial state x_1 {
                        on ev2
                    }
                }
                on ev2 -> s13
            }
            state s13
            on ev2 -> s7 / log32
        }
        """,
        // The same with a value function of the payload in the unreachable target's data
        // (seed 7, spec 201).
        """
        machine UnreachableOuterTargetData {
            event ev0(on: Int, text: Float, UUID)
            state array(attempt8: Int64, total9: Set<String>) {
                initial parallel state event {
                    state _inner {
                        initial state isIn
                    }
                    state region5 {
                        initial state s7 {
                            on ev0 -> _inner
                        }
                    }
                    on ev0
                }
            }
            initial state x_1
            on ev0 -> array(5, make22)
        }
        """,
        // An atomic region beside a region that is a parallel state, a trigger taken in both:
        // the microstep read the regions of the outer parallel state only through the nested
        // one's (`pRegions.q.r`), recorded as reading a variable `pRegions.q`, so the case did
        // not bind `pRegions` ("cannot find 'par1Regions' in scope"; seed 2623, spec 116 with
        // `on`, seed 2622, spec 283 with `always`).
        """
        machine AtomicBesideParallelRegion {
            event e
            initial parallel state p {
                state a {
                    on e [ready] / hello
                }
                parallel state q {
                    state r {
                        initial state r1 { on e -> r2 }
                        state r2
                    }
                    state t {
                        initial state t1 { on e -> t2 }
                        state t2
                    }
                }
            }
        }
        """,
        """
        machine AtomicBesideParallelRegionEventless {
            initial parallel state p {
                state a {
                    always [ready] / hello
                }
                parallel state q {
                    state r {
                        initial state r1 { always [go] -> r2 }
                        state r2
                    }
                    state t {
                        initial state t1 { always [go] -> t2 }
                        state t2
                    }
                }
            }
        }
        """,
        // A parallel state as a region, an event its regions take: the new configuration of a
        // region's transition bound the regions of the region's parallel state, which it keeps
        // none of (atomic regions beside it), "immutable value 'par7Regions' was never used"
        // (seed 2623, specs 122 and 144).
        """
        machine UnreadRegionsOfRegion {
            event e
            initial parallel state p {
                state a {
                    initial state a1 { on e -> a2 }
                    state a2
                }
                parallel state q {
                    state b
                    state c {
                        initial state c1
                        state c2
                        on e -> c2
                    }
                }
            }
        }
        """,
        // A trigger taken in two regions by targetless transitions without actions, one inside
        // a nested parallel state: the general microstep resolved conflicts into `taken`, which
        // nothing read ("initialization of immutable value 'taken' was never used"; seed 2640,
        // spec 44).
        """
        machine UnreadSelection {
            event ev1
            initial parallel state par1 {
                state region2 {
                    state group4 {
                        state s5 {
                            on ev1
                        }
                        initial state s7
                    }
                    initial state s8 {
                        initial state s10
                    }
                }
                parallel state q {
                    state region15 {
                        initial state s16 {
                            on ev1
                        }
                    }
                }
            }
        }
        """,
        // Shapes docs/Reliability.md listed as open from issue 13's campaigns (seeds 20261125
        // and 20261126), fixed since by binding only what the shared-trigger walk reads.
        """
        machine Sound18 {
            event ev0(with: [[String: [Int]]])
            initial state s4
            parallel state par5 {
                state region6 { initial state s9 }
                state region10 {
                    state array(attempt12: Int64) {
                        initial state s11
                        on ev0 -> s17 / log38
                    }
                    initial state dictionary { initial state s13 }
                }
                state region16 { initial state s17 { on ev0 -> s9 } }
            }
        }
        """,
        """
        machine Sound132 {
            event type(value: String, from: Set<String>)
            initial parallel state par1 {
                state region2 {
                    initial state s4
                    state group5 {
                        initial state configuration { on type -> s13 }
                        on type [öffnen_] -> s12
                    }
                }
                state region7 {
                    state group8 {
                        initial state s9
                        on type -> group8
                    }
                    initial state group10 { initial state s12 }
                    state s13
                }
            }
        }
        """,
    ]

    @Test func issue26CampaignsFindingsCompile() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let files = try Self.issue26Regressions.map { text in
            let compilation = Compiler.compile(SourceText(text))
            let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
            return (machine.model.name, SwiftEmitter.emit(machine, sourceFileName: machine.model.name + ".fsm"))
        }
        let result = try await onOwnThread { try compiler.typecheck(files) }
        #expect(result.succeeded, "swiftc failed:\n\(result.output)")
    }
}
