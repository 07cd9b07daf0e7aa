// Whether the two reports can be compared, and what the reader must know first: reports that say they
// are not valid, an Elapsed that fits neither its snap times nor its DB time (check_period), different
// databases, instances, releases or hosts, overlapping or equal periods, restarts, idle and truncated
// reports, figures that overlap in a report's own accounting. Differ::comparability() writes the warnings
// and sets the verdict to not comparable where it must; drop_deltas() then removes every change.
#include <awrdiff/baseline.hpp>
#include <awrdiff/compare_report.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/time.hpp>

#include "diff/differ.hpp"
#include "diff/facts.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <string_view>

namespace awrdiff::detail {

namespace {

constexpr double k_length_ratio_warning = 1.5;  // periods whose lengths differ more than this

// Seconds since an arbitrary epoch for a snap time as AWR prints it ("22-Dec-23 01:30:13");
// empty when it does not parse.
OptDouble snap_seconds(const std::string& text) {
  int d = 0, y = 0, h = 0, mi = 0, sec = 0;
  char mon[4] = {};
  if (std::sscanf(text.c_str(), "%d-%3c-%d %d:%d:%d", &d, mon, &y, &h, &mi, &sec) < 5) return std::nullopt;
  const int month = month_number(std::string_view(mon, 3));
  if (month == 0 || d < 1 || d > 31) return std::nullopt;
  if (y < 100) y += 2000;
  return static_cast<double>(days_from_civil(y, month, d)) * 86400 + h * 3600 + mi * 60 + sec;
}

// Drops the columns of `t` that `dropped` picks, with their cells in every row, and adds `note` to the
// table when any was dropped.
template <class Pred>
void drop_columns(CompareTable& t, Pred dropped, const std::string& note) {
  std::vector<std::size_t> keep;
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (!dropped(t.columns[i])) keep.push_back(i);
  if (keep.size() == t.columns.size()) return;
  std::vector<CompareColumn> cols;
  for (auto i : keep) cols.push_back(t.columns[i]);
  for (auto& r : t.rows) {
    std::vector<CompareCell> cells;
    for (auto i : keep) cells.push_back(i < r.cells.size() ? r.cells[i] : CompareCell());
    r.cells = std::move(cells);
  }
  t.columns = std::move(cols);
  t.notes.push_back(note);
}

// An instance restarted between two periods of one instance (their startup times differ), in words: whether its
// caches were cold in either period.
std::string restart_warning(const Snapshot& base, const Snapshot& target) {
  const auto& b = base.database;
  const auto& t = target.database;
  // Caches are cold only in a period the restart falls inside or just before (k_restart_matters_s); a restart
  // 12 hours before the period began is a fact, not a reason for its figures.
  auto after_startup = [](const Snapshot& s, const std::string& startup) -> OptDouble {
    const auto st = snap_seconds(startup), begin = snap_seconds(s.interval.begin_time);
    return st && begin ? OptDouble(*begin - *st) : std::nullopt;  // negative: the restart is inside the period
  };
  auto span = [](double sec) {
    sec = std::max(0.0, sec);
    return sec < 2 * 3600    ? fmt::format("{:.0f} min", sec / 60)
           : sec < 2 * 86400 ? fmt::format("{:.1f} h", sec / 3600)
                             : fmt::format("{:.1f} days", sec / 86400);
  };
  const auto bs = after_startup(base, b.startup_time), ts = after_startup(target, t.startup_time);
  const bool cold_b = bs && *bs <= k_restart_matters_s, cold_t = ts && *ts <= k_restart_matters_s;
  if (cold_b || cold_t) {
    const auto& d = cold_t ? *ts : *bs;
    return fmt::format("instance restarted between the periods (startup {} vs {}): caches were cold in the {} period ({})",
                       b.startup_time, t.startup_time, cold_t ? "target" : "base",
                       d < 0 ? std::string("the restart is inside it") : fmt::format("it began {} after the restart", span(d)));
  }
  if (ts && bs)
    return fmt::format(
        "instance restarted between the periods (startup {} vs {}; the base began {}, the target {} after its startup)",
        b.startup_time, t.startup_time, span(*bs), span(*ts));
  return fmt::format("instance restarted between the periods (startup {} vs {})", b.startup_time, t.startup_time);
}

// The column that gives each row's unit where the figures' columns give none (Load Profile's and Operating System
// Statistics' Unit): by its role, a text label beside the row's name, before the first measure. The column count
// when the table has none.
std::size_t row_unit_column(const CompareTable& t) {
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    const ColumnRole role = role_of(t.columns[i]);
    if (role == ColumnRole::measure) break;
    if (role == ColumnRole::label && t.columns[i].kind == ColumnKind::text) return i;
  }
  return t.columns.size();
}

}  // namespace

