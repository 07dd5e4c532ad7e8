// Runs fsmc's SCXML exports in Qt SCXML and prints, after every step of a script, the states
// exited and entered, the actions run and the active configuration: the trace that
// fsm-differential compares with the Swift fsmc generates (docs/SCXML.md, "Differential testing").
//
// Input (a file argument, or stdin), one command a line, any number of runs:
//   chart <path.scxml>     begins a run
//   guard <name> <0|1>     a guard's fixed answer (a boolean of the data model), before start
//   start                  starts the machine
//   send <event>           an event from outside
//   wait <milliseconds>    advances the virtual clock
//   complete <name>        the running invocation <name>'s call returns (`fetch1`, or
//                          `k3/fetch1` for a call of the running child machine `k3`)
//   fail <name>            its call or stream throws
//   yield <name>           its stream yields an element
//   finish <name>          its stream finishes
//   child <path> <event>   an event from outside to the running child machine at <path>
//                          (`signIn`, or `signIn/verify` for its own child)
//   end                    ends the run
// Output: "run <path>", then one line per start, send, wait or outcome:
//   <command> | <exit x, enter y, …> | <action a, emit o, …> | <active states, sorted>[ <name()>…]
// then "end". A chart Qt cannot load prints "error <message>" instead of its steps.
//
// An invocation is fsmc's export of it (docs/SCXML.md, "Invocations"): an <invoke id="<name>">
// of a child session that waits in its state "<name>.running" for the event fsmc.complete,
// fsmc.fail, fsmc.yield or fsmc.finish. An outcome step submits that event to the child
// session (QScxmlInvokableService's "stateMachine" property, the invoked QScxmlStateMachine),
// and does nothing when no child of that name is running, as fsmc drops a result of work that
// no longer runs. The running invocations follow the active states, sorted, written "<name>()"
// ("k3/<name>()" for those of the running child machine `k3`, at any depth).
//
// A child machine is fsmc's export of it (docs/SCXML.md, "Child machines"): an <invoke id="<name>">
// of the child's own document. Its logs are the run's, its states written "<name>/<state>"
// ("<name>/<inner>/<state>" for its own children); while it runs (until its session ends), its
// active states follow the parent's, sorted with them.

#include <QFile>
#include <QLoggingCategory>
#include <QScxmlInvokableService>
#include <QScxmlStateMachine>
#include <QTextStream>
#include <QVariantMap>

#include <cstdio>
#include <memory>

#include "CountingApplication.h"
#include "VirtualClockDispatcher.h"

