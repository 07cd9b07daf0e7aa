// The command line: the only place that prints or exits.
#include "cli/cli.hpp"
#include "cli/deferred_options.hpp"
#include "cli/check_output.hpp"
#include "cli/history_cmd.hpp"
#include "cli/timeline_cmd.hpp"
#include "cli/parse_errors.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/compare_report.hpp>
#include <awrdiff/monitoring.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/input_file.hpp>
#include <awrdiff/mask.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/printable.hpp>
#include <awrdiff/render.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <signal.h>
#include <fcntl.h>
#include <unistd.h>

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

// A sink writing to `out` (its state tells whether all of it was written).
TextSink to(std::ostream& out) {
  return [&out](std::string_view piece) { out.write(piece.data(), static_cast<std::streamsize>(piece.size())); };
}

// The temporary file being written (empty when none): removed by the handler of a terminating signal
// (cron's `timeout` sends SIGTERM), so that a stopped run leaves no `.FILE.tmp.PID` behind.
char g_temp_path[4096];
volatile std::sig_atomic_t g_temp_set = 0;

extern "C" void remove_temp_and_die(int sig) {
  if (g_temp_set != 0) ::unlink(g_temp_path);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

// Set while a temporary file exists; the signals that end a process by default remove it first.
class TempFileGuard {
public:
  explicit TempFileGuard(const std::string& path) {
    if (path.size() >= sizeof g_temp_path) return;  // not removed on a signal (a path of 4 KB)
    std::memcpy(g_temp_path, path.c_str(), path.size() + 1);
    g_temp_set = 1;
    struct sigaction sa {};
    sa.sa_handler = remove_temp_and_die;
    ::sigemptyset(&sa.sa_mask);
    // A signal ignored by whoever started awrdiff (nohup: SIGHUP; a shell's `trap '' XFSZ`) stays ignored.
    for (std::size_t i = 0; i < k_signals.size(); ++i)
      if (::sigaction(k_signals[i], nullptr, &m_old[i]) == 0 && m_old[i].sa_handler != SIG_IGN)
        ::sigaction(k_signals[i], &sa, nullptr);
    m_installed = true;
  }
  TempFileGuard(const TempFileGuard&) = delete;
  TempFileGuard& operator=(const TempFileGuard&) = delete;
  ~TempFileGuard() {
    g_temp_set = 0;
    if (m_installed)
      for (std::size_t i = 0; i < k_signals.size(); ++i) ::sigaction(k_signals[i], &m_old[i], nullptr);
  }

private:
  static constexpr std::array<int, 5> k_signals{SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGXFSZ};
  std::array<struct sigaction, 5> m_old{};
  bool m_installed = false;
};

// Temporary files of `target` (`.NAME.tmp.PID`) left by runs that were killed (SIGKILL cannot be caught): those
// of processes that no longer exist are removed. A process still running (or of another user) keeps its own.
void remove_stale_temp_files(const std::filesystem::path& dir, const std::string& name) {
  namespace fs = std::filesystem;
  const std::string prefix = "." + name + ".tmp.";
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string entry = it->path().filename().string();
    if (!entry.starts_with(prefix) || entry.size() == prefix.size() || entry.size() > prefix.size() + 9) continue;
    const std::string digits = entry.substr(prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos) continue;
    const auto pid = static_cast<pid_t>(std::stol(digits));
    if (pid <= 0 || pid == ::getpid()) continue;
    if (::kill(pid, 0) == 0 || errno != ESRCH) continue;
    std::error_code rec;
    if (fs::is_regular_file(fs::symlink_status(it->path(), rec))) fs::remove(it->path(), rec);
  }
}

// Writes the text `write` gives (through a TextSink, in pieces) to `path` through a temporary file in the same
// directory and a rename once all of it was written, so a failed or interrupted run never leaves a half-written
// file (a terminating signal removes the temporary file; one left by a killed run is removed by the next). A
// symlink is followed (the file it points to is replaced, the link stays); a path that exists but is not a
// regular file (a FIFO, /dev/stdout, a device) is written to directly, since it cannot be replaced; an existing
// file keeps its permissions, and one the user could not write (read-only, another user's) is refused, where a
// rename would replace it.
void write_file_atomically(const std::string& path, const std::function<void(const TextSink&)>& write) {
  namespace fs = std::filesystem;
  std::error_code sec;
  fs::path target(path);
  if (fs::is_symlink(fs::symlink_status(target, sec))) {
    const auto resolved = fs::weakly_canonical(target, sec);
    if (!sec) target = resolved;
  }
  const auto st = fs::status(target, sec);
  if (fs::is_directory(st)) throw Error(path, "is a directory");
  if (fs::exists(st) && !fs::is_regular_file(st)) {
    if (fs::is_fifo(st)) {  // a FIFO nobody reads would block the open for ever: refused at once
      const int fd = ::open(target.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0)
        throw Error(path, errno == ENXIO ? "is a FIFO with no reader: not written (start its reader first)" : "cannot write");
      ::close(fd);
    }
    std::ofstream out(target, std::ios::binary);
    if (!out) throw Error(path, "cannot write");
    write(to(out));
    out.flush();
    if (!out) throw Error(path, "write failed");
    return;
  }
  const bool existed = fs::exists(st);
  if (existed && ::access(target.c_str(), W_OK) != 0)
    throw Error(path, errno == EROFS ? "is on a read-only file system: not written"
                                     : "is not writable by you (read-only, or another user's file): not replaced; "
                                       "choose another output file");
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  remove_stale_temp_files(dir, target.filename().string());
  const fs::path tmp = dir / fmt::format(".{}.tmp.{}", target.filename().string(), ::getpid());
  TempFileGuard guard(tmp.string());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(path, "cannot write (directory missing or not writable)");
    try {
      write(to(out));
    } catch (...) {
      out.close();
      std::error_code ec;
      fs::remove(tmp, ec);
      throw;
    }
    out.flush();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw Error(path, "write failed");
    }
  }
  std::error_code ec;
  if (existed) fs::permissions(tmp, st.permissions(), fs::perm_options::replace, ec);
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw Error(path, "cannot replace the file: " + ec.message());
  }
}