PeriodCheck check_period(const Snapshot& s, const std::string& report) {
  const std::string label = report.empty() ? report_label(s.source) : report;
  PeriodCheck out;
  const auto& iv = s.interval;
  out.elapsed_s = iv.elapsed_s;
  // (A report that says its own figures are invalid is not compared: its Elapsed is not checked either.)
  if (s.members > 1 || !s.valid || !iv.elapsed_s || *iv.elapsed_s <= 0) return out;
  const double elapsed = *iv.elapsed_s;
  OptDouble wall;
  if (auto b = snap_seconds(iv.begin_time), e = snap_seconds(iv.end_time); b && e && *e > *b) wall = *e - *b;
  const bool fits_snaps = !wall || std::fabs(*wall - elapsed) <= std::max(300.0, 0.05 * *wall);
  // A RAC global report sums DB time over its instances: its sessions are one instance's.
  const double sessions =
      s.kind == ReportKind::awr_global ? 0 : std::max(iv.begin_sessions.value_or(0), iv.end_sessions.value_or(0));
  const auto db = s.db_time_s();
  auto too_dense = [&](double el) { return db && sessions > 0 && *db / el > 1.5 * sessions + 1; };
  if (fits_snaps && !too_dense(elapsed)) return out;
  if (!fits_snaps && !too_dense(*wall)) {
    out.elapsed_s = wall;
    out.corrected = true;
    out.reason = fmt::format(
        "{}: Elapsed {:.1f} min but the snap times are {:.1f} min apart (a DST change or a clock step?): "
        "rates use the snap times",
        label, elapsed / 60, *wall / 60);
    return out;
  }
  out.not_comparable = true;
  if (!fits_snaps)
    out.reason = fmt::format(
        "{}: Elapsed {:.1f} min does not fit the snap times ({:.1f} min apart), and neither fits DB time "
        "{:.1f} min with at most {:.0f} sessions (a DST change or a clock step?): its rates cannot be computed",
        label, elapsed / 60, *wall / 60, *db / 60, sessions);
  else
    out.reason = fmt::format(
        "{}: DB time {:.1f} min over Elapsed {:.1f} min is {:.1f} average active sessions but there were at "
        "most {:.0f} sessions: the Elapsed is too short for the DB time (a DST change between the "
        "snapshots?), so its rates cannot be computed",
        label, *db / 60, elapsed / 60, *db / elapsed, sessions);
  return out;
}

Snapshot with_elapsed(const Snapshot& s, double elapsed_s) {
  Snapshot out = s;
  const auto old = s.interval.elapsed_s;
  out.interval.elapsed_s = elapsed_s;
  if (old && *old > 0 && elapsed_s > 0)
    for (auto& r : out.load_profile)
      if (r.per_second) *r.per_second *= *old / elapsed_s;
  return out;
}

std::vector<std::string> plausibility_warnings(const Snapshot& s) {
  auto c = check_period(s);
  if (c.reason.empty()) return {};
  return {c.reason};
}

bool periods_overlap(const Snapshot& a, const Snapshot& b) {
  const auto &ai = a.interval, &bi = b.interval;
  const bool snaps = a.database.dbid == b.database.dbid && a.database.instance == b.database.instance && ai.begin_snap &&
                     ai.end_snap && bi.begin_snap && bi.end_snap && *ai.begin_snap < *bi.end_snap &&
                     *bi.begin_snap < *ai.end_snap;
  if (!snaps) return false;
  // Snap ids start again in a re-created or cloned database of the same DB Id: where both periods' times can be read,
  // they must overlap too (19-Dec 18:30-21:30, snaps 164-170, is not inside 23-Dec 05:59 - 24-Dec 04:00, snaps 160-204).
  const std::string ab = iso_time(ai.begin_time), ae = iso_time(ai.end_time), bb = iso_time(bi.begin_time),
                    be = iso_time(bi.end_time);
  if (!ab.empty() && !ae.empty() && !bb.empty() && !be.empty()) return ab < be && bb < ae;
  return true;
}

