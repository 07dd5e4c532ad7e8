import FSMCompiler
import Foundation

/// Machines for the diagram tests beyond the example and reference specs: one with nested
/// states, which the language does not accept yet (it is compiled flat and its states are
/// then arranged into a tree), and one whose names and texts try to break every notation.
enum DiagramModels {
    struct CompileError: Error, CustomStringConvertible {
        var description: String
    }

    /// The model of a valid spec; warnings are fine.
    static func compile(_ text: String) throws -> MachineModel {
        let compilation = Compiler.compile(SourceText(text))
        guard let model = compilation.model, !compilation.hasErrors else {
            throw CompileError(description: DiagnosticRenderer(path: "spec.fsm").render(compilation.diagnostics))
        }
        return model
    }

    /// `main` holds `list`, `detail` and the final `done`; `detail` holds `text` and
    /// `images`. Arrows go into a composite state, out of one, between siblings and across
    /// levels.
    static func nested() throws -> MachineModel {
        var model = try compile("""
            /// A mail client whose main screen has screens of its own.
            machine Mail {
                event signIn
                event open
                event back
                event showImages
                event refresh
                event archive
                event signOut
                event quit

                initial state login {
                    on signIn -> main
                    on quit -> closed
                }
                /// Signed in.
                state main {
                    entry / loadInbox
                    exit / saveDrafts
                    on refresh / reload
                    on signOut -> login / forgetUser
                }
                state list {
                    on open -> detail
                    on archive -> done
                }
                state detail { on back -> list }
                state text { on showImages -> images }
                state images { on back -> list }
                final state done
                final state closed
            }
            """)
        let (login, main, list, detail, text, images, done, closed) = (0, 1, 2, 3, 4, 5, 6, 7)
        func adopt(_ children: [Int], into parent: Int) {
            model.states[parent].children = children.map(StateID.init)
            model.states[parent].initialChild = StateID(children[0])
            for child in children { model.states[child].parent = StateID(parent) }
        }
        adopt([list, detail, done], into: main)
        adopt([text, images], into: detail)
        model.topLevelStates = [login, main, closed].map(StateID.init)
        return model
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
