// The command line: the only place that prints or exits. run parses the arguments and runs the command they
// name; each command is in its own file (commands.hpp, history_cmd.hpp, timeline_cmd.hpp).
#include "cli/cli.hpp"
#include "cli/commands.hpp"
#include "cli/deferred_options.hpp"
#include "cli/history_cmd.hpp"
#include "cli/output_file.hpp"
#include "cli/parse_errors.hpp"
#include "cli/session.hpp"
#include "cli/fleet_cmd.hpp"
#include "cli/timeline_cmd.hpp"

#include <awrdiff/error.hpp>
#include <awrdiff/printable.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

namespace awrdiff::cli {
namespace {

constexpr const char* k_version = "0.1.0";

// Standard error as a user reads it (a terminal, cron's mail): every line goes through printable(), so that a file
// name or a report string in a message (a database name, a reason) cannot send a terminal an escape sequence.
// Installed for the whole run; a line is written when it ends, or when the stream is flushed (std::cerr is
// unit-buffered: after each message's last piece).
class PrintableStderr : public std::streambuf {
public:
  PrintableStderr() : m_dest(std::cerr.rdbuf(this)) {}
  ~PrintableStderr() override {
    sync();
    std::cerr.rdbuf(m_dest);
  }
  PrintableStderr(const PrintableStderr&) = delete;
  PrintableStderr& operator=(const PrintableStderr&) = delete;

protected:
  int_type overflow(int_type ch) override {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return sync() == 0 ? traits_type::not_eof(ch) : traits_type::eof();
    m_pending.push_back(traits_type::to_char_type(ch));
    if (ch == '\n') return sync() == 0 ? ch : traits_type::eof();
    return ch;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    m_pending.append(s, static_cast<std::size_t>(n));
    return n;
  }
  int sync() override {
    if (m_pending.empty()) return m_dest->pubsync();
    const std::string text = printable(m_pending, true);
    m_pending.clear();
    const auto n = static_cast<std::streamsize>(text.size());
    if (m_dest->sputn(text.data(), n) != n) return -1;
    return m_dest->pubsync();
  }

private:
  std::streambuf* m_dest;
  std::string m_pending;
};

// The commands, for a word that is none of them nor a file.
constexpr const char* k_commands =
    "report, snapshot, check, baseline save|show, history add|list|show|prune|export, timeline, fleet, tables, catalog; or give "
    "two "
    "report files";

bool is_command(std::string_view w) {
  for (std::string_view c : {"report", "snapshot", "check", "baseline", "history", "timeline", "fleet", "tables", "catalog"})
    if (w == c) return true;
  return false;
}

// awrdiff --help: the commands, the exit codes.
constexpr const char* k_about =
    "awrdiff - what changed between two periods of Oracle database performance, and why.\n\n"
    "  awrdiff BASE TARGET            compare two reports: AWR (instance or RAC global) or Statspack,\n"
    "                                 HTML or text, .gz accepted\n"
    "  awrdiff COMPARE_REPORT         the 1st and 2nd periods of Oracle's AWR Compare Periods report (awrddrpt,\n"
    "                                 or the RAC one, awrgdrpt): compared as one workload, whatever their DB Ids\n"
    "  awrdiff --replay BASE TARGET   two reports of one workload (a Database Replay capture and its replay, AWR\n"
    "                                 imported under another DB Id): work and DB time per unit of work lead\n"
    "  awrdiff --base A1 A2 --target B1 B2\n"
    "                                 compare two sets of reports (e.g. the same hour on several days)\n"
    "  awrdiff report FILE            one report, as the same tables without a base\n"
    "  awrdiff snapshot FILE...       the parsed snapshot(s) as JSON (several files: parsed in parallel)\n"
    "  awrdiff check --baseline SOURCE... CURRENT...\n"
    "                                 is the current period within its baseline? exit 0 yes, 1 a regression\n"
    "  awrdiff baseline save SOURCE... -o FILE   a portable baseline file; `baseline show SOURCE...` summarises one\n"
    "  awrdiff history add|list|show|prune|export   a moving-window baseline kept in SQLite or PostgreSQL\n"
    "  awrdiff timeline [REPORT...]   one database over time (the history, or reports): since when did it shift?\n"
    "  awrdiff fleet                  every database of the history store over a window (default: the last 24\n"
    "                                 hours): failed or warned by DB time lost, since when; silent ones; exit 1\n"
    "                                 any failed\n"
    "  awrdiff tables FILE            the tables found in a report (debugging)\n"
    "  awrdiff catalog [--metrics]    the sections awrdiff reads; --metrics: the metric keys (history show, timeline)\n\n"
    "A report given as - is read from standard input (one report per run). --summary prints the verdict, the\n"
    "database, instance, snaps and times, the warnings and the findings only, for a ticket; -f markdown pastes into GitHub and Jira Cloud, -f jira into Jira\n"
    "Server / Data Center. Text fits 120 columns (--width N, 0 = no limit) and is coloured on a terminal.\n\n"
    "The first line is the verdict (regressed / improved / load changed: busier, not slower / unchanged /\n"
    "not comparable / inconclusive) with the\n"
    "DB time per second change and its causes; then findings, each with its numbers, then the tables.\n\n"
    "A baseline SOURCE is a report (AWR or Statspack, .gz too), a saved snapshot, a saved baseline file, or an\n"
    "Oracle metric dump (AWR-Miner capture, DMA collector sysmetric summary, SELECT_BASELINE_METRIC or\n"
    "DBA_HIST_SYSMETRIC_SUMMARY spool).\n\n"
    "Exit codes: 0 fine, 1 a regression (check, or --exit-code), 2 error (check: also a current report that\n"
    "gives no DB time per second or elapsed time, e.g. one truncated in its header).";

// Every command of a run: its options (as CLI11 fills them) and the subcommands.
struct Commands {
  CompareCli compare;
  SnapshotCli snapshot;
  CheckCli check;
  HistoryCli history;
  TimelineCli timeline;
  FleetCli fleet;
  BaselineCli baseline;
  TablesCli tables;
  CatalogCli catalog;
  // Each command's options are added only when the command line names it (or for help and parse errors):
  // deferred_options.hpp.
  DeferredOptions deferred;
};

// The options of the top level and every command, in the order --help lists them.
void add_commands(CLI::App& app, Commands& c, Session& session) {
  SharedOptions& o = session.o;
  app.set_version_flag("--version", k_version);
  app.require_subcommand(0, 1);
  add_compare_options(app, c.compare);
  add_common_options(&app, o);
  add_report_command(app, c.compare, session, c.deferred);
  add_snapshot_command(app, c.snapshot, session, c.deferred);
  add_check_command(app, c.check, c.history, session, c.deferred);
  add_history_commands(app, c.history, c.deferred);
  // The timeline's output options: those of a comparison's output (its reports are not compared or vetted one
  // by one), and --mask.
  add_timeline_command(app, c.timeline, c.deferred, [&o](CLI::App* a) {
    a->add_flag("--mask", o.mask_output, k_mask_help);
    a->add_option("-o,--output", o.output, "write to FILE (via a temporary file and rename; '-' is stdout) instead of stdout");
    a->add_option("-f,--format", o.format_name, "text (default), markdown, jira, html or json; any case");
    a->add_option("-w,--width", o.width, "text: fit the output in N columns (default 120; 0 = no limit)")
        ->check(CLI::Range(0, 100000));
    a->add_option("--rows", o.rows, "text, markdown, jira: periods listed (default 10; 0 = every one)")
        ->check(CLI::Range(0, 100000));
  });
  add_fleet_command(app, c.fleet, c.deferred, [&o](CLI::App* a) {
    a->add_option("-o,--output", o.output, "write to FILE (via a temporary file and rename; '-' is stdout) instead of stdout");
    a->add_option("-f,--format", o.format_name, "text (default), html, json or openmetrics; any case");
    a->add_option("-w,--width", o.width, "text: fit the output in N columns (default 120; 0 = no limit)")
        ->check(CLI::Range(0, 100000));
  });
  add_baseline_command(app, c.baseline, session, c.deferred);
  add_tables_command(app, c.tables, session, c.deferred);
  add_catalog_command(app, c.catalog, session, c.deferred);
}

// A first word that is neither an option, a command nor an existing file: says what the commands are (CLI11
// would take it for a report file, or complain about the options that follow it). False when it said so.
bool first_word_is_known(int argc, char** argv) {
  if (argc <= 1) return true;
  const std::string_view first = argv[1];
  std::error_code ec;
  if (!first.empty() && first.front() != '-' && !is_command(first) && first.find_first_of("./") == std::string_view::npos &&
      !std::filesystem::exists(std::filesystem::path(first), ec)) {
    std::cerr << fmt::format("awrdiff: unknown command or missing file '{}' (commands: {}; see awrdiff --help)\n", first,
                             k_commands);
    return false;
  }
  return true;
}

// Parses the arguments: empty when the run goes on, else its exit code (help, version, a mistake said in one
// line).
std::optional<int> parse(CLI::App& app, DeferredOptions& deferred, int argc, char** argv) {
  if (!first_word_is_known(argc, argv)) return static_cast<int>(ExitCode::error);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    deferred.add_all();
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) { return app.exit(e); } catch (const CLI::ParseError& e) {
    deferred.add_all();
    std::cerr << "awrdiff: " << describe_parse_error(app, e, argc, argv) << "\n";
    return static_cast<int>(ExitCode::error);
  }
  return std::nullopt;
}

// Runs the command the arguments named.
int dispatch(Commands& c, Session& session) {
  const SharedOptions& o = session.o;
  if (c.history.selected()) return run_history(c.history, emit);
  if (c.timeline.selected()) {
    check_output_is_not_an_input(o.output, c.timeline.files);
    check_stdin_once(c.timeline.files);
    return run_timeline(c.timeline, format_or_throw(o.format_name), session.ropt, o.output, emit,
                        o.mask_output ? &session.masker : nullptr, [&session] { return session.load_each("-"); });
  }
  if (c.fleet.selected()) return run_fleet(c.fleet, o.format_name, session.ropt, o.output, emit);
  if (*c.snapshot.command) return run_snapshot(c.snapshot, session);
  if (*c.catalog.command) return run_catalog(c.catalog, session);
  if (*c.tables.command) return run_tables(c.tables, session);
  if (*c.baseline.command) return run_baseline(c.baseline, session);
  if (*c.check.command) return run_check_command(c.check, c.history, session);
  return run_compare(c.compare, session);
}

}  // namespace

int run(int argc, char** argv) {
  const PrintableStderr printable_stderr;
  CLI::App app{k_about, "awrdiff"};
  Session session;
  session.dash_dash = std::find(argv, argv + argc, std::string_view("--")) != argv + argc;
  Commands commands;
  add_commands(app, commands, session);
  if (const std::optional<int> done = parse(app, commands.deferred, argc, argv)) return *done;
  try {
    session.prepare();
    return dispatch(commands, session);
  } catch (const Error& e) {
    if (e.file() == "-") std::cerr << "awrdiff: standard input: " << e.reason() << "\n";
    else std::cerr << "awrdiff: " << e.what() << "\n";
    return static_cast<int>(e.exit_code());
  } catch (const std::exception& e) {
    std::cerr << "awrdiff: internal error: " << e.what() << "\n";
    return static_cast<int>(ExitCode::error);
  }
}

}  // namespace awrdiff::cli
