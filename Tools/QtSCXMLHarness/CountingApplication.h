// A QCoreApplication that counts the events it delivers, so that the harness can tell when
// Qt has nothing left to do (the event loop is never run: the harness drives it).
#pragma once

#include <QCoreApplication>

class CountingApplication : public QCoreApplication {
public:
    using QCoreApplication::QCoreApplication;

    quint64 deliveredEvents() const { return m_delivered; }

    bool notify(QObject *receiver, QEvent *event) override
    {
        ++m_delivered;
        return QCoreApplication::notify(receiver, event);
    }

private:
    quint64 m_delivered = 0;
};
