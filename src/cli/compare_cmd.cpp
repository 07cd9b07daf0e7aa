// `awrdiff BASE TARGET`, a Compare Periods report, two sets of reports, and `awrdiff report FILE` (commands.hpp).
#include "cli/commands.hpp"
#include "cli/deferred_options.hpp"
#include "cli/output_file.hpp"
#include "diff/facts.hpp"  // same_period, report_label

#include <awrdiff/compare.hpp>
#include <awrdiff/compare_report.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/error.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/render.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iostream>
#include <optional>
#include <sstream>

namespace awrdiff::cli {
namespace {

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

// `report FILE`: one report, as a comparison with no base.
Comparison describe_report(const CompareCli& c, Session& session) {
  check_output_is_not_an_input(session.o.output, {c.report_file});
  Snapshot s = session.load(c.report_file);
  session.mask_all({&s});
  return describe(s, session.copt);
}

// `--base A1 A2 --target B1 B2`: two sets of reports, each file once.
Comparison compare_two_sets(const CompareCli& c, Session& session) {
  const auto& base_set = c.base_set;
  const auto& target_set = c.target_set;
  const std::string& output = session.o.output;
  if (base_set.empty() || target_set.empty() || !c.files.empty())
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
  // A file of several reports: each. A Compare Periods report holds both periods: in one set it would put its
  // 1st period on the wrong side.
  auto load_into = [&](const std::string& f, std::vector<Snapshot>& set) {
    for (auto& s : session.load_each(f)) {
      if (from_compare_report(s))
        throw Error(f,
                    "an AWR Compare Periods report holds both periods: a set takes reports of one period each "
                    "(compare it alone: awrdiff FILE)");
      set.push_back(std::move(s));
    }
  };
  for (const auto& f : base_set) load_into(f, b);
  for (const auto& f : target_set) load_into(f, t);
  // One period in both sets (an HTML report and its text twin): a period is not its own baseline.
  for (const auto& x : b)
    for (const auto& y : t)
      if (detail::same_period(x, y))
        throw Error(y.source, fmt::format("the same period as the base set's {} (snaps {}-{}): a period is not its own "
                                          "baseline; give each period in one set only",
                                          detail::report_label(x.source), *x.interval.begin_snap, *x.interval.end_snap));
  if (session.o.mask_output) {
    std::vector<Snapshot*> p;
    for (auto* v : {&b, &t})
      for (auto& s : *v) p.push_back(&s);
    session.mask_all(p);
  }
  return compare_sets(b, t, session.copt);
}

// BASE and TARGET, or one Compare Periods report (which holds both periods). Empty, with the reason said on
// standard error, when neither was given.
std::optional<Comparison> compare_files(const CompareCli& c, Session& session) {
  const auto& files = c.files;
  const std::string& output = session.o.output;
  std::vector<Snapshot> periods;  // one file: Oracle's Compare Periods report holds both periods
  if (files.size() == 1) try {
      periods = session.load_each(files.front());
      if (periods.size() != 2 || !from_compare_report(periods.front())) periods.clear();
    } catch (const Error& e) {
      if (e.reason().find("Compare Periods report") != std::string::npos) throw;
    }
  if (files.size() != 2 && periods.empty()) {
    std::cerr << "awrdiff: give two reports, BASE and TARGET (or `awrdiff report FILE`; see awrdiff --help)\n";
    return std::nullopt;
  }
  Comparison cmp;
  CompareOptions copt = session.copt;
  // A compare report's two periods are the user's own choice of one workload's two runs (a Database Replay capture
  // and its replay under a new DB Id, before and after an upgrade); `--replay` says the same of two reports.
  copt.one_workload = c.replay || !periods.empty();
  if (!periods.empty()) {
    check_output_is_not_an_input(output, files);
    session.mask_all({&periods[0], &periods[1]});
    cmp = compare(periods[0], periods[1], copt);
    cmp.warnings.push_back(compare_report_warning(periods[0].kind == ReportKind::awr_global));
  } else {
    check_output_is_not_an_input(output, files);
    check_stdin_once(files);
    check_two_files(files);
    if (files[0] == "-" || files[1] == "-") {
      Snapshot base = session.load(files[0]);
      Snapshot target = session.load(files[1]);
      session.mask_all({&base, &target});
      cmp = compare(base, target, copt);
    } else {
      auto loaded = load_reports({files[0], files[1]});  // both at once
      for (auto& r : loaded)
        if (r.error) throw *r.error;  // the base's error first
      session.mask_all({&*loaded[0].snapshot, &*loaded[1].snapshot});
      cmp = compare(*loaded[0].snapshot, *loaded[1].snapshot, copt);
    }
  }
  return cmp;
}

}  // namespace

void add_compare_options(CLI::App& app, CompareCli& c) {
  app.add_option("files", c.files, "BASE and TARGET reports")->expected(0, 2);
  app.add_option("--base", c.base_set, "base set: one or more reports (with --target)");
  app.add_option("--target", c.target_set, "target set: one or more reports (with --base)");
  app.add_flag("--exit-code", c.exit_code, "exit 1 when the verdict is 'regressed' (as diff(1) exits 1 on a difference)");
  app.add_flag("--replay", c.replay,
               "BASE and TARGET run one workload (a Database Replay capture and its replay, AWR imported under another DB "
               "Id): compared whatever their DB Ids; a pair of another DB Id or release, or a replay, leads with its work "
               "and DB time per unit of work (one database's two periods read as without it)");
}

void add_report_command(CLI::App& app, CompareCli& c, Session& session, DeferredOptions& deferred) {
  auto* report = app.add_subcommand("report", "describe one report (a comparison with no base)");
  c.report = report;
  deferred.defer(report, [report, &c, &session] {
    report->add_option("file", c.report_file, "AWR report")->required();
    add_common_options(report, session.o);
  });
}

int run_compare(const CompareCli& c, Session& session) {
  const Format format = format_or_throw(session.o.format_name);
  Comparison cmp;
  if (*c.report) {
    cmp = describe_report(c, session);
  } else if (!c.base_set.empty() || !c.target_set.empty()) {
    cmp = compare_two_sets(c, session);
  } else {
    std::optional<Comparison> pair = compare_files(c, session);
    if (!pair) return static_cast<int>(ExitCode::error);
    cmp = std::move(*pair);
  }
  std::ostringstream text;
  render(cmp, format, session.ropt, text);
  emit(text.str(), session.o.output);
  note_paste_limit(format, text.str(), session.o.summary);
  if (c.exit_code && cmp.verdict == Verdict::not_comparable)
    throw Error("", "not comparable: " + (cmp.warnings.empty() ? std::string("see the warnings") : cmp.warnings.front()));
  return c.exit_code && cmp.verdict == Verdict::regressed ? static_cast<int>(ExitCode::regression) : 0;
}

}  // namespace awrdiff::cli