namespace {

/// What one run of a chart observed since the last step was printed.
struct Observed {
    QStringList states;
    QStringList actions;
};

/// The child session of the invocation `name` while its work runs: invoked, and still waiting
/// in "<name>.running" (not yet returned, failed or finished).
QScxmlStateMachine *runningInvocation(const QScxmlStateMachine &machine, const QString &name)
{
    for (QScxmlInvokableService *service : machine.invokedServices()) {
        if (service->id() != name)
            continue;
        auto *child = service->property("stateMachine").value<QScxmlStateMachine *>();
        if (child && child->isActive(name + QLatin1String(".running")))
            return child;
    }
    return nullptr;
}

/// The session of the child machine invoked as `name`, while it runs.
QScxmlStateMachine *runningChild(const QScxmlStateMachine &machine, const QString &name)
{
    for (QScxmlInvokableService *service : machine.invokedServices()) {
        if (service->id() != name)
            continue;
        auto *child = service->property("stateMachine").value<QScxmlStateMachine *>();
        // A call's or a stream's session has "<name>.running"; a child machine's does not.
        if (child && child->isRunning() && !child->stateNames(false).contains(name + QLatin1String(".running")))
            return child;
    }
    return nullptr;
}

/// The running child machine at `path` (`signIn/verify`), below `machine`.
QScxmlStateMachine *runningChild(QScxmlStateMachine *machine, const QString &path)
{
    for (const QString &name : path.split(QLatin1Char('/'))) {
        if (!machine)
            return nullptr;
        machine = runningChild(*machine, name);
    }
    return machine;
}

/// The active states of `machine` and of its running child machines, each prefixed by `prefix`.
QStringList activeStates(const QScxmlStateMachine &machine, const QString &prefix)
{
    QStringList active;
    for (const QString &name : machine.stateNames(false)) {
        // fsmc.machine wraps machine-level transitions; it is no state of the spec.
        if (name != QLatin1String("fsmc.machine") && machine.isActive(name))
            active.append(prefix + name);
    }
    for (QScxmlInvokableService *service : machine.invokedServices()) {
        if (QScxmlStateMachine *child = runningChild(machine, service->id()))
            active += activeStates(*child, prefix + service->id() + QLatin1Char('/'));
    }
    return active;
}

/// The running calls and streams of `machine` and of its running child machines, written
/// "<prefix><name>()".
QStringList runningInvocations(const QScxmlStateMachine &machine, const QString &prefix)
{
    QStringList running;
    for (QScxmlInvokableService *service : machine.invokedServices()) {
        if (runningInvocation(machine, service->id()))
            running.append(prefix + service->id() + QLatin1String("()"));
        else if (QScxmlStateMachine *child = runningChild(machine, service->id()))
            running += runningInvocations(*child, prefix + service->id() + QLatin1Char('/'));
    }
    return running;
}

/// The running invocation at `path` (`fetch1`, or `k3/fetch1` inside the running child `k3`).
QScxmlStateMachine *runningInvocation(QScxmlStateMachine *machine, const QString &path)
{
    const int slash = path.lastIndexOf(QLatin1Char('/'));
    if (slash >= 0)
        machine = runningChild(machine, path.left(slash));
    return machine ? runningInvocation(*machine, path.mid(slash + 1)) : nullptr;
}

QString configuration(const QScxmlStateMachine &machine)
{
    QStringList active = activeStates(machine, QString());
    active.sort();
    QStringList running = runningInvocations(machine, QString());
    running.sort();
    return (active + running).join(QLatin1Char(' '));
}

void printStep(QTextStream &out, const QString &command, Observed &observed, const QScxmlStateMachine &machine)
{
    out << command << " | " << observed.states.join(QLatin1String(", ")) << " | "
        << observed.actions.join(QLatin1String(", ")) << " | " << configuration(machine) << '\n';
    observed = Observed();
}

class Run {
public:
    Run(const QString &path, VirtualClockDispatcher &clock, QTextStream &out) : m_clock(clock), m_out(out)
    {
        m_out << "run " << path << '\n';
        m_machine.reset(QScxmlStateMachine::fromFile(path));
        if (!m_machine->parseErrors().isEmpty()) {
            m_out << "error " << m_machine->parseErrors().first().toString() << '\n';
            m_machine.reset();
            return;
        }
        observe(m_machine.get(), QString());
    }

    /// Hears the logs of `machine` (a child's states and actions prefixed by `prefix`, its
    /// path and a slash) and of every child machine it invokes, as each is invoked.
    void observe(QScxmlStateMachine *machine, const QString &prefix)
    {
        QObject::connect(machine, &QScxmlStateMachine::log, machine,
            [this, prefix](const QString &label, const QString &message) {
                if (label == QLatin1String("enter") || label == QLatin1String("exit"))
                    m_observed.states.append(label + QLatin1Char(' ') + prefix + message);
                else
                    m_observed.actions.append(label + QLatin1Char(' ') + prefix + message);
            });
        QObject::connect(machine, &QScxmlStateMachine::invokedServicesChanged, machine,
            [this, machine, prefix](const QList<QScxmlInvokableService *> &services) {
                for (QScxmlInvokableService *service : services) {
                    auto *child = service->property("stateMachine").value<QScxmlStateMachine *>();
                    if (child && !child->property("fsmcObserved").toBool()) {
                        child->setProperty("fsmcObserved", true);
                        observe(child, prefix + service->id() + QLatin1Char('/'));
                    }
                }
            });
    }

