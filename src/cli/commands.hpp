// The commands of cli.cpp's run, one file each: compare_cmd.cpp (two reports, two sets, a Compare Periods report,
// `report`), snapshot_cmd.cpp, check_cmd.cpp (`check --baseline`; `check --history` is history_cmd.cpp's),
// baseline_cmd.cpp, tables_cmd.cpp and catalog_cmd.cpp. Each adds its subcommand and its options (deferred:
// deferred_options.hpp) and runs it on the run's Session; the `history` and `timeline` commands are in
// history_cmd.hpp and timeline_cmd.hpp. Each run_* returns the exit code and throws Error for trouble (exit 2).
#pragma once

#include "cli/history_cmd.hpp"
#include "cli/session.hpp"

#include <awrdiff/baseline.hpp>

#include <string>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace awrdiff::cli {

class DeferredOptions;

/// `awrdiff BASE TARGET`, `awrdiff COMPARE_REPORT`, `awrdiff --base A1 A2 --target B1 B2` and `awrdiff report FILE`.
struct CompareCli {
  std::vector<std::string> files;  ///< BASE and TARGET (or one Compare Periods report)
  std::vector<std::string> base_set, target_set;  ///< --base, --target
  bool exit_code = false;  ///< --exit-code
  bool replay = false;  ///< --replay: BASE and TARGET run one workload (a capture and its replay), whatever their DB Ids
  CLI::App* report = nullptr;
  std::string report_file;  ///< report FILE
};

/// Adds the top level's report files, --base, --target, --exit-code and --replay to `app` (the top level's output options
/// are add_common_options').
void add_compare_options(CLI::App& app, CompareCli& c);
/// Adds `report FILE` to `app`.
void add_report_command(CLI::App& app, CompareCli& c, Session& session, DeferredOptions& deferred);
/// Runs the comparison (or `report`): 0, or 1 with --exit-code for a regression.
int run_compare(const CompareCli& c, Session& session);

/// `awrdiff snapshot FILE...`.
struct SnapshotCli {
  CLI::App* command = nullptr;
  std::vector<std::string> files;
  unsigned jobs = 0;  ///< -j N (0: the number of CPUs)
};
void add_snapshot_command(CLI::App& app, SnapshotCli& c, Session& session, DeferredOptions& deferred);
/// 0, or 2 when one of several files could not be read (each named on standard error).
int run_snapshot(const SnapshotCli& c, Session& session);

/// `awrdiff check --baseline SOURCE... CURRENT...` (and its --history options, history_cmd.hpp).
struct CheckCli {
  CLI::App* command = nullptr;
  std::vector<std::string> baseline_sources, current_files;
  std::string policy_file;  ///< --policy
  std::string match_name = "all";  ///< --match
  bool quiet = false;  ///< -q
  bool nagios = false;  ///< --nagios
};
void add_check_command(CLI::App& app, CheckCli& c, HistoryCli& history, Session& session, DeferredOptions& deferred);
/// Runs `check`: its report, -f openmetrics or --nagios (exit 3 for a check that cannot be done).
int run_check_command(CheckCli& c, HistoryCli& history, Session& session);

/// `awrdiff baseline save|show SOURCE...`.
struct BaselineCli {
  CLI::App* command = nullptr;
  CLI::App* save = nullptr;
  std::vector<std::string> sources;
};
void add_baseline_command(CLI::App& app, BaselineCli& c, Session& session, DeferredOptions& deferred);
int run_baseline(const BaselineCli& c, Session& session);
/// The baseline of `sources` (merged; no "-"), its duplicate and overlapping periods said on standard error
/// (not at a check against saved baseline files only: `at_check`).
Baseline load_baseline(const std::vector<std::string>& sources, bool at_check, const Session& session);

/// `awrdiff tables FILE` (debugging).
struct TablesCli {
  CLI::App* command = nullptr;
  std::string file;
  bool show_rows = false;  ///< --rows
};
void add_tables_command(CLI::App& app, TablesCli& c, Session& session, DeferredOptions& deferred);
int run_tables(const TablesCli& c, Session& session);

/// `awrdiff catalog`: the catalog, the metric registry (--metrics) or the section comparisons (--sections) as
/// Markdown (docs/catalog.md, docs/findings.md, docs/sections.md are its output).
struct CatalogCli {
  CLI::App* command = nullptr;
  bool metrics = false;  ///< --metrics
  bool sections = false;  ///< --sections
};
void add_catalog_command(CLI::App& app, CatalogCli& c, Session& session, DeferredOptions& deferred);
int run_catalog(const CatalogCli& c, const Session& session);

}  // namespace awrdiff::cli
