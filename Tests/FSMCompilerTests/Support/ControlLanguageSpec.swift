/// A valid spec with every construct of SCXML's control language (DESIGN, "SCXML's whole
/// control language"): an atomic region, several targets, a history's default with actions,
/// `reenter` in a region and in a compound state, and constant guards; and properties, which
/// every back end but the checker ignores. The diagram, path, editing and formatter tests
/// share it.
enum ControlLanguageSpec {
    static let text = """
        /// A document editor: the style's regions, a ruler that is a region without states,
        /// and pages.
        machine Document {
            event open
            event close
            event toggleBold
            event toggleItalic
            event reset
            event sync
            event turn
            event lock

            initial state closed {
                on open -> editing.history
                on lock [true || isAdmin] -> closed / audit
                on reset -> boldOn, page2 / prepare
            }
            state editing {
                history deep -> boldOn, italicOn / restoreStyle
                on close -> closed
                on reset -> boldOff, italicOff / clearStyle
                on turn -> page2, italicOn
                initial parallel state style {
                    state bold {
                        initial state boldOff { on toggleBold -> boldOn }
                        state boldOn { on toggleBold [!false && canUnbold] -> boldOff }
                    }
                    state italic {
                        initial state italicOff { on toggleItalic -> italicOn }
                        state italicOn { on toggleItalic -> italicOff }
                        on sync reenter -> italicOn / resync
                    }
                    state ruler
                    state pages {
                        initial state page1 { on turn -> page2 }
                        state page2
                        on lock reenter -> page1
                    }
                }
            }

            assert reachable in(italicOn) && (in(boldOn) || in(page2))
            assert always reachable !in(editing)
            assert in(boldOn) only after in(closed)
        }

        """
}
