import Machines

/// Seed 004's Flux store: draws replace the numbers on screen, saving keeps them, and the view
/// (here, the observer) hears every change.
func lottoStore() {
    heading("Lotto: draw, save, save again, draw, clear")
    let saver = LottoStore()
    let store = Lotto(actions: saver)
    store.observe { notification in
        switch notification {
        case .emitted(.changed(let numbers)): print("  view: \(numbers)")
        case .emitted(.saved(let numbers, let total)): print("  saved \(numbers); \(total) saved so far")
        case .emitted(.notice(let text)): print("  notice: \(text)")
        case .emitted(.cleared): print("  view: cleared")
        default: break
        }
    }
    for event: Lotto.Event in [
        .saveNumbers, .newNumbers(numbers: [3, 11, 19, 24, 38, 42]), .saveNumbers, .saveNumbers,
        .newNumbers(numbers: [1, 7, 15, 22, 33, 45]), .saveNumbers, .clear,
    ] {
        print("> \(event.name)")
        store.send(event)
    }
    print("  final state: \(store.state)")
}