// Writes the text `write` gives, in pieces, to `output` (empty or "-": standard output), as emit does.
void emit_streamed(const std::function<void(const TextSink&)>& write, const std::string& output) {
  if (output.empty() || output == "-") {
    write(to(std::cout));
    std::cout.flush();
    if (!std::cout) throw Error("standard output", "write failed (disk full or closed pipe?)");
  } else {
    write_file_atomically(output, write);
  }
}

void emit(const std::string& text, const std::string& output) {
  emit_streamed([&text](const TextSink& sink) { sink(text); }, output);
}

// Markdown and Jira are for pasting into a ticket: a note on stderr when the whole comparison is longer than
// one comment takes (GitHub: 65,536 characters; Jira's default: 32,767), with what fits instead.
void note_paste_limit(Format format, const std::string& text, bool summary) {
  if (summary || (format != Format::markdown && format != Format::jira)) return;
  const bool md = format == Format::markdown;
  const std::size_t limit = md ? 65536 : 32767;
  std::size_t chars = 0;  // code points: a comment's limit counts characters
  for (const char ch : text) chars += (static_cast<unsigned char>(ch) & 0xC0) != 0x80 ? 1 : 0;
  if (chars <= limit) return;
  std::cerr << fmt::format(
      "awrdiff: note: the {} is {} characters, more than a {} comment takes ({}): paste --summary, or attach -f html\n",
      md ? "Markdown" : "Jira markup", format_number(static_cast<double>(chars), 0), md ? "GitHub" : "Jira",
      format_number(static_cast<double>(limit), 0));
}

// Refuses an output file that is one of the inputs (it would be replaced by the output), by any name of it
// (a symlink, a hard link): `what` says which input ("an input report", "the policy file").
void check_output_is_not_an_input(const std::string& output, const std::vector<std::string>& inputs,
                                  std::string_view what = "an input report") {
  if (output.empty() || output == "-") return;
  std::error_code ec;
  if (!std::filesystem::exists(output, ec)) return;
  for (const auto& f : inputs)
    if (!f.empty() && f != "-" && std::filesystem::equivalent(output, f, ec))
      throw Error(output, fmt::format("is {}; choose another output file", what));
}

Format format_or_throw(const std::string& name) {
  auto f = parse_format(name);
  if (!f) throw Error("", fmt::format("unknown format '{}' ({})", name, format_names()));
  return *f;
}

// Standard input as a report ("-"): read once, at most as much as a file (512 MiB), decoded like a file.
class StandardInput {
public:
  const std::string& text() {
    if (m_text) return *m_text;
    // Binary data is refused after its first 64 KiB, a redirected file larger than the limit before it is read.
    std::string bytes = read_input_descriptor(STDIN_FILENO, "-", report_input_kind());
    m_text = decode_input(std::move(bytes), "-");
    return *m_text;
  }

private:
  std::optional<std::string> m_text;
};

// Every input named "-" is standard input, which can be read once.
void check_stdin_once(const std::vector<std::string>& files) {
  if (std::count(files.begin(), files.end(), std::string("-")) > 1)
    throw Error("", "standard input (-) can stand for one report only");
}

// BASE and TARGET that are one file (the same path, or two names of it): a slip, usually a script
// comparing the latest report with itself; comparing it would only ever say "Unchanged".
void check_two_files(const std::vector<std::string>& files) {
  if (files.size() != 2 || files[0] == "-" || files[1] == "-") return;
  std::error_code ec;
  if (files[0] == files[1])
    throw Error(files[1], "given as both the base and the target: give the report of another period as the target");
  if (std::filesystem::equivalent(files[0], files[1], ec))
    throw Error(files[1],
                fmt::format("is the same file as the base report {}: give the report of another period as the target", files[0]));
}

