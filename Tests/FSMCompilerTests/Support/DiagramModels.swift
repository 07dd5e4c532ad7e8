import FSMCompiler
import Foundation
import TestSupport

/// Machines for the diagram tests beyond the example and reference specs: the nested one
/// (see ``nested()``), and one whose names and texts try to break every notation.
enum DiagramModels {
    struct CompileError: Error, CustomStringConvertible {
        var description: String
    }

    /// DESIGN's `SignIn`, a child machine.
    static let signInSpec = """
        machine SignIn {
            event submit(name: String)
            output signedIn(user: String)
            initial state form { on submit -> finished / emit signedIn(user: name) }
            final state finished
        }
        """

    /// DESIGN's `App`, which invokes `SignIn` as `signIn`.
    static let appSpec = """
        machine App {
            event logOut
            initial state onboarding {
                invoke SignIn as signIn
                on signIn.signedIn -> home(user: user)
                done signIn -> home(user: "guest")
            }
            state home(user: String) { on logOut -> onboarding }
        }
        """

    /// The model of a spec with child machines,
    /// whose target's other machines are `siblings`.
    static func compile(_ text: String, siblings: [String]) throws -> MachineModel {
        let compilation = Compiler.compile(
            SourceText(text), machines: MachineCatalog(specs: siblings.map { SourceText($0) }))
        guard let model = compilation.model, !compilation.hasErrors else {
            throw CompileError(description: DiagnosticRenderer(path: "spec.fsm").render(compilation.diagnostics))
        }
        return model
    }

    /// DESIGN's `App` and its child `SignIn`, by name.
    static func app() throws -> (model: MachineModel, children: [String: MachineModel]) {
        (try compile(appSpec, siblings: [signInSpec]), ["SignIn": try compile(signInSpec)])
    }

    /// The model of a valid spec; warnings are fine.
    static func compile(_ text: String) throws -> MachineModel {
        let compilation = Compiler.compile(SourceText(text))
        guard let model = compilation.model, !compilation.hasErrors else {
            throw CompileError(description: DiagnosticRenderer(path: "spec.fsm").render(compilation.diagnostics))
        }
        return model
    }

    /// The nested construct spec, `Tests/ReferenceTests/Specs/Nested.fsm`. Until the language
    /// nested states, this was a hand-built model (a flat spec arranged into a tree); the spec
    /// now shows the same things (arrows into a composite state, out of one, between siblings
    /// and across levels, a cluster inside a cluster) and shares its golden files, `Nested.*`.
    static func nested() throws -> MachineModel {
        let url = ExampleMachines.packageRoot.appendingPathComponent("Tests/ReferenceTests/Specs/Nested.fsm")
        return try compile(String(decoding: try Data(contentsOf: url), as: UTF8.self))
    }

    /// Parallel states in every arrangement the diagrams draw: regions with entry actions, doc
    /// comments and lines of their own, a final state in each region and the parallel state's
    /// `done`, its deep history, a parallel state inside a region, arrows into a region, into
    /// the nested parallel state, between two regions and out of the parallel state.
    static func studio() throws -> MachineModel {
        try compile("""
            /// A recording studio: the transport and the mixer run side by side.
            machine Studio {
                event open
                event close
                event play
                event stop
                event eject
                event unplug
                event mute
                event solo
                event reset
                event swap
                event sleep
                event wake

                output cue(String)

                initial state idle { on open -> studio }

                /// Playing and mixing at once.
                parallel state studio {
                    history deep
                    entry / lightsOn
                    exit / lightsOff
                    /// Where the tape is.
                    state transport {
                        entry / rewind
                        initial state stopped { on play -> playing }
                        state playing {
                            on stop -> stopped
                            on swap -> muted
                        }
                        final state ejected
                        on eject -> ejected
                        on reset -> stopped
                    }
                    state mixer {
                        initial parallel state channels {
                            state left {
                                initial state leftOn { on mute -> leftOff }
                                state leftOff { on mute -> leftOn }
                            }
                            state right {
                                initial state rightOn { on solo -> rightOff }
                                state rightOff { on solo -> rightOn / emit cue("solo") }
                            }
                        }
                        state muted {
                            on open -> channels
                            on unplug -> unplugged
                        }
                        final state unplugged
                    }
                    on close -> idle
                    done -> idle
                }
                state asleep {
                    on wake -> studio.history
                    on open -> mixer
                }

                on sleep -> asleep
            }
            """)
    }

    /// Names that are keywords of some notation or collide with generated identifiers, and
    /// texts full of quotes, markup, entities, comment and command starts.
    static func escaping() throws -> MachineModel {
        try compile(#"""
            /// Doc with "quotes", <b>tags</b> & ampersands; 100% #1: `code` **stars** __under__ \N
            /// end note
            /// direction LR
            machine Escaping {
                event go(text: String)
                event ping

                output say(String)

                /// - a list?
                /// @enduml
                initial state note {
                    /// Doc on a transition: "quoted" <i>.
                    on go [isOK && !isBusy || (hasKey && !isJammed)] -> end / emit say("<b>\"q\"</b> & 'x' ** // -- __ ; : # % ~ ` \\N {} [[a]] direction LR end note #quot; #59; %date()")
                    on ping / emit say(""), log
                }
                state end { on go -> defaultMode }
                state defaultMode { on go -> Tür }
                state Tür { on go -> s0 }
                state s0 { on go -> anyState }
                state anyState { on go -> note / emit say("1. first\n- second") }

                /// Back to the start from anywhere: "reset".
                on ping -> note / emit say("machine \"level\"")
            }
            """#)
    }
}