bool same_period(const Snapshot& a, const Snapshot& b) {
  return periods_overlap(a, b) && a.interval.begin_snap == b.interval.begin_snap && a.interval.end_snap == b.interval.end_snap;
}

namespace differ {

namespace {

// Report variants compared (AWR and Statspack, an instance and a RAC global report): what is comparable.
std::string variants_warning(const Snapshot& base, const Snapshot& target) {
  return fmt::format("{} report vs {} report: {}", to_string(base.kind), to_string(target.kind),
                     base.kind == ReportKind::statspack || target.kind == ReportKind::statspack
                         ? "DB time, load profile, time model and events compare; Statspack '%Total Call Time' is not % of DB "
                           "time, and its SQL is keyed by hash value, not SQL Id"
                         : fmt::format("a RAC global report sums its {} instance(s); only with one instance are its totals "
                                       "that instance's",
                                       (base.kind == ReportKind::awr_global ? base : target).database.instances.value_or(0)));
}

// Another instance or release, and a host whose CPUs or memory changed.
void instance_and_host_changes(const Snapshot& base, const Snapshot& target, std::vector<std::string>& warnings) {
  const auto& b = base.database;
  const auto& t = target.database;
  if (!b.instance.empty() && !t.instance.empty() && (b.instance != t.instance || b.instance_number != t.instance_number))
    warnings.push_back(fmt::format("different instances: {} vs {}", b.instance, t.instance));
  if (!b.release.empty() && !t.release.empty() && b.release != t.release)
    warnings.push_back(fmt::format("different releases: {} vs {}", b.release, t.release));
  if (b.cpus && t.cpus && *b.cpus != *t.cpus)
    warnings.push_back(fmt::format("host CPUs changed: {:.0f} vs {:.0f}", *b.cpus, *t.cpus));
  if (b.memory_gb && t.memory_gb && *b.memory_gb > 0 && *t.memory_gb > 0 && std::fabs(*b.memory_gb - *t.memory_gb) > 0.5)
    warnings.push_back(fmt::format("host memory changed: {:.1f} GB vs {:.1f} GB", *b.memory_gb, *t.memory_gb));
}

// An AWR report and a Statspack report of one instance number their snapshots apart: whether they overlap is read
// from the times.
void awr_and_statspack_overlap(const Snapshot& base, const Snapshot& target, std::vector<std::string>& warnings) {
  const auto& b = base.database;
  const auto& t = target.database;
  const auto& bi = base.interval;
  const auto& ti = target.interval;
  if ((base.kind == ReportKind::statspack) == (target.kind == ReportKind::statspack) ||
      !(b.dbid && t.dbid ? *b.dbid == *t.dbid : detail::lower(b.name) == detail::lower(t.name)) ||
      detail::lower(b.instance) != detail::lower(t.instance))
    return;
  const std::string ab = iso_time(bi.begin_time), ae = iso_time(bi.end_time), tb = iso_time(ti.begin_time),
                    te = iso_time(ti.end_time);
  if (!ab.empty() && !ae.empty() && !tb.empty() && !te.empty() && ab < te && tb < ae)
    warnings.push_back(fmt::format(
        "the periods overlap in time ({} - {} and {} - {}; an AWR and a Statspack report number their snapshots apart): "
        "part of the time is in both, so their difference understates the change",
        bi.begin_time, bi.end_time, ti.begin_time, ti.end_time));
}

}  // namespace

void Differ::comparability() {
  auto elapsed_ok = [&](const Snapshot& s) {
    if (!s.interval.elapsed_s) {
      m_out.warnings.push_back(fmt::format("{}: no Elapsed time in the report; rates cannot be computed", name(s)));
      return false;
    }
    if (*s.interval.elapsed_s <= 0) {
      m_out.warnings.push_back(
          fmt::format("{}: Elapsed is 0 (begin and end snapshots at the same time); not comparable", name(s)));
      return false;
    }
    return true;
  };
  for (const Snapshot* s : {m_base, &m_target}) {  // a report that declares itself invalid; idle top events
    if (s == nullptr) continue;
    if (!s->valid) {
      m_out.warnings.push_back(fmt::format("{}: report not valid: {}; not comparable", name(*s), s->invalid_reason));
      m_out.verdict = Verdict::not_comparable;
      m_no_deltas = has_base();
    } else if (!s->timings_valid) {
      m_out.warnings.push_back(
          fmt::format("{}: timings not valid: timed_statistics changed between the snapshots (the "
                      "report says TIMINGS ARE INVALID); not comparable",
                      name(*s)));
      m_out.verdict = Verdict::not_comparable;
      m_no_deltas = has_base();
    }
    // What reconcile() used where the report's own figures disagree (parse.hpp): said on every run.
    for (const auto& d : s->diagnostics)
      if (d.section == k_ledger_section && d.level == Diagnostic::Level::warning && s->valid)
        m_out.warnings.push_back(fmt::format("{}: {}", name(*s), d.message));
    oddities(*s);
    std::vector<std::string> idle;
    for (const auto& e : s->top_events)
      if (e.is_idle) idle.push_back(e.name);
    if (!idle.empty())
      m_out.warnings.push_back(
          fmt::format("{}: its top events list idle events ({}): they are not database time", name(*s), fmt::join(idle, ", ")));
  }
  bool ok = elapsed_ok(m_target);
  plausibility(m_target);
  auto truncated = [&](const Snapshot& s) {
    if (s.truncated)
      m_out.warnings.push_back(fmt::format("{}: truncated report (no 'End of Report' marker): sections may be missing", name(s)));
  };
  if (has_base()) truncated(*m_base);
  truncated(m_target);
  if (!has_base()) return;
  if (m_base->kind != m_target.kind) m_out.warnings.push_back(variants_warning(*m_base, m_target));
  if (m_base->database.scope != m_target.database.scope || m_base->database.con_dbid != m_target.database.con_dbid)
    m_out.warnings.push_back(fmt::format(
        "different container scope: {} {} vs {} {}: a PDB report covers one pluggable database, a CDB root report "
        "the whole CDB{}",
        to_string(m_base->database.scope), m_base->database.container, to_string(m_target.database.scope),
        m_target.database.container,
        m_base->interval.pdb_snapshots || m_target.interval.pdb_snapshots ? "; PDB snapshot ids are the PDB's own" : ""));
  if (m_base->source == m_target.source) m_out.warnings.push_back(fmt::format("the same file given twice: {}", name(m_target)));
  else if (detail::same_period(*m_base, m_target))
    m_out.warnings.push_back(
        fmt::format("the same period in both reports (snaps {}-{} of {}): nothing ran between them; any difference is in how "
                    "the two reports print it",
                    *m_base->interval.begin_snap, *m_base->interval.end_snap,
                    m_target.database.instance.empty() ? m_target.database.name : m_target.database.instance));
  ok = elapsed_ok(*m_base) && ok;
  plausibility(*m_base);
  auto idle = [&](const Snapshot& s) {
    if (auto aas = s.average_active_sessions(); aas && *aas < k_idle_aas && s.valid)
      m_out.warnings.push_back(
          fmt::format("{}: an idle period ({:.3f} average active sessions): its changes are noise", name(s), *aas));
  };
  idle(*m_base);
  idle(m_target);
  const auto& b = m_base->database;
  const auto& t = m_target.database;
  if (b.dbid && t.dbid && *b.dbid != *t.dbid && m_opt.one_workload) {
    m_out.warnings.push_back(fmt::format(
        "another DB Id: {} ({}) vs {} ({}), compared as one workload (a Database Replay capture and its replay, or AWR "
        "data imported under a new DB Id): its work and cost per unit of work lead, not DB time per second",
        *b.dbid, b.name, *t.dbid, t.name));
  } else if (b.dbid && t.dbid && *b.dbid != *t.dbid) {
    m_out.warnings.push_back(fmt::format("different databases: DB Id {} ({}) vs {} ({})", *b.dbid, b.name, *t.dbid, t.name));
    m_different_databases = true;
  } else if ((!b.dbid && b.name.empty()) != (!t.dbid && t.name.empty())) {
    // One report names no database at all (a redacted or cut report): nothing says it is the other's.
    const Snapshot& anonymous = !b.dbid && b.name.empty() ? *m_base : m_target;
    const Snapshot& named = &anonymous == m_base ? m_target : *m_base;
    m_out.warnings.push_back(fmt::format(
        "cannot confirm the same database: {} gives neither a DB name nor a DB Id ({} is {})", name(anonymous), name(named),
        named.database.name.empty() ? fmt::format("DB Id {}", *named.database.dbid) : named.database.name));
  }
  instance_and_host_changes(*m_base, m_target, m_out.warnings);
  // Snap ranges that overlap: one period contains the other, or they are the same period.
  const auto& bi = m_base->interval;
  const auto& ti = m_target.interval;
  const bool same_instance = b.dbid == t.dbid && b.instance == t.instance;
  // Merged sets: their snap ranges run from the first member's begin to the last one's end and say
  // nothing about overlap; compare_sets checks the members pair by pair.
  const bool sets = m_base->members > 1 || m_target.members > 1;
  const bool overlap = !sets && detail::periods_overlap(*m_base, m_target);
  if (overlap && !detail::same_period(*m_base, m_target))
    m_out.warnings.push_back(
        fmt::format("the periods overlap (snaps {}-{} and {}-{}): part of the time is in both, so "
                    "their difference understates the change",
                    *bi.begin_snap, *bi.end_snap, *ti.begin_snap, *ti.end_snap));
  // An AWR report and a Statspack report number their snapshots apart: whether they overlap is read from the times.
  if (!sets && !overlap) awr_and_statspack_overlap(*m_base, m_target, m_out.warnings);
  if (!b.startup_time.empty() && !t.startup_time.empty() && b.startup_time != t.startup_time && same_instance && !overlap)
    m_out.warnings.push_back(restart_warning(*m_base, m_target));
  auto be = base_elapsed(), te = target_elapsed();
  if (be && te && *be > 0 && *te > 0 && m_base->valid && m_target.valid) {  // (an unsound side's elapsed says nothing)
    const double ratio = std::max(*be, *te) / std::min(*be, *te);
    if (ratio > k_length_ratio_warning)
      m_out.warnings.push_back(
          fmt::format("periods of very different length ({:.1f} vs {:.1f} min): compared by rates, but peaks average out "
                      "over the longer period",
                      *be / 60, *te / 60));
  }
  if (!ok) m_out.verdict = Verdict::not_comparable;
}

// What a report's own figures say that cannot be (overlapping instrumentation), stated once in words.
void Differ::oddities(const Snapshot& s) {
  auto once = [&](std::string w) {  // the same file given twice: said once
    if (std::find(m_out.warnings.begin(), m_out.warnings.end(), w) == m_out.warnings.end())
      m_out.warnings.push_back(std::move(w));
  };
  // A row of a compare report's top SQL list that could not be read: said once (both periods carry it), never a
  // statement dropped in silence while the next one passes for the top SQL.
  if (from_compare_report(s))
    for (const auto& d : s.diagnostics)
      if (d.level == Diagnostic::Level::warning && d.section == "sql")
        once(fmt::format("{}: {}", name(s).substr(0, name(s).rfind(" [")), d.message));
  const auto db = s.db_time_s(), cpu = s.db_cpu_s();
  if (db && cpu && *db > 0 && *cpu > *db * 1.005)
    once(
        fmt::format("{}: DB CPU ({} s) is above DB time ({} s) in the report: its accounting overlaps (calls "
                    "spanning a snapshot), so DB CPU % of DB time reads over 100 and the time outside DB "
                    "CPU and waits as none",
                    name(s), detail::grouped(*cpu, 1), detail::grouped(*db, 1)));
  if (s.kind == ReportKind::statspack) return;  // its %Total Call Time is another measure
  double sum = 0;
  for (const auto& e : s.top_events)
    if (!e.is_idle && e.pct_db_time) sum += *e.pct_db_time;
  // AWR's top events commonly add up to 101-117% (DB CPU and waits counted over each other): only a sum past that
  // is worth a warning on every run.
  if (sum >= 120)
    once(
        fmt::format("{}: the top events' % DB time add up to {:.1f}%: DB CPU and waits overlap in the "
                    "report's accounting, so their shares are not parts of one whole",
                    name(s), sum));
}

// Elapsed implausible for the snap times or for the DB time and sessions (a DST change can make
// an hour look like minutes): compare() has used the snap times instead, or the period is not
// comparable. `s` is the snapshot as compared; its original is checked (m_period_notes).
void Differ::plausibility(const Snapshot& s) {
  for (const auto& [source, check] : m_period_checks) {
    if (source != s.source || check.reason.empty()) continue;
    if (std::find(m_out.warnings.begin(), m_out.warnings.end(), check.reason) != m_out.warnings.end()) continue;
    if (check.not_comparable) {
      m_out.warnings.insert(m_out.warnings.begin(), check.reason);  // the reason first
      if (has_base()) {
        m_out.verdict = Verdict::not_comparable;
        m_no_deltas = true;
      }
    } else {
      m_out.warnings.push_back(check.reason);
    }
  }
}

// A side whose Elapsed fits neither its snap times nor its DB time ("its rates cannot be computed"): its figures per
// second (AAS, /s, MB/s...) and per execution are left blank in every table, never printed from that Elapsed (an
// Elapsed too short for the DB time read 1,179 AAS). Totals, percentages and averages per wait stay as printed.
void Differ::blank_unusable_rates() {
  auto rate_unit = [](std::string_view u) { return u == "AAS" || u.ends_with("/s") || u.ends_with("/h"); };
  for (const auto& [source, check] : m_period_checks) {
    if (!check.not_comparable) continue;
    const bool is_base = has_base() && source == m_base->source;
    const std::string side = is_base ? "base" : "target";
    const std::string who = name(is_base ? *m_base : m_target);
    for (auto& t : m_out.tables) {
      const std::size_t unit_col = row_unit_column(t);
      bool blanked = false;
      for (std::size_t i = 0; i < t.columns.size(); ++i) {
        const auto& c = t.columns[i];
        if (c.key != side && !c.key.starts_with(side + "_")) continue;
        const bool per_exec = c.key.find("per_exec") != std::string::npos;
        for (auto& r : t.rows) {
          if (i >= r.cells.size() || std::holds_alternative<std::monostate>(r.cells[i])) continue;
          const std::string* row_unit = unit_col < r.cells.size() ? std::get_if<std::string>(&r.cells[unit_col]) : nullptr;
          if (per_exec || rate_unit(c.unit) || (c.unit.empty() && row_unit != nullptr && rate_unit(*row_unit))) {
            r.cells[i] = std::monostate{};
            blanked = true;
          }
        }
      }
      if (blanked)
        t.notes.push_back(
            fmt::format("{}'s figures per second and per execution are left blank: its Elapsed cannot be "
                        "right (see the first warning).",
                        who));
    }
  }
}

// A side whose figures are not valid (a restart inside the period, timings invalid, an Elapsed that
// fits neither its snap times nor its DB time): both sides' values are shown as the reports give
// them, but no change, share, assessment or finding is computed from them.
void Differ::drop_deltas() {
  m_out.findings.clear();
  m_out.contributors.clear();
  m_out.db_time_change_pct.reset();
  std::erase_if(m_out.tables, [](const CompareTable& t) { return t.changes_only; });
  for (auto& t : m_out.tables)
    drop_columns(
        t, [](const CompareColumn& c) { return role_of(c) == ColumnRole::change || role_of(c) == ColumnRole::assessment; },
        "Changes left out: one side is not valid (see the first warning).");
}

}  // namespace differ

void withhold_judgements(Comparison& c, const std::string& why) {
  c.findings.clear();
  c.contributors.clear();
  std::erase_if(c.tables, [](const CompareTable& t) { return t.changes_only; });
  for (auto& t : c.tables)
    drop_columns(
        t, [](const CompareColumn& col) { return role_of(col) == ColumnRole::assessment; },
        fmt::format("Assessments left out: {}.", why));
}

}  // namespace awrdiff::detail