// Each report of a set comparison once: a file named twice (the same path, or two names of one file) would count
// twice in a set's statistics and fake significance. (A check drops duplicate periods itself, and the current
// period from its baseline, saying so.) `files`: each path with its role ("in the base set", "in the target
// set"). Standard input (-) is left to check_stdin_once.
void check_distinct_files(const std::vector<std::pair<std::string, std::string_view>>& files) {
  for (std::size_t i = 0; i < files.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      const auto& [a, role_a] = files[j];
      const auto& [b, role_b] = files[i];
      if (a == "-" || b == "-") continue;
      std::error_code ec;
      if (a != b && !std::filesystem::equivalent(a, b, ec)) continue;
      const std::string where = role_a == role_b ? fmt::format("twice {}", role_a) : fmt::format("{} and {}", role_a, role_b);
      throw Error(b, fmt::format("given {}{}: each report counts once", where, a == b ? "" : fmt::format(" (also as {})", a)));
    }
}

// The commands, for a word that is none of them nor a file.
constexpr const char* k_commands =
    "report, snapshot, check, baseline save|show, history add|list|show|prune|export, timeline, tables; or give two report files";

bool is_command(std::string_view w) {
  for (std::string_view c : {"report", "snapshot", "check", "baseline", "history", "timeline", "tables", "catalog"})
    if (w == c) return true;
  return false;
}

}  // namespace

