// An event dispatcher whose time stands still until the harness advances it: Qt SCXML's
// delayed <send>s become QObject timers registered here, and fire exactly at their deadlines,
// in deadline order (ties in the order they were started), as fsmc's ManualClock fires them.
#pragma once

#include <QAbstractEventDispatcher>
#include <QList>

class VirtualClockDispatcher : public QAbstractEventDispatcher {
public:
    /// Milliseconds since the harness started; moves only in `advance`.
    qint64 now() const { return m_now; }

    /// Delivers posted events and the timers due now until nothing is left to do.
    void settle();
    /// Moves the clock by `milliseconds`, firing every timer that falls due on the way at its
    /// own deadline and settling after each.
    void advance(qint64 milliseconds);

    bool processEvents(QEventLoop::ProcessEventsFlags flags) override;
    void registerSocketNotifier(QSocketNotifier *) override {}
    void unregisterSocketNotifier(QSocketNotifier *) override {}
    void registerTimer(int timerId, qint64 interval, Qt::TimerType timerType, QObject *object) override;
    bool unregisterTimer(int timerId) override;
    bool unregisterTimers(QObject *object) override;
    QList<TimerInfo> registeredTimers(QObject *object) const override;
    int remainingTime(int timerId) override;
    void wakeUp() override {}
    void interrupt() override {}

private:
    struct Timer {
        int id;
        qint64 interval;
        Qt::TimerType type;
        QObject *object;
        qint64 deadline;
        quint64 order;
    };
    /// The index of the earliest timer due at or before `limit`, or -1.
    qsizetype nextDue(qint64 limit) const;
    /// Fires the timer at `index` (re-armed first: Qt timers repeat until killed).
    void fire(qsizetype index);

    QList<Timer> m_timers;
    qint64 m_now = 0;
    quint64 m_nextOrder = 0;
};