    ~Run() { m_out << "end\n"; }

    void setGuard(const QString &name, bool value) { m_guards.insert(name, value); }

    void execute(const QString &command, const QString &argument)
    {
        if (!m_machine)
            return;
        if (command == QLatin1String("start")) {
            m_machine->setInitialValues(m_guards);
            m_machine->start();
            m_clock.settle();
            printStep(m_out, command, m_observed, *m_machine);
        } else if (command == QLatin1String("send")) {
            m_machine->submitEvent(argument);
            m_clock.settle();
            printStep(m_out, command + QLatin1Char(' ') + argument, m_observed, *m_machine);
        } else if (command == QLatin1String("wait")) {
            m_clock.advance(argument.toLongLong());
            printStep(m_out, command + QLatin1Char(' ') + argument, m_observed, *m_machine);
        } else if (command == QLatin1String("complete") || command == QLatin1String("fail")
            || command == QLatin1String("yield") || command == QLatin1String("finish")) {
            if (QScxmlStateMachine *child = runningInvocation(m_machine.get(), argument)) {
                child->submitEvent(QLatin1String("fsmc.") + command);
                m_clock.settle();
            }
            printStep(m_out, command + QLatin1Char(' ') + argument, m_observed, *m_machine);
        } else if (command == QLatin1String("child")) {
            if (QScxmlStateMachine *child = runningChild(m_machine.get(), argument.section(QLatin1Char(' '), 0, 0))) {
                child->submitEvent(argument.section(QLatin1Char(' '), 1));
                m_clock.settle();
            }
            printStep(m_out, command + QLatin1Char(' ') + argument, m_observed, *m_machine);
        }
    }

private:
    VirtualClockDispatcher &m_clock;
    QTextStream &m_out;
    std::unique_ptr<QScxmlStateMachine> m_machine;
    QVariantMap m_guards;
    Observed m_observed;
};

} // namespace

int main(int argc, char **argv)
{
    // Set before the application exists, so that every timer Qt starts is on the virtual clock.
    auto *clock = new VirtualClockDispatcher;
    QCoreApplication::setEventDispatcher(clock);
    CountingApplication application(argc, argv);
    // The harness reads <log> through the signal; Qt would also print each one on stderr.
    QLoggingCategory::setFilterRules(QStringLiteral("scxml.statemachine.debug=false"));

    QFile input;
    if (argc > 1) {
        input.setFileName(QString::fromLocal8Bit(argv[1]));
        if (!input.open(QIODevice::ReadOnly | QIODevice::Text)) {
            std::fprintf(stderr, "error: cannot read %s\n", argv[1]);
            return 2;
        }
    } else if (!input.open(stdin, QIODevice::ReadOnly | QIODevice::Text)) {
        std::fprintf(stderr, "error: cannot read stdin\n");
        return 2;
    }
    QTextStream in(&input);
    QFile output;
    output.open(stdout, QIODevice::WriteOnly | QIODevice::Text);
    QTextStream out(&output);

    std::unique_ptr<Run> run;
    QString line;
    while (in.readLineInto(&line)) {
        const QString command = line.section(QLatin1Char(' '), 0, 0);
        const QString argument = line.section(QLatin1Char(' '), 1);
        if (command == QLatin1String("chart")) {
            run = std::make_unique<Run>(argument, *clock, out);
        } else if (command == QLatin1String("end")) {
            run.reset();
            out.flush();
        } else if (command == QLatin1String("guard") && run) {
            run->setGuard(argument.section(QLatin1Char(' '), 0, 0), argument.section(QLatin1Char(' '), 1) == QLatin1String("1"));
        } else if (run) {
            run->execute(command, argument);
        }
    }
    run.reset();
    out.flush();
    return 0;
}
