// `awrdiff check --baseline SOURCE... CURRENT...`: is the current period within its baseline? Its report, or the
// outcome for a monitoring system (-f openmetrics, --nagios: check_output.hpp). `check --history` is run by
// history_cmd.cpp (commands.hpp).
#include "cli/check_output.hpp"
#include "cli/commands.hpp"
#include "cli/deferred_options.hpp"
#include "cli/output_file.hpp"

#include <awrdiff/check.hpp>
#include <awrdiff/compare_report.hpp>
#include <awrdiff/error.hpp>
#include <awrdiff/input_file.hpp>
#include <awrdiff/monitoring.hpp>
#include <awrdiff/render.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <optional>

#include <unistd.h>

namespace awrdiff::cli {
namespace {

// The policy of --policy FILE (none: the registry's defaults). `--policy -` reads it from standard input, unless
// a current report is read from there too (standard input can be read once); the policy is named "standard input".
CheckPolicy policy_of(const CheckCli& c) {
  if (c.policy_file.empty()) return default_policy();
  if (c.policy_file != "-") return load_policy(c.policy_file);
  if (std::find(c.current_files.begin(), c.current_files.end(), "-") != c.current_files.end())
    throw Error("",
                "--policy - and a current report - both read standard input, which can be read once: give the policy's "
                "file");
  // As load_policy reads a file: a few KB of text (binary data refused; an empty policy: the defaults).
  return parse_policy(read_input_descriptor(STDIN_FILENO, "-",
                                            InputFileKind{"policy file", std::size_t{1} << 20,
                                                          "a policy file is a few KB, not read", true, false, false}),
                      "standard input");
}

// `check --history`: the baseline is the history store's window (history_cmd.cpp).
int check_against_history(CheckCli& c, HistoryCli& history_cli, Session& session, const CheckOptions& opt, Format format) {
  const std::string& output = session.o.output;
  if (session.o.mask_output) throw Error("", "--mask does not apply to check --history yet: give --baseline SOURCE...");
  if (!c.baseline_sources.empty()) throw Error("", "give either --baseline SOURCE... or --history, not both");
  const CheckPolicy policy = policy_of(c);
  warn_if_policy_cannot_fail(policy);
  check_output_is_not_an_input(output, c.current_files);
  return run_history_check(history_cli, c.current_files, policy, opt, format, session.ropt, c.quiet, output, emit,
                           [&](const Snapshot& s) { session.check_strict({&s}); });
}

// `check --baseline B1 B2 CURRENT`: --baseline takes every file up to `--`, so the last one is the current
// report unless reports follow a `--`.
void take_current_from_baseline_sources(CheckCli& c, CheckOptions& opt) {
  auto& baseline_sources = c.baseline_sources;
  auto& current_files = c.current_files;
  if (current_files.empty() && baseline_sources.size() >= 2) {
    current_files.push_back(baseline_sources.back());
    baseline_sources.pop_back();
    // `check --baseline B.json 18.html 10.html` folds 18.html into the baseline: said, not silent.
    if (baseline_sources.size() >= 2)
      opt.current_notes.push_back(
          fmt::format("baseline: {} ({} sources); current: {} (the last file; to check several reports as one current set, give "
                      "them after --)",
                      fmt::join(baseline_sources, ", "), baseline_sources.size(), current_files.front()));
  }
  if (current_files.empty())
    throw Error("", "give the current report after the baseline sources (awrdiff check --baseline B1 B2 CURRENT)");
}

// The current report(s): read (a Compare Periods report: its 2nd period), vetted (--strict), masked with the
// baseline (--mask), merged into one period.
Snapshot load_current(const CheckCli& c, Session& session, Baseline& b, CheckOptions& opt) {
  check_stdin_once(c.current_files);
  std::vector<Snapshot> current = load_current_reports(c.current_files, [&](const std::string& f) {
    auto all = session.load_each(f);
    if (all.size() == 2 && from_compare_report(all.back())) all.erase(all.begin());  // its 2nd period is current
    return all;
  });
  {
    std::vector<const Snapshot*> parsed;
    for (const auto& s : current) parsed.push_back(&s);
    session.check_strict(parsed);
  }
  if (session.o.mask_output) {
    std::vector<Snapshot*> p;
    for (auto& s : current) p.push_back(&s);
    session.mask_all(p, {&b});
  }
  return current_from_members(std::move(current), opt.current_notes, session.o.assume_same_database);
}

// What a check writes: the monitoring output, or its report (write_check_report). Returns its exit code.
int write_check(const CheckReport& r, const CheckCli& c, const HistoryCli& history_cli, const Session& session, Format format) {
  const std::string& output = session.o.output;
  if (history_cli.check_output != CheckOutput::report) return emit_monitoring(r, history_cli.check_output, output, emit, c.quiet);
  return write_check_report(r, r.exit_code(), c.quiet, format, session.ropt, output, emit);
}

int run_check(CheckCli& c, HistoryCli& history_cli, Session& session, Format format) {
  const std::string& output = session.o.output;
  CheckOptions opt;
  opt.compare = session.copt;
  opt.assume_same_database = session.o.assume_same_database;
  opt.match = match_from_name(c.match_name);
  validate_check_options(history_cli, c.current_files.empty() && session.dash_dash);
  if (history_cli.check_history) return check_against_history(c, history_cli, session, opt, format);
  if (c.baseline_sources.empty()) throw Error("", "give --baseline SOURCE... or --history (see awrdiff check --help)");
  take_current_from_baseline_sources(c, opt);
  check_output_is_not_an_input(output, c.current_files);
  check_output_is_not_an_input(output, c.baseline_sources, "a baseline input");
  const CheckPolicy policy = policy_of(c);
  warn_if_policy_cannot_fail(policy);
  Baseline b = load_baseline(c.baseline_sources, true, session);
  const Snapshot cur = load_current(c, session, b, opt);
  const CheckReport r = check(cur, b, policy, opt);
  return write_check(r, c, history_cli, session, format);
}

}  // namespace

void add_check_command(CLI::App& app, CheckCli& c, HistoryCli& history, Session& session, DeferredOptions& deferred) {
  auto* check_cmd = app.add_subcommand("check",
                                       "check one report (or a set) against a baseline: exit 0 within it, 1 a "
                                       "fail-level regression, 2 trouble; -f openmetrics writes the outcome for "
                                       "Prometheus (node_exporter's textfile collector), --nagios for Nagios/Icinga");
  c.command = check_cmd;
  deferred.defer(check_cmd, [check_cmd, &c, &history, &o = session.o] {
    check_cmd
        ->add_option("--baseline", c.baseline_sources,
                     "baseline sources (reports, saved snapshots, baseline files, "
                     "Oracle metric dumps); the last file is the current report unless -- comes first")
        ->expected(1, -1);
    check_cmd->add_option("current", c.current_files, "the current report; several (after --): checked as one merged set")
        ->expected(0, -1);
    check_cmd->add_option("--policy", c.policy_file,
                          "TOML policy file: per-metric levels and floors over the registry defaults (-: standard input)");
    check_cmd->add_option("--match", c.match_name, "compare against like periods only: all (default), hour, weekday-hour");
    check_cmd->add_flag("--assume-same-database", o.assume_same_database, k_assume_help);
    check_cmd->add_flag("-q,--quiet", c.quiet,
                        "for cron: nothing when the check passes on a complete report or has no like period to check "
                        "against (OK, insufficient baseline: said with -v); the first line (and the report's own warning: "
                        "truncated, N metrics not checked) for a warn or a pass on an incomplete report; for a fail, the "
                        "page in at most 25 lines (verdict, database, snaps and times, top causes, failing metrics, where "
                        "the full report is) on standard output, the full report in -o FILE (-f html for a ticket; -f "
                        "openmetrics writes the exposition and still mails); the whole output for a fail or a warn with -v");
    check_cmd->add_flag("--nagios", c.nagios,
                        "for Nagios, Icinga or Zabbix: one line 'AWRDIFF OK|WARNING|CRITICAL - first line | perfdata' and "
                        "the plugin's exit code (0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN: the check could not be done)");
    add_common_options(check_cmd, o);
    add_history_check_options(check_cmd, history);
  });
}

int run_check_command(CheckCli& c, HistoryCli& history_cli, Session& session) {
  const std::string& output = session.o.output;
  // -o onto the policy file (by any of its names) would replace it with the report: refused, as for every input.
  if (!c.policy_file.empty()) check_output_is_not_an_input(output, {c.policy_file}, "the policy file");
  // check -f openmetrics (or prometheus): the exposition text instead of a report (check_output.hpp).
  const std::optional<CheckOutput> exposition = monitoring_format(session.o.format_name);
  const Format format = exposition ? Format::text : format_or_throw(session.o.format_name);
  if (c.nagios && exposition)
    throw Error("", "--nagios and -f openmetrics are two outputs of one check: give one (a second run writes the other)");
  if (c.nagios) {
    // A check that cannot be done is the plugin's UNKNOWN (exit 3), on standard output where Nagios reads it.
    history_cli.check_output = CheckOutput::nagios;
    try {
      return run_check(c, history_cli, session, format);
    } catch (const Error& e) {
      std::cout
          << nagios_unknown(e.file() == "-" ? "awrdiff: standard input: " + e.reason() : "awrdiff: " + std::string(e.what())).line
          << "\n";
      return 3;
    }
  }
  if (!exposition) return run_check(c, history_cli, session, format);
  history_cli.check_output = *exposition;
  try {
    return run_check(c, history_cli, session, format);
  } catch (const Error& e) {
    // -o FILE: the previous run's outcome is not left in it as the current one (check_output.hpp).
    replace_with_trouble(output, e.reason(), emit);
    throw;
  }
}

}  // namespace awrdiff::cli