int run(int argc, char** argv) {
  const PrintableStderr printable_stderr;
  CLI::App app{
      "awrdiff - what changed between two periods of Oracle database performance, and why.\n\n"
      "  awrdiff BASE TARGET            compare two reports: AWR (instance or RAC global) or Statspack,\n"
      "                                 HTML or text, .gz accepted\n"
      "  awrdiff COMPARE_REPORT         the 1st and 2nd periods of Oracle's AWR Compare Periods report (awrddrpt)\n"
      "  awrdiff --base A1 A2 --target B1 B2\n"
      "                                 compare two sets of reports (e.g. the same hour on several days)\n"
      "  awrdiff report FILE            one report, as the same tables without a base\n"
      "  awrdiff snapshot FILE...       the parsed snapshot(s) as JSON (several files: parsed in parallel)\n"
      "  awrdiff check --baseline SOURCE... CURRENT...\n"
      "                                 is the current period within its baseline? exit 0 yes, 1 a regression\n"
      "  awrdiff baseline save SOURCE... -o FILE   a portable baseline file; `baseline show SOURCE...` summarises one\n"
      "  awrdiff history add|list|show|prune|export   a moving-window baseline kept in SQLite or PostgreSQL\n"
      "  awrdiff timeline [REPORT...]   one database over time (the history, or reports): since when did it shift?\n"
      "  awrdiff tables FILE            the tables found in a report (debugging)\n\n"
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
      "gives no DB time per second or elapsed time, e.g. one truncated in its header).",
      "awrdiff"};
  app.set_version_flag("--version", k_version);
  app.require_subcommand(0, 1);

  std::vector<std::string> files;
  std::string output, format_name = "text";
  bool verbose = false;
  int top_sql = 15;
  app.add_option("files", files, "BASE and TARGET reports")->expected(0, 2);
  std::vector<std::string> base_set, target_set;
  app.add_option("--base", base_set, "base set: one or more reports (with --target)");
  app.add_option("--target", target_set, "target set: one or more reports (with --base)");
  bool exit_code_flag = false;
  app.add_flag("--exit-code", exit_code_flag, "exit 1 when the verdict is 'regressed' (as diff(1) exits 1 on a difference)");
  bool summary = false;
  bool mask_output = false;
  const char* const mask_help =
      "replace host, database, instance, service, PDB, schema, object, tablespace names, file paths, IP addresses and "
      "input file names with stable aliases (HOST1, DB1, OBJ3, /path1/file2.dbf) and SQL literals with '?' / 0, for "
      "sharing outside the company (docs/masking.md)";
  std::size_t width = 120;
  int rows = -1;
  std::string color_mode = "auto";
  bool strict = false;
  auto add_common = [&](CLI::App* a) {
    a->add_option("-o,--output", output, "write to FILE (via a temporary file and rename; '-' is stdout) instead of stdout");
    a->add_option("-f,--format", format_name,
                  "text (default), markdown (GitHub, Jira Cloud), jira (Jira Server / Data Center wiki markup), html or "
                  "json; any case");
    a->add_flag("-v,--verbose", verbose, "also list parse diagnostics (cells that could not be read, unknown sections)");
    a->add_option("--top-sql", top_sql, "how many SQL statements to list (default 15)")->check(CLI::Range(1, 1000));
    a->add_flag("--mask", mask_output, mask_help);
    a->add_flag("--strict", strict,
                "exit 2, writing nothing, when a report has a parse warning (a cell that could not be read, a truncated "
                "or invalid report); each is listed on standard error");
    a->add_flag("-s,--summary", summary,
                "the verdict, the database, instance, snaps and times, the comparability warnings and the findings only "
                "(at most 40 lines), for a ticket comment");
    a->add_option("-w,--width", width,
                  "text: fit the output in N columns (default 120; at least 80, a smaller N is taken as 80 with a "
                  "warning): the least telling columns left out, names and SQL text cut with '…', sql_ids and numbers "
                  "never; 0 = no limit")
        ->check(CLI::Range(0, 100000));
    a->add_option("--rows", rows,
                  "text, markdown, jira: rows shown of each long section table, ranked by the size of their change "
                  "(default 10; 0 = every row; HTML and JSON list every row)")
        ->check(CLI::Range(0, 100000));
    a->add_option("--color,--colour", color_mode,
                  "text: colour each change by its assessment (worse red, better green): auto (default: when stdout is "
                  "a terminal and NO_COLOR is unset), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}, CLI::ignore_case));
  };
  add_common(&app);

  // Each command's options are added only when the command line names it (or for help and parse errors):
  // deferred_options.hpp.
  DeferredOptions deferred;
  std::string single;
  unsigned jobs = 0;
  auto* report = app.add_subcommand("report", "describe one report (a comparison with no base)");
  deferred.defer(report, [&] {
    report->add_option("file", single, "AWR report")->required();
    add_common(report);
  });

  std::vector<std::string> snapshot_files;
  auto* snapshot = app.add_subcommand(
      "snapshot", "print the parsed snapshot of a report as JSON (several reports: a JSON array, parsed in parallel)");
  deferred.defer(snapshot, [&] {
    snapshot->add_option("files", snapshot_files, "AWR reports")->required()->expected(1, -1);
    snapshot->add_option("-j,--jobs", jobs, "parse at most N files at once (default: number of CPUs)")
        ->check(CLI::Range(1, 1024));
    snapshot->add_option("-f,--format", format_name, "json (the only format)");
    snapshot->add_option("-o,--output", output, "write to FILE instead of stdout");
    snapshot->add_flag("-v,--verbose", verbose, "include diagnostics");
    snapshot->add_flag("--mask", mask_output, mask_help);
  });

  std::vector<std::string> baseline_sources, current_files;
  std::string policy_file, match_name = "all";
  bool quiet = false;
  bool nagios = false;
  bool assume_same_database = false;
  const char* const assume_help =
      "without a DB Id on both sides, accept a DB name match alone as the same database even when the platform or "
      "RAC-ness (RAC or single instance) differs or is not given (by default: exit 2 naming what differs)";
  auto* check_cmd = app.add_subcommand("check",
                                       "check one report (or a set) against a baseline: exit 0 within it, 1 a "
                                       "fail-level regression, 2 trouble; -f openmetrics writes the outcome for "
                                       "Prometheus (node_exporter's textfile collector), --nagios for Nagios/Icinga");
  HistoryCli history_cli;
  deferred.defer(check_cmd, [&] {
    check_cmd
        ->add_option("--baseline", baseline_sources,
                     "baseline sources (reports, saved snapshots, baseline files, "
                     "Oracle metric dumps); the last file is the current report unless -- comes first")
        ->expected(1, -1);
    check_cmd->add_option("current", current_files, "the current report; several (after --): checked as one merged set")
        ->expected(0, -1);
    check_cmd->add_option("--policy", policy_file, "TOML policy file: per-metric levels and floors over the registry defaults");
    check_cmd->add_option("--match", match_name, "compare against like periods only: all (default), hour, weekday-hour");
    check_cmd->add_flag("--assume-same-database", assume_same_database, assume_help);
    check_cmd->add_flag("-q,--quiet", quiet,
                        "for cron: nothing when the check passes on a complete report; the first line (and the "
                        "report's own warning: truncated, N metrics not checked) for a warn or a pass on an incomplete "
                        "report; the whole output for a fail (and for a warn with -v)");
    check_cmd->add_flag("--nagios", nagios,
                        "for Nagios, Icinga or Zabbix: one line 'AWRDIFF OK|WARNING|CRITICAL - first line | perfdata' and "
                        "the plugin's exit code (0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN: the check could not be done)");
    add_common(check_cmd);
    add_history_check_options(check_cmd, history_cli);
  });
  add_history_commands(app, history_cli, deferred);
  TimelineCli timeline_cli;
  // The timeline's output options: those of a comparison's output (its reports are not compared or vetted one
  // by one), and --mask.
  add_timeline_command(app, timeline_cli, deferred, [&](CLI::App* a) {
    a->add_flag("--mask", mask_output, mask_help);
    a->add_option("-o,--output", output, "write to FILE (via a temporary file and rename; '-' is stdout) instead of stdout");
    a->add_option("-f,--format", format_name, "text (default), markdown, jira, html or json; any case");
    a->add_option("-w,--width", width, "text: fit the output in N columns (default 120; 0 = no limit)")
        ->check(CLI::Range(0, 100000));
    a->add_option("--rows", rows, "text, markdown, jira: periods listed (default 10; 0 = every one)")
        ->check(CLI::Range(0, 100000));
  });

  auto* baseline_cmd = app.add_subcommand("baseline", "build a baseline file from reports or dumps, or summarise one");
  baseline_cmd->require_subcommand(1);
  std::vector<std::string> baseline_inputs;
  auto* baseline_save = baseline_cmd->add_subcommand("save", "save a baseline file (JSON, docs/baselines.md)");
  deferred.defer(baseline_save, [&] {
    baseline_save->add_option("sources", baseline_inputs, "reports, snapshots, dumps or baseline files")
        ->required()
        ->expected(1, -1);
    baseline_save->add_flag("--assume-same-database", assume_same_database, assume_help);
    baseline_save->add_option("-o,--output", output, "the baseline file to write")->required();
    baseline_save->add_flag("--mask", mask_output, mask_help);
  });
  auto* baseline_show = baseline_cmd->add_subcommand("show", "summarise a baseline: database, instances, periods, metrics");
  deferred.defer(baseline_show, [&] {
    baseline_show->add_option("sources", baseline_inputs, "reports, snapshots, dumps or baseline files")
        ->required()
        ->expected(1, -1);
    baseline_show->add_option("-o,--output", output, "write to FILE instead of stdout");
    baseline_show->add_flag("--mask", mask_output, mask_help);
    baseline_show->add_flag("-v,--verbose", verbose, "also list the dump's metric names awrdiff has no registry row for");
  });

  auto* tables = app.add_subcommand("tables", "list the tables found in one report and the catalog entries matched (debugging)");
  bool show_rows = false;
  deferred.defer(tables, [&] {
    tables->add_option("file", single, "report")->required();
    tables->add_flag("--rows", show_rows, "also print every row's cells");
    tables->add_option("-o,--output", output, "write to FILE instead of stdout");
    tables->add_option("-f,--format", format_name, "text (the only format)");
  });

  // Development: prints the catalog (docs/catalog.md is its Markdown output). Not listed in --help.
  auto* catalog = app.add_subcommand("catalog", "");
  catalog->group("");
  bool catalog_metrics = false;
  bool catalog_sections = false;
  deferred.defer(catalog, [&] {
    catalog->add_option("-f,--format", format_name, "markdown (the only format)");
    catalog->add_option("-o,--output", output, "write to FILE instead of stdout");
    catalog->add_flag("--metrics", catalog_metrics, "the metric registry table (docs/findings.md) instead");
    catalog->add_flag("--sections", catalog_sections,
                      "how each other report section is compared side by side (docs/sections.md) instead");
  });

  // A first word that is neither an option, a command nor an existing file: say what the commands are
  // (CLI11 would take it for a report file, or complain about the options that follow it).
  if (argc > 1) {
    const std::string_view first = argv[1];
    std::error_code ec;
    if (!first.empty() && first.front() != '-' && !is_command(first) && first.find_first_of("./") == std::string_view::npos &&
        !std::filesystem::exists(std::filesystem::path(first), ec)) {
      std::cerr << fmt::format("awrdiff: unknown command or missing file '{}' (commands: {}; see awrdiff --help)\n", first,
                               k_commands);
      return static_cast<int>(ExitCode::error);
    }
  }
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

  try {
    CompareOptions copt;
    copt.top_sql = top_sql;
    RenderOptions ropt;
    ropt.verbose = verbose;
    ropt.summary = summary;
    if (width > 0 && width < 80) {  // the tables need 80 columns: the output still comes, 80 wide, with a word
      std::cerr << fmt::format("awrdiff: --width {}: text output needs at least 80 columns; using 80\n", width);
      width = 80;
    }
    ropt.width = width;
    ropt.rows = rows;
    for (auto& ch : format_name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    for (auto& ch : color_mode) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    // Colour only for a terminal: never into a file or a pipe unless asked, never when NO_COLOR is set
    // (no-color.org) or the terminal is dumb.
    const char* no_color = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");
    ropt.color = color_mode == "always" ||
                 (color_mode == "auto" && (output.empty() || output == "-") && ::isatty(STDOUT_FILENO) == 1 &&
                  (no_color == nullptr || *no_color == '\0') && !(term != nullptr && std::string_view(term) == "dumb"));
    StandardInput standard_input;
    auto load = [&](const std::string& f) -> Snapshot {
      return f == "-" ? parse_report(standard_input.text(), "-") : load_report(f);
    };
    // Every report of a file (a file of concatenated reports holds several): for sets and `snapshot`.
    auto load_each = [&](const std::string& f) -> std::vector<Snapshot> {
      return f == "-" ? parse_reports(standard_input.text(), "-") : load_each_report(f);
    };
    // --mask: every snapshot (and baseline) masked by one Masker after loading, before any output.
    Masker masker;
    // --strict: every warning-level parse diagnostic of the reports on stderr, then exit 2 before any output.
    auto check_strict = [&](const std::vector<const Snapshot*>& snapshots) {
      if (!strict) return;
      std::size_t n = 0;
      for (const auto* s : snapshots)
        for (const auto& d : s->diagnostics) {
          if (d.level != Diagnostic::Level::warning) continue;
          ++n;
          std::cerr << "awrdiff: " << (s->source == "-" ? std::string("standard input") : s->source)
                    << (d.line > 0 ? fmt::format(":{}", d.line) : std::string()) << ": "
                    << (d.section.empty() ? std::string() : "[" + d.section + "] ") << d.message << "\n";
        }
      if (n > 0) throw Error("", fmt::format("--strict: {} parse warning{} in the reports (listed above)", n, n == 1 ? "" : "s"));
    };
    auto mask_all = [&](const std::vector<Snapshot*>& snapshots, const std::vector<Baseline*>& baselines = {}) {
      check_strict({snapshots.begin(), snapshots.end()});
      if (mask_output) mask(snapshots, masker, baselines);
    };
    // -o onto the policy file (by any of its names) would replace it with the report: refused, as for every input.
    if (!policy_file.empty()) check_output_is_not_an_input(output, {policy_file}, "the policy file");
    if (history_cli.selected()) return run_history(history_cli, emit);
    if (timeline_cli.selected()) {
      check_output_is_not_an_input(output, timeline_cli.files);
      check_stdin_once(timeline_cli.files);
      return run_timeline(timeline_cli, format_or_throw(format_name), ropt, output, emit, mask_output ? &masker : nullptr,
                          [&] { return load_each("-"); });
    }
    if (*snapshot) {
      if (format_name != "json" && format_name != "text") throw Error("", "snapshot prints JSON only (--format json)");
      check_output_is_not_an_input(output, snapshot_files);
      check_stdin_once(snapshot_files);
      if (snapshot_files.size() == 1) {
        auto all = load_each(snapshot_files.front());
        std::vector<const Snapshot*> parsed;
        for (const auto& s : all) parsed.push_back(&s);
        check_strict(parsed);
        if (mask_output) mask(all, masker);
        if (all.size() == 1) {
          emit_streamed([&](const TextSink& sink) { write_snapshot_json(all.front(), verbose, sink); }, output);
          return 0;
        }
        std::vector<LoadResult> each;  // several reports in the file: an array, one entry per report
        for (auto& s : all)
          each.push_back(
              {mask_output ? masker.source(snapshot_files.front()) : snapshot_files.front(), std::move(s), std::nullopt});
        emit_streamed([&](const TextSink& sink) { write_snapshots_json(each, verbose, sink); }, output);
        return 0;
      }
      // Several files: parsed in parallel; an array in argument order, {"file", "snapshot"} or
      // {"error", "file"} per file; each error also on stderr; exit 2 when any file failed.
      std::vector<std::filesystem::path> paths(snapshot_files.begin(), snapshot_files.end());
      auto results = load_reports_each(paths, jobs);
      std::vector<const Snapshot*> parsed;
      for (const auto& r : results)
        if (r.snapshot) parsed.push_back(&*r.snapshot);
      check_strict(parsed);
      if (mask_output) mask(results, masker);
      bool failed = false;
      for (const auto& r : results)
        if (!r.snapshot) {
          failed = true;
          std::cerr << "awrdiff: " << r.error->what() << "\n";
        }
      emit_streamed([&](const TextSink& sink) { write_snapshots_json(results, verbose, sink); }, output);
      return failed ? static_cast<int>(ExitCode::error) : 0;
    }
    if (*catalog) {
      if (format_name != "markdown" && format_name != "text") throw Error("", "catalog prints Markdown only (--format markdown)");
      emit(catalog_sections ? section_comparisons_markdown() : catalog_metrics ? metrics_markdown() : catalog_markdown(), output);
      return 0;
    }
    if (*tables) {
      if (format_name != "text") throw Error("", "tables prints text only (--format text)");
      check_output_is_not_an_input(output, {single});
      const auto text = single == "-" ? standard_input.text() : read_input(single);
      const auto raw = tokenize(text, detect_input(text));
      std::string listing;
      auto out = std::back_inserter(listing);
      for (const auto& t : raw.tables) {
        fmt::format_to(out, "[{}] '{}' line {} rows {}\n   ", section_spec(t.section).key, t.title, t.line, t.rows.size());
        if (!t.summary.empty()) fmt::format_to(out, "summary '{}'\n   ", t.summary);
        for (std::size_t i = 0; i < t.headers.size(); ++i)
          fmt::format_to(out, "'{}'({}) ", t.headers[i], column_spec(t.columns[i]).key);
        listing += '\n';
        if (show_rows)
          for (const auto& r : t.rows) {
            fmt::format_to(out, "     {:>6}:", r.line);
            for (const auto& c : r.cells) fmt::format_to(out, " |{}", c);
            listing += '\n';
          }
      }
      emit(printable(listing, true), output);
      return 0;
    }
    auto load_baseline = [&](const std::vector<std::string>& sources, bool at_check) {
      if (std::count(sources.begin(), sources.end(), std::string("-")) > 0)
        throw Error("", "standard input (-) is read as the current report, not as a baseline source: give the baseline's files");
      Baseline b = load_baseline_source(sources.front());
      for (std::size_t i = 1; i < sources.size(); ++i) merge_baseline(b, load_baseline_source(sources[i]), assume_same_database);
      // A baseline's periods are distinct samples: a period given twice (one file twice, a report in HTML and
      // text) is kept once, and periods that overlap are kept but said; on standard error, so a -q cron job
      // mails it and the output stays the same.
      // Under --mask the lines, which name the files, are left out: the count says it. A check against saved
      // baseline files only does not repeat them at every run: they were said when the baseline was saved
      // (`baseline show` lists them again).
      const bool saved_only =
          at_check && std::all_of(sources.begin(), sources.end(), [](const std::string& f) { return is_baseline_file(f); });
      const auto overlaps = saved_only ? std::vector<std::string>{} : overlapping_periods(b);
      if (!mask_output) {
        // At most 10 lines (a file holding 5 periods 200 times is said in 10 lines and a count, not 995).
        constexpr std::size_t k_listed = 10;
        for (std::size_t i = 0; i < b.duplicates.size() && i < k_listed; ++i) std::cerr << "awrdiff: " << b.duplicates[i] << "\n";
        if (b.duplicates.size() > k_listed)
          std::cerr << fmt::format("awrdiff: baseline: {} more periods given more than once\n", b.duplicates.size() - k_listed);
        for (const auto& o : overlaps) std::cerr << "awrdiff: " << o << "\n";
      }
      if (!b.duplicates.empty() || (mask_output && !overlaps.empty()))
        std::cerr << fmt::format("awrdiff: baseline: {} distinct period{} ({} given{})\n", b.periods.size(),
                                 b.periods.size() == 1 ? "" : "s", b.periods.size() + b.duplicates.size(),
                                 mask_output && !overlaps.empty() ? "; some overlap" : "");
      return b;
    };
    if (*baseline_cmd) {
      check_output_is_not_an_input(output, baseline_inputs);
      Baseline b = load_baseline(baseline_inputs, false);
      mask_all({}, {&b});
      if (*baseline_save) {
        // A baseline that names no database could never be read back by check: refused now, not in cron later.
        if (!b.dbid && b.db_name.empty())
          throw Error(baseline_inputs.front(),
                      "no DB Id or DB name in the report (redacted?): a baseline must name its "
                      "database, or check cannot match it");
        emit(baseline_json_text(b), output);
        return 0;
      }
      emit(printable(baseline_summary_text(b, verbose), true), output);
      return 0;
    }
    // check -f openmetrics (or prometheus): the exposition text instead of a report (check_output.hpp).
    const std::optional<CheckOutput> exposition = *check_cmd ? monitoring_format(format_name) : std::nullopt;
    const Format format = exposition ? Format::text : format_or_throw(format_name);
    auto run_check = [&]() -> int {
      CheckOptions opt;
      opt.compare = copt;
      opt.assume_same_database = assume_same_database;
      opt.match = match_from_name(match_name);
      validate_check_options(history_cli,
                             current_files.empty() && std::find(argv, argv + argc, std::string_view("--")) != argv + argc);
      if (history_cli.check_history) {
        if (mask_output) throw Error("", "--mask does not apply to check --history yet: give --baseline SOURCE...");
        if (!baseline_sources.empty()) throw Error("", "give either --baseline SOURCE... or --history, not both");
        const CheckPolicy policy = policy_file.empty() ? default_policy() : load_policy(policy_file);
        warn_if_policy_cannot_fail(policy);
        check_output_is_not_an_input(output, current_files);
        return run_history_check(history_cli, current_files, policy, opt, format, ropt, quiet, output, emit,
                                 [&](const Snapshot& s) { check_strict({&s}); });
      }
      if (baseline_sources.empty()) throw Error("", "give --baseline SOURCE... or --history (see awrdiff check --help)");
      // `check --baseline B1 B2 CURRENT`: --baseline takes every file up to `--`, so the last one is the current
      // report unless reports follow a `--`.
      if (current_files.empty() && baseline_sources.size() >= 2) {
        current_files.push_back(baseline_sources.back());
        baseline_sources.pop_back();
        // `check --baseline B.json 18.html 10.html` folds 18.html into the baseline: said, not silent.
        if (baseline_sources.size() >= 2)
          opt.current_notes.push_back(fmt::format(
              "baseline: {} ({} sources); current: {} (the last file; to check several reports as one current set, give "
              "them after --)",
              fmt::join(baseline_sources, ", "), baseline_sources.size(), current_files.front()));
      }
      if (current_files.empty())
        throw Error("", "give the current report after the baseline sources (awrdiff check --baseline B1 B2 CURRENT)");
      check_output_is_not_an_input(output, current_files);
      check_output_is_not_an_input(output, baseline_sources);
      const CheckPolicy policy = policy_file.empty() ? default_policy() : load_policy(policy_file);
      warn_if_policy_cannot_fail(policy);
      Baseline b = load_baseline(baseline_sources, true);
      check_stdin_once(current_files);
      std::vector<Snapshot> current = load_current_reports(current_files, [&](const std::string& f) {
        auto all = load_each(f);
        if (all.size() == 2 && from_compare_report(all.back())) all.erase(all.begin());  // its 2nd period is current
        return all;
      });
      {
        std::vector<const Snapshot*> parsed;
        for (const auto& s : current) parsed.push_back(&s);
        check_strict(parsed);
      }
      if (mask_output) {
        std::vector<Snapshot*> p;
        for (auto& s : current) p.push_back(&s);
        mask_all(p, {&b});
      }
      const Snapshot cur = current_from_members(std::move(current), opt.current_notes, assume_same_database);
      const CheckReport r = check(cur, b, policy, opt);
      if (history_cli.check_output != CheckOutput::report) return emit_monitoring(r, history_cli.check_output, output, emit);
      // -q: silent for a pass on a complete report; for a warn, and for a pass on an incomplete one (truncated,
      // metrics not given), the headline on one line and the report's own warnings in text, the whole output in the
      // other formats; the whole output for a fail (and for a warn with -v).
      if (quiet && !quiet_prints_report(r, ropt.verbose)) {
        if (quiet_text(r).empty()) {
          // Nothing to say; an output file is emptied, so that an earlier run's FAIL report is not read as this one.
          if (!output.empty() && output != "-") emit("", output);
          return r.exit_code();
        }
        if (format == Format::text) {
          emit(printable(quiet_text(r), true), output);
          return r.exit_code();
        }
      }
      std::ostringstream text;
      render(with_policy(r, format), format, ropt, text);
      emit(text.str(), output);
      return r.exit_code();
    };
    if (*check_cmd && nagios && exposition)
      throw Error("", "--nagios and -f openmetrics are two outputs of one check: give one (a second run writes the other)");
    if (*check_cmd && nagios) {
      // A check that cannot be done is the plugin's UNKNOWN (exit 3), on standard output where Nagios reads it.
      history_cli.check_output = CheckOutput::nagios;
      try {
        return run_check();
      } catch (const Error& e) {
        std::cout << nagios_unknown(e.file() == "-" ? "awrdiff: standard input: " + e.reason()
                                                    : "awrdiff: " + std::string(e.what()))
                         .line
                  << "\n";
        return 3;
      }
    }
    if (*check_cmd) {
      if (!exposition) return run_check();
      history_cli.check_output = *exposition;
      try {
        return run_check();
      } catch (const Error& e) {
        // -o FILE: the previous run's outcome is not left in it as the current one (check_output.hpp).
        replace_with_trouble(output, e.reason(), emit);
        throw;
      }
    }
    Comparison c;
    if (*report) {
      check_output_is_not_an_input(output, {single});
      Snapshot s = load(single);
      mask_all({&s});
      c = describe(s, copt);
    } else if (!base_set.empty() || !target_set.empty()) {
      if (base_set.empty() || target_set.empty() || !files.empty())
        throw Error("", "give both --base and --target sets, and no other report files (see awrdiff --help)");
      check_output_is_not_an_input(output, base_set);
      check_output_is_not_an_input(output, target_set);
      std::vector<std::string> all = base_set;
      all.insert(all.end(), target_set.begin(), target_set.end());
      check_stdin_once(all);
      {
        std::vector<std::pair<std::string, std::string_view>> roles;
        for (const auto& f : base_set) roles.emplace_back(f, "in the base set");
        for (const auto& f : target_set) roles.emplace_back(f, "in the target set");
        check_distinct_files(roles);
      }
      std::vector<Snapshot> b, t;
      for (const auto& f : base_set)
        for (auto& s : load_each(f)) b.push_back(std::move(s));  // a file of several reports: each
      for (const auto& f : target_set)
        for (auto& s : load_each(f)) t.push_back(std::move(s));
      if (mask_output) {
        std::vector<Snapshot*> p;
        for (auto* v : {&b, &t})
          for (auto& s : *v) p.push_back(&s);
        mask_all(p);
      }
      c = compare_sets(b, t, copt);
    } else {
      std::vector<Snapshot> periods;  // one file: Oracle's Compare Periods report holds both periods
      if (files.size() == 1) try {
          periods = load_each(files.front());
          if (periods.size() != 2 || !from_compare_report(periods.front())) periods.clear();
        } catch (const Error& e) {
          if (e.reason().find("Compare Periods report") != std::string::npos) throw;
        }
      if (files.size() != 2 && periods.empty()) {
        std::cerr << "awrdiff: give two reports, BASE and TARGET (or `awrdiff report FILE`; see awrdiff --help)\n";
        return static_cast<int>(ExitCode::error);
      }
      if (!periods.empty()) {
        check_output_is_not_an_input(output, files);
        mask_all({&periods[0], &periods[1]});
        c = compare(periods[0], periods[1], copt);
        c.warnings.push_back(compare_report_warning());
      } else {
        check_output_is_not_an_input(output, files);
        check_stdin_once(files);
        check_two_files(files);
        if (files[0] == "-" || files[1] == "-") {
          Snapshot base = load(files[0]);
          Snapshot target = load(files[1]);
          mask_all({&base, &target});
          c = compare(base, target, copt);
        } else {
          auto loaded = load_reports({files[0], files[1]});  // both at once
          for (auto& r : loaded)
            if (r.error) throw *r.error;  // the base's error first
          mask_all({&*loaded[0].snapshot, &*loaded[1].snapshot});
          c = compare(*loaded[0].snapshot, *loaded[1].snapshot, copt);
        }
      }
    }
    std::ostringstream text;
    render(c, format, ropt, text);
    emit(text.str(), output);
    note_paste_limit(format, text.str(), summary);
    if (exit_code_flag && c.verdict == Verdict::not_comparable)
      throw Error("", "not comparable: " + (c.warnings.empty() ? std::string("see the warnings") : c.warnings.front()));
    return exit_code_flag && c.verdict == Verdict::regressed ? static_cast<int>(ExitCode::regression) : 0;
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
