// The `history` commands and `check --history` (docs/history.md). cli.cpp creates the options here and
// calls run_history / run_history_check; the only place that prints is the `emit` callback and stderr.
#pragma once

#include "cli/check_output.hpp"

#include <awrdiff/check.hpp>
#include <awrdiff/render.hpp>

#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace awrdiff::cli {

class DeferredOptions;

/// What a check renders: its comparison, and in JSON the policy in force after the other tables (the table
/// `check_policy`: the policy's name and every threshold).
inline Comparison with_policy(const CheckReport& r, Format format) {
  Comparison c = r.comparison;
  if (format == Format::json) c.tables.push_back(r.policy);
  return c;
}

/// Says on standard error, whatever -q, that a policy can never fail the check (policy_cannot_fail).
void warn_if_policy_cannot_fail(const CheckPolicy& policy);

/// `--match NAME` of check and timeline: all, hour, weekday-hour. Throws Error (exit 2) for another name.
MatchPeriods match_from_name(const std::string& name);

/// Writes `text` to `output` (empty or "-": stdout), as output_file.hpp's emit does.
using Emit = std::function<void(const std::string& text, const std::string& output)>;

/// Writes the report of the check `r` (both check paths): in full, or under -q (`quiet`) nothing for a pass on a
/// complete report (an output file emptied), the headline and the report's own warnings in text for a warn or a
/// pass on an incomplete report, in full for a fail (and a warn with -v). Returns `exit_code`.
int write_check_report(const CheckReport& r, int exit_code, bool quiet, Format format, const RenderOptions& render_options,
                       const std::string& output, const Emit& emit);

/// The options of `awrdiff history ...` and of `check --history`.
struct HistoryCli {
  CLI::App* history = nullptr;
  CLI::App* add = nullptr;
  CLI::App* list = nullptr;
  CLI::App* show = nullptr;
  CLI::App* prune = nullptr;
  CLI::App* export_cmd = nullptr;
  std::string db;  ///< --db FILE or postgresql://...; empty: default_history_location()
  std::vector<std::string> files;  ///< history add REPORT...
  unsigned jobs = 0;  ///< -j N
  bool no_snapshots = false;  ///< --no-snapshots: keep the values only
  bool verbose = false;
  bool list_periods = false;  ///< history list --periods
  std::string metric;  ///< history show METRIC
  long long dbid = 0;  ///< --dbid N (0: every database)
  int instance = 0;  ///< --instance N (0: every instance)
  std::string older_than;  ///< prune --older-than 90d
  bool months = false;  ///< prune --months: whole calendar months (PostgreSQL: drops their partitions)
  std::string bodies_older_than;  ///< prune --bodies-older-than 7d: retention of the snapshot bodies
  bool drop_flagged_bodies = false;  ///< prune --drop-flagged-bodies: the bodies of warned / failed periods too
  bool dry_run = false;
  std::string format = "csv";  ///< export --format csv|jsonl
  std::string output;  ///< -o FILE
  // check --history
  bool check_history = false;  ///< --history: the baseline is the store's window
  std::string window = "28d";  ///< --window
  int for_n = 0;  ///< --for N: fail only when the last N checked periods breached
  bool check_add = false;  ///< --add: add the current report first
  CheckOutput check_output = CheckOutput::report;  ///< -f openmetrics / --nagios: written whatever -q says
  bool keep_failed = false;  ///< --keep-failed: keep periods whose stored check failed in the window
  CLI::Option* check_db_opt = nullptr;  ///< check's --db, --window, --for, --add (refused without --history)
  CLI::Option* check_window_opt = nullptr;
  CLI::Option* check_for_opt = nullptr;
  CLI::Option* check_add_opt = nullptr;
  CLI::Option* check_keep_failed_opt = nullptr;

  /// True when a `history` subcommand was given.
  bool selected() const;
};

/// Adds `history add|list|show|prune|export` to `app`; each one's options are added when it is used
/// (`deferred`, see deferred_options.hpp).
void add_history_commands(CLI::App& app, HistoryCli& h, DeferredOptions& deferred);

/// Adds --history, --db, --window, --for and --add to the `check` subcommand.
void add_history_check_options(CLI::App* check, HistoryCli& h);

/// Runs the selected `history` subcommand. Returns the exit code (0, or 2 when a report could not be
/// added: each such file is named on stderr). Throws Error for trouble with the store (exit 2).
int run_history(HistoryCli& h, const Emit& emit);

/// `check`'s options that only apply to --history (--db, --window, --for, --add) given with --baseline,
/// or `--` with no report after it: an Error (exit 2) naming the option.
void validate_check_options(const HistoryCli& h, bool dash_dash_without_report);

/// Loads `check`'s current reports through `load_each` (one file may hold several reports), for
/// current_from_members. A baseline file given as the current report: an Error saying to give it with
/// --baseline.
std::vector<Snapshot> load_current_reports(const std::vector<std::string>& files,
                                           const std::function<std::vector<Snapshot>(const std::string&)>& load_each);

/// `check --history [--add] [--window D] [--for N] CURRENT`: the baseline is the window of the store
/// before CURRENT (same DB Id and instance; like periods with --match). Each outcome is stored. Returns
/// 0 within the baseline, 1 a fail-level regression (with --for N: only when the last N checked periods
/// of the database all failed). Throws Error for trouble (exit 2). `vet` is called with the current report once it is
/// read, before the store is opened or written (--strict: it throws on the report's parse warnings, so nothing is added).
int run_history_check(HistoryCli& h, const std::vector<std::string>& current_files, const CheckPolicy& policy,
                      const CheckOptions& options, Format format, const RenderOptions& render_options, bool quiet,
                      const std::string& output, const Emit& emit, const std::function<void(const Snapshot&)>& vet = {});

}  // namespace awrdiff::cli
