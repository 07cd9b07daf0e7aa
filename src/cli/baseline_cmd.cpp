// `awrdiff baseline save|show SOURCE...`, and the baseline of `check --baseline` (commands.hpp).
#include "cli/commands.hpp"
#include "cli/deferred_options.hpp"
#include "cli/output_file.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/error.hpp>
#include <awrdiff/printable.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

namespace awrdiff::cli {

Baseline load_baseline(const std::vector<std::string>& sources, bool at_check, const Session& session) {
  const bool mask_output = session.o.mask_output;
  if (std::count(sources.begin(), sources.end(), std::string("-")) > 0)
    throw Error("", "standard input (-) is read as the current report, not as a baseline source: give the baseline's files");
  Baseline b = load_baseline_source(sources.front());
  for (std::size_t i = 1; i < sources.size(); ++i)
    merge_baseline(b, load_baseline_source(sources[i]), session.o.assume_same_database);
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
}

void add_baseline_command(CLI::App& app, BaselineCli& c, Session& session, DeferredOptions& deferred) {
  SharedOptions& o = session.o;
  auto* baseline_cmd = app.add_subcommand("baseline", "build a baseline file from reports or dumps, or summarise one");
  c.command = baseline_cmd;
  baseline_cmd->require_subcommand(1);
  auto* baseline_save = baseline_cmd->add_subcommand("save", "save a baseline file (JSON, docs/baselines.md)");
  c.save = baseline_save;
  deferred.defer(baseline_save, [baseline_save, &c, &o] {
    baseline_save->add_option("sources", c.sources, "reports, snapshots, dumps or baseline files")->required()->expected(1, -1);
    baseline_save->add_flag("--assume-same-database", o.assume_same_database, k_assume_help);
    baseline_save->add_option("-o,--output", o.output, "the baseline file to write")->required();
    baseline_save->add_flag("--mask", o.mask_output, k_mask_help);
  });
  auto* baseline_show = baseline_cmd->add_subcommand("show", "summarise a baseline: database, instances, periods, metrics");
  deferred.defer(baseline_show, [baseline_show, &c, &o] {
    baseline_show->add_option("sources", c.sources, "reports, snapshots, dumps or baseline files")->required()->expected(1, -1);
    baseline_show->add_option("-o,--output", o.output, "write to FILE instead of stdout");
    baseline_show->add_flag("--mask", o.mask_output, k_mask_help);
    baseline_show->add_flag("-v,--verbose", o.verbose, "also list the dump's metric names awrdiff has no registry row for");
  });
}

int run_baseline(const BaselineCli& c, Session& session) {
  const std::string& output = session.o.output;
  check_output_is_not_an_input(output, c.sources);
  Baseline b = load_baseline(c.sources, false, session);
  session.mask_all({}, {&b});
  if (*c.save) {
    // A baseline that names no database could never be read back by check: refused now, not in cron later.
    if (!b.dbid && b.db_name.empty())
      throw Error(c.sources.front(),
                  "no DB Id or DB name in the report (redacted?): a baseline must name its "
                  "database, or check cannot match it");
    emit(baseline_json_text(b), output);
    return 0;
  }
  emit(printable(baseline_summary_text(b, session.o.verbose), true), output);
  return 0;
}

}  // namespace awrdiff::cli
