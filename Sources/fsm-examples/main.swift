import FSMRuntime
import Machines

// Runs the scenarios of the seed articles against the machines generated from machines/*.fsm
// and prints every transition, output and ignored event as it happens.

callTrackerThroughARealCall()
callTrackerCancelledAtTheSystemAlert()
callTrackerResetByAnUnexpectedActivation()
checkoutFlow()
checkoutFlowWithAFailedPayment()
playerSequence()
appFlowJourney()
navigatorJourney()
stopwatchLaps()
lottoStore()
