import FSMCompiler

/// The spec the editing tests navigate: nested states, history, data, every kind of name.
enum EditingFixtures {
    static let navigator = MarkedSource("""
        machine Navigator {
            /// Someone signed in.
            event 1️⃣loggedIn(user: String)
            event logOut
            event open(id: Int)
            event back
            output 2️⃣shown(String)

            initial state 3️⃣login { on 4️⃣loggedIn -> 5️⃣main / 6️⃣rememberUser }
            /// The signed-in part.
            state main {
                history
                on logOut -> login / emit 7️⃣shown("bye")
                initial state list { on open [8️⃣canOpen && !in(9️⃣login)] -> detail(id: id) }
                state detail(id: Int) { on back -> list / rememberUser, raise logOut }
            }
            on back -> 0️⃣main.history
        }
        """)

    static var index: SymbolIndex { SymbolIndex(Parser.parse(navigator.source).syntax) }
}
