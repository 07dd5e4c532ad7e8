import FSMRuntime
import Machines

// Runs the scenarios of the seed articles and of DESIGN against the machines generated from
// machines/*.fsm and prints every transition, output and ignored event as it happens. The
// scenarios with invocations run their tasks on the main actor, where this code runs, one at a
// time: the output is the same on every run.

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
await profileFetchesTheUserThenItsChanges()
profileDropsALateResult()
