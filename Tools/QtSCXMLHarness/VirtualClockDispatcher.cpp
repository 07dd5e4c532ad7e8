#include "VirtualClockDispatcher.h"

#include <QCoreApplication>
#include <QTimerEvent>

#include "CountingApplication.h"

void VirtualClockDispatcher::settle()
{
    auto *application = static_cast<CountingApplication *>(QCoreApplication::instance());
    for (;;) {
        const quint64 before = application->deliveredEvents();
        QCoreApplication::sendPostedEvents();
        const qsizetype due = nextDue(m_now);
        if (due >= 0)
            fire(due);
        if (due < 0 && application->deliveredEvents() == before)
            return;
    }
}

void VirtualClockDispatcher::advance(qint64 milliseconds)
{
    const qint64 end = m_now + milliseconds;
    settle();
    for (qsizetype due = nextDue(end); due >= 0; due = nextDue(end)) {
        m_now = std::max(m_now, m_timers[due].deadline);
        fire(due);
        settle();
    }
    m_now = end;
    settle();
}

bool VirtualClockDispatcher::processEvents(QEventLoop::ProcessEventsFlags)
{
    QCoreApplication::sendPostedEvents();
    return false;
}

void VirtualClockDispatcher::registerTimer(int timerId, qint64 interval, Qt::TimerType timerType, QObject *object)
{
    // Every timer is precise: Qt's coarse timers may move a deadline by 5% to save wake-ups,
    // which a virtual clock has no reason to do, and fsmc's timers are exact.
    m_timers.append({timerId, interval, timerType, object, m_now + interval, m_nextOrder++});
}

bool VirtualClockDispatcher::unregisterTimer(int timerId)
{
    return m_timers.removeIf([timerId](const Timer &timer) { return timer.id == timerId; }) > 0;
}

bool VirtualClockDispatcher::unregisterTimers(QObject *object)
{
    return m_timers.removeIf([object](const Timer &timer) { return timer.object == object; }) > 0;
}

QList<QAbstractEventDispatcher::TimerInfo> VirtualClockDispatcher::registeredTimers(QObject *object) const
{
    QList<TimerInfo> result;
    for (const Timer &timer : m_timers) {
        if (timer.object == object)
            result.append(TimerInfo(timer.id, int(timer.interval), timer.type));
    }
    return result;
}

int VirtualClockDispatcher::remainingTime(int timerId)
{
    for (const Timer &timer : m_timers) {
        if (timer.id == timerId)
            return int(std::max<qint64>(0, timer.deadline - m_now));
    }
    return -1;
}

qsizetype VirtualClockDispatcher::nextDue(qint64 limit) const
{
    qsizetype best = -1;
    for (qsizetype index = 0; index < m_timers.size(); ++index) {
        const Timer &timer = m_timers[index];
        if (timer.deadline > limit)
            continue;
        if (best < 0 || timer.deadline < m_timers[best].deadline
            || (timer.deadline == m_timers[best].deadline && timer.order < m_timers[best].order))
            best = index;
    }
    return best;
}

void VirtualClockDispatcher::fire(qsizetype index)
{
    Timer &timer = m_timers[index];
    const int id = timer.id;
    QObject *object = timer.object;
    timer.deadline = m_now + std::max<qint64>(timer.interval, 1);
    timer.order = m_nextOrder++;
    QTimerEvent event(id);
    QCoreApplication::sendEvent(object, &event);
}
