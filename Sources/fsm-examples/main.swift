import FSMRuntime
import Foundation
import Machines

// Runs the scenarios of the seed articles and of DESIGN against the machines generated from
// machines/*.fsm and prints every transition, output and ignored event as it happens. The
// scenarios with invocations run their tasks on the main actor, where this code runs, one at a
// time: the output is the same on every run.
//
// `fsm-examples --record <directory>` records the Navigator's, the Profile's and the reading app's journeys there
// instead, as traces `fsmc replay` checks (docs/TraceFormat.md); `fsm-examples --inspect <port> --token <token>`
// plays the Profile's journey slowly, live to `fsmc inspect` (docs/Inspector.md).
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--inspect" {
    exit(inspectProfileJourney(Array(arguments)))
}
if arguments.first == "--record" {
    guard arguments.count == 2, let directory = arguments.last else {
        print("usage: fsm-examples [--record <directory>]")
        exit(2)
    }
    do {
        try recordNavigatorJourney(into: directory)
        try recordProfileJourney(into: directory)
        try recordReaderFlowJourney(into: directory)
    } catch {
        print("fsm-examples: error: \(error)")
        exit(1)
    }
    exit(0)
}

callTrackerThroughARealCall()
callTrackerCancelledAtTheSystemAlert()
callTrackerResetByAnUnexpectedActivation()
await checkoutFlow()
await checkoutFlowWithAFailedPayment()
playerSequence()
appFlowJourney()
readerFlowJourney()
navigatorJourney()
stopwatchLaps()
lottoStore()
downloadWithProgressPauseAndResume()
await profileFetchesTheUserThenItsChanges()
profileDropsALateResult()
