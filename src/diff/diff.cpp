// The diff engine: one code path for a comparison and for a single report (no base).
#include <awrdiff/catalog.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/sql_text.hpp>

#include "diff/charts.hpp"
#include "diff/sections.hpp"
#include "diff/facts.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <set>

namespace awrdiff {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::regressed: return "regressed";
    case Verdict::improved: return "improved";
    case Verdict::unchanged: return "unchanged";
    case Verdict::not_comparable: return "not comparable";
    case Verdict::single_report: return "single report";
    case Verdict::inconclusive: return "inconclusive";
    case Verdict::load_changed: return "load changed";
  }
  return "unknown";
}

namespace {

constexpr double k_length_ratio_warning = 1.5;  // periods whose lengths differ more than this
constexpr double k_idle_aas = 0.05;             // a period with fewer average active sessions is idle
constexpr double k_aas_from_s = 172800;         // changes of DB time this many seconds or more are stated in AAS
constexpr std::size_t k_mixed_signature_chars = 60;  // text vs HTML: literal SQL grouped on this signature prefix

// Rates are per second of elapsed throughout.
OptDouble rate(const OptDouble& total, const OptDouble& elapsed_s) { return detail::per_second(total, elapsed_s); }

// Relative change in percent; empty when the base is absent or zero (0 -> x is not "+inf%").
OptDouble change_pct(const OptDouble& base, const OptDouble& target) {
  if (!base || !target) return std::nullopt;
  if (*base == 0) return std::nullopt;
  return (*target - *base) / std::fabs(*base) * 100.0;
}

OptDouble minus(const OptDouble& a, const OptDouble& b) {
  if (!a || !b) return std::nullopt;
  return *a - *b;
}

CompareCell cell(const OptDouble& v) { return v ? CompareCell(*v) : CompareCell(); }
CompareCell cell(const std::string& s) { return s.empty() ? CompareCell() : CompareCell(s); }

std::string fmt_pct(double p) {
  if (std::fabs(p) < 0.5) return "0%";
  return (p < 0 ? "-" : "+") + detail::grouped(std::fabs(p), 0) + "%";
}

struct Measure {
  std::string key, header, unit;
  int precision;
};

// One row of a side-by-side table: the item's own columns, then each side's measures.
struct Item {
  std::string name;
  std::vector<CompareCell> leading;      // text columns after the name
  std::vector<OptDouble> base, target;   // one per measure
  std::string base_status, target_status;  // "not shown" etc., shown in place of the first measure
  OptDouble base_rate, target_rate;      // per second of elapsed, for the change column
  OptDouble base_pct, target_pct;        // % of DB time, for the delta column
  bool points = false;                   // a percentage: its change is shown in points
  std::string metric;                    // metric catalog key for the assessment; empty: the table's
  std::string bound;                     // one side unknown: the change as a bound ("≥ +120%"), else empty
  OptDouble bound_delta;                 // that side taken at its list's floor: the least change, per second
  double sort_key = 0;
};

struct SideBySide {
  std::string key, title, name_header;
  std::vector<std::string> leading_headers;
  std::vector<Measure> measures;
  bool with_pct_delta = false;  // a "Δ % DB time" column
  bool with_rate_change = true;  // a "rate change" column
  std::string metric;            // metric catalog key assessing base_rate -> target_rate ("" = no column)
};

// The assessment cell: "worse", "better", "changed", or empty when the change is below the floors.
CompareCell assessment_cell(const std::string& metric, const OptDouble& base, const OptDouble& target) {
  const auto a = assess(metric, base, target);
  if (!a.material()) return {};
  return std::string(to_string(a.kind));
}

CompareTable side_by_side(const SideBySide& spec, const std::vector<Item>& items, bool has_base) {
  CompareTable t;
  t.key = spec.key;
  t.title = spec.title;
  t.columns.push_back({"name", spec.name_header, "", ColumnKind::text, 0});
  for (const auto& h : spec.leading_headers) t.columns.push_back({normalize_label(h), h, "", ColumnKind::text, 0});
  auto add_side = [&](const char* side, const char* label) {
    for (const auto& m : spec.measures)
      t.columns.push_back({fmt::format("{}_{}", side, m.key), has_base ? fmt::format("{} {}", label, m.header) : m.header,
                           m.unit, ColumnKind::number, m.precision});
  };
  if (has_base) add_side("base", "Base");
  add_side("target", has_base ? "Target" : "");
  if (has_base && spec.with_pct_delta)
    t.columns.push_back({"delta_pct_db_time", "Δ %DB time", "pts", ColumnKind::delta, 1});
  if (has_base && spec.with_rate_change)
    t.columns.push_back({"rate_change_pct", "Change /s", "%", ColumnKind::change_pct, 0});
  const bool with_assessment = has_base && !spec.metric.empty();
  if (with_assessment) t.columns.push_back({"assessment", "Assessment", "", ColumnKind::text, 0});
  for (const auto& it : items) {
    CompareRow r;
    r.cells.push_back(it.name);
    for (const auto& l : it.leading) r.cells.push_back(l);
    auto side_cells = [&](const std::vector<OptDouble>& vals, const std::string& status) {
      for (std::size_t i = 0; i < spec.measures.size(); ++i) {
        if (!status.empty()) r.cells.push_back(i == 0 ? CompareCell(status) : CompareCell());
        else r.cells.push_back(i < vals.size() ? cell(vals[i]) : CompareCell());
      }
    };
    if (has_base) side_cells(it.base, it.base_status);
    side_cells(it.target, it.target_status);
    if (has_base && spec.with_pct_delta) r.cells.push_back(cell(minus(it.target_pct, it.base_pct)));
    if (has_base && spec.with_rate_change) {
      // One side unknown: no number (an item outside a top-N list is not zero there).
      if (!it.base_status.empty() || !it.target_status.empty())
        r.cells.push_back(it.bound.empty() ? CompareCell() : CompareCell(it.bound));
      else if (it.points) {
        auto d = minus(it.target_rate, it.base_rate);
        r.cells.push_back(d ? CompareCell(fmt::format("{:+.1f} pts", *d)) : CompareCell());
      } else if (it.base_rate && it.target_rate && *it.base_rate == 0 && *it.target_rate != 0) {
        r.cells.push_back(std::string("from 0"));  // no percentage of nothing; the assessment still says how much
      } else {
        r.cells.push_back(cell(change_pct(it.base_rate, it.target_rate)));
      }
    }
    if (with_assessment) {
      const std::string& metric = it.metric.empty() ? spec.metric : it.metric;
      const bool known = it.base_status.empty() && it.target_status.empty();
      r.cells.push_back(known ? assessment_cell(metric, it.base_rate, it.target_rate) : CompareCell());
    }
    t.rows.push_back(std::move(r));
  }
  return t;
}

class Differ {
public:
  Differ(const Snapshot* base, const Snapshot& target, const CompareOptions& opt)
      : m_base(base), m_target(target), m_opt(opt) {}

  // The report's name in warnings: its file name (paths are for the machine-readable sources).
  std::string name(const Snapshot& s) const {
    const Snapshot& other = &s == &m_target && m_base != nullptr ? *m_base : m_target;
    return detail::report_label(s.source, &other == &s ? std::string() : other.source);
  }

  Comparison run() {
    m_out.base_source = m_base != nullptr ? m_base->source : "";
    m_out.target_source = m_target.source;
    collect_diagnostics();
    comparability();
    periods();
    db_time();
    attribution();
    load_profile();
    events();
    wait_classes();
    time_model();
    sql();
    detail::add_section_tables(m_out, m_base, m_target);
    m_out.findings = detail::run_findings(m_facts);
    detail::add_section_evidence(m_out);
    headline();
    if (m_no_deltas) drop_deltas();
    detail::add_pair_charts(m_out, m_base, m_target);
    return std::move(m_out);
  }

private:
  bool has_base() const { return m_base != nullptr; }

  // A side whose figures are not valid (a restart inside the period, timings invalid, an Elapsed that
  // fits neither its snap times nor its DB time): both sides' values are shown as the reports give
  // them, but no change, share, assessment or finding is computed from them.
  void drop_deltas() {
    m_out.findings.clear();
    m_out.contributors.clear();
    m_out.db_time_change_pct.reset();
    std::erase_if(m_out.tables, [](const CompareTable& t) { return t.key == "attribution" || t.key == "sql_carriers"; });
    for (auto& t : m_out.tables) {
      std::vector<std::size_t> keep;
      for (std::size_t i = 0; i < t.columns.size(); ++i) {
        const auto& c = t.columns[i];
        if (c.kind == ColumnKind::change_pct || c.kind == ColumnKind::delta || c.key == "assessment" || c.key == "share_pct")
          continue;
        keep.push_back(i);
      }
      if (keep.size() == t.columns.size()) continue;
      std::vector<CompareColumn> cols;
      for (auto i : keep) cols.push_back(t.columns[i]);
      for (auto& r : t.rows) {
        std::vector<CompareCell> cells;
        for (auto i : keep) cells.push_back(i < r.cells.size() ? r.cells[i] : CompareCell());
        r.cells = std::move(cells);
      }
      t.columns = std::move(cols);
      t.notes.push_back("Changes left out: one side is not valid (see the first warning).");
    }
  }
  OptDouble base_elapsed() const { return m_base != nullptr ? m_base->interval.elapsed_s : std::nullopt; }
  OptDouble target_elapsed() const { return m_target.interval.elapsed_s; }

  void collect_diagnostics() {
    auto add = [&](const Snapshot& s) {
      for (const auto& d : s.diagnostics)
        m_out.diagnostics.push_back(fmt::format("{}:{}: {}{}{}", s.source, d.line, d.section.empty() ? "" : "[" + d.section + "] ",
                                                d.level == Diagnostic::Level::info ? "" : "warning: ", d.message));
    };
    if (has_base()) add(*m_base);
    add(m_target);
  }

  void comparability() {
    auto elapsed_ok = [&](const Snapshot& s) {
      if (!s.interval.elapsed_s) {
        m_out.warnings.push_back(fmt::format("{}: no Elapsed time in the report; rates cannot be computed", name(s)));
        return false;
      }
      if (*s.interval.elapsed_s <= 0) {
        m_out.warnings.push_back(fmt::format("{}: Elapsed is 0 (begin and end snapshots at the same time); not comparable",
                                             name(s)));
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
        m_out.warnings.push_back(fmt::format("{}: timings not valid: timed_statistics changed between the snapshots (the "
                                             "report says TIMINGS ARE INVALID); not comparable", name(*s)));
        m_out.verdict = Verdict::not_comparable;
        m_no_deltas = has_base();
      }
      oddities(*s);
      std::vector<std::string> idle;
      for (const auto& e : s->top_events)
        if (e.is_idle) idle.push_back(e.name);
      if (!idle.empty())
        m_out.warnings.push_back(fmt::format("{}: its top events list idle events ({}): they are not database time",
                                             name(*s), fmt::join(idle, ", ")));
    }
    bool ok = elapsed_ok(m_target);
    plausibility(m_target);
    auto truncated = [&](const Snapshot& s) {
      if (s.truncated)
        m_out.warnings.push_back(fmt::format("{}: truncated report (no 'End of Report' marker): sections may be missing",
                                             name(s)));
    };
    if (has_base()) truncated(*m_base);
    truncated(m_target);
    if (!has_base()) return;
    if (m_base->kind != m_target.kind)  // report variants: say what is comparable
      m_out.warnings.push_back(fmt::format(
          "{} report vs {} report: {}", to_string(m_base->kind), to_string(m_target.kind),
          m_base->kind == ReportKind::statspack || m_target.kind == ReportKind::statspack
              ? "DB time, load profile, time model and events compare; Statspack '%Total Call Time' is not % of DB "
                "time, and its SQL is keyed by hash value, not SQL Id"
              : fmt::format("a RAC global report sums its {} instance(s); only with one instance are its totals "
                            "that instance's",
                            (m_base->kind == ReportKind::awr_global ? *m_base : m_target).database.instances.value_or(0))));
    if (m_base->database.scope != m_target.database.scope || m_base->database.con_dbid != m_target.database.con_dbid)
      m_out.warnings.push_back(fmt::format(
          "different container scope: {} {} vs {} {}: a PDB report covers one pluggable database, a CDB root report "
          "the whole CDB{}", to_string(m_base->database.scope), m_base->database.container, to_string(m_target.database.scope),
          m_target.database.container,
          m_base->interval.pdb_snapshots || m_target.interval.pdb_snapshots ? "; PDB snapshot ids are the PDB's own" : ""));
    if (m_base->source == m_target.source)
      m_out.warnings.push_back(fmt::format("the same file given twice: {}", name(m_target)));
    else if (detail::same_period(*m_base, m_target))
      m_out.warnings.push_back(fmt::format(
          "the same period in both reports (snaps {}-{} of {}): nothing ran between them; any difference is in how "
          "the two reports print it",
          *m_base->interval.begin_snap, *m_base->interval.end_snap,
          m_target.database.instance.empty() ? m_target.database.name : m_target.database.instance));
    ok = elapsed_ok(*m_base) && ok;
    plausibility(*m_base);
    auto idle = [&](const Snapshot& s) {
      if (auto aas = s.average_active_sessions(); aas && *aas < k_idle_aas)
        m_out.warnings.push_back(fmt::format("{}: an idle period ({:.3f} average active sessions): its changes are noise", name(s), *aas));
    };
    idle(*m_base);
    idle(m_target);
    const auto& b = m_base->database;
    const auto& t = m_target.database;
    if (b.dbid && t.dbid && *b.dbid != *t.dbid) {
      m_out.warnings.push_back(fmt::format("different databases: DB Id {} ({}) vs {} ({})", *b.dbid, b.name, *t.dbid, t.name));
      m_different_databases = true;
    }
    if (!b.instance.empty() && !t.instance.empty() && (b.instance != t.instance || b.instance_number != t.instance_number))
      m_out.warnings.push_back(fmt::format("different instances: {} vs {}", b.instance, t.instance));
    if (!b.release.empty() && !t.release.empty() && b.release != t.release)
      m_out.warnings.push_back(fmt::format("different releases: {} vs {}", b.release, t.release));
    if (b.cpus && t.cpus && *b.cpus != *t.cpus)
      m_out.warnings.push_back(fmt::format("host CPUs changed: {:.0f} vs {:.0f}", *b.cpus, *t.cpus));
    if (b.memory_gb && t.memory_gb && *b.memory_gb > 0 && *t.memory_gb > 0 && std::fabs(*b.memory_gb - *t.memory_gb) > 0.5)
      m_out.warnings.push_back(fmt::format("host memory changed: {:.1f} GB vs {:.1f} GB", *b.memory_gb, *t.memory_gb));
    // Snap ranges that overlap: one period contains the other, or they are the same period.
    const auto& bi = m_base->interval;
    const auto& ti = m_target.interval;
    const bool same_instance = b.dbid == t.dbid && b.instance == t.instance;
    // Merged sets: their snap ranges run from the first member's begin to the last one's end and say
    // nothing about overlap; compare_sets checks the members pair by pair.
    const bool sets = m_base->members > 1 || m_target.members > 1;
    const bool overlap = !sets && detail::periods_overlap(*m_base, m_target);
    if (overlap && !detail::same_period(*m_base, m_target))
      m_out.warnings.push_back(fmt::format("the periods overlap (snaps {}-{} and {}-{}): part of the time is in both, so "
                                           "their difference understates the change",
                                           *bi.begin_snap, *bi.end_snap, *ti.begin_snap, *ti.end_snap));
    if (!b.startup_time.empty() && !t.startup_time.empty() && b.startup_time != t.startup_time && same_instance && !overlap)
      m_out.warnings.push_back(
          fmt::format("instance restarted between the periods (startup {} vs {}): caches were cold", b.startup_time, t.startup_time));
    auto be = base_elapsed(), te = target_elapsed();
    if (be && te && *be > 0 && *te > 0) {
      const double ratio = std::max(*be, *te) / std::min(*be, *te);
      if (ratio > k_length_ratio_warning)
        m_out.warnings.push_back(fmt::format(
            "periods of very different length ({:.1f} vs {:.1f} min): compared by rates, but peaks average out "
            "over the longer period",
            *be / 60, *te / 60));
    }
    if (!ok) m_out.verdict = Verdict::not_comparable;
  }

  // What a report's own figures say that cannot be (overlapping instrumentation), stated once in words.
  void oddities(const Snapshot& s) {
    auto once = [&](std::string w) {  // the same file given twice: said once
      if (std::find(m_out.warnings.begin(), m_out.warnings.end(), w) == m_out.warnings.end()) m_out.warnings.push_back(std::move(w));
    };
    const auto db = s.db_time_s(), cpu = s.db_cpu_s();
    if (db && cpu && *db > 0 && *cpu > *db * 1.005)
      once(fmt::format("{}: DB CPU ({} s) is above DB time ({} s) in the report: its accounting overlaps (calls "
                                           "spanning a snapshot), so DB CPU % of DB time reads over 100 and the time outside DB "
                                           "CPU and waits as none",
                                           name(s), detail::grouped(*cpu, 1), detail::grouped(*db, 1)));
    if (s.kind == ReportKind::statspack) return;  // its %Total Call Time is another measure
    double sum = 0;
    for (const auto& e : s.top_events)
      if (!e.is_idle && e.pct_db_time) sum += *e.pct_db_time;
    if (sum >= 101)
      once(fmt::format("{}: the top events' % DB time add up to {:.1f}%: DB CPU and waits overlap in the "
                                           "report's accounting, so their shares are not parts of one whole",
                                           name(s), sum));
  }

  // Seconds since an arbitrary epoch for a snap time as AWR prints it ("22-Dec-23 01:30:13");
  // empty when it does not parse.
  static OptDouble snap_seconds(const std::string& text) {
    static constexpr std::string_view k_months[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                                    "jul", "aug", "sep", "oct", "nov", "dec"};
    int d = 0, y = 0, h = 0, mi = 0, sec = 0;
    char mon[4] = {};
    if (std::sscanf(text.c_str(), "%d-%3c-%d %d:%d:%d", &d, mon, &y, &h, &mi, &sec) < 5) return std::nullopt;
    std::string m(mon, 3);
    std::transform(m.begin(), m.end(), m.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    int month = -1;
    for (int i = 0; i < 12; ++i)
      if (k_months[i] == m) month = i;
    if (month < 0 || d < 1 || d > 31) return std::nullopt;
    if (y < 100) y += 2000;
    // Days from civil (Howard Hinnant's algorithm), enough to subtract two timestamps.
    const int yy = month < 2 ? y - 1 : y;
    const int era = (yy >= 0 ? yy : yy - 399) / 400;
    const int yoe = yy - era * 400;
    const int mp = (month + 9) % 12;
    const int doy = (153 * mp + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    const double days = era * 146097.0 + doe;
    return days * 86400 + h * 3600 + mi * 60 + sec;
  }

  // Elapsed implausible for the snap times or for the DB time and sessions (a DST change can make
  // an hour look like minutes): compare() has used the snap times instead, or the period is not
  // comparable. `s` is the snapshot as compared; its original is checked (m_period_notes).
  void plausibility(const Snapshot& s) {
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

 public:
  /// Set by compare(): the period checks of the original snapshots, by source.
  std::vector<std::pair<std::string, detail::PeriodCheck>> m_period_checks;

 private:

 public:
  static detail::PeriodCheck check_period(const Snapshot& s, const std::string& label) {
    detail::PeriodCheck out;
    const auto& iv = s.interval;
    out.elapsed_s = iv.elapsed_s;
    if (s.members > 1 || !iv.elapsed_s || *iv.elapsed_s <= 0) return out;
    const double elapsed = *iv.elapsed_s;
    OptDouble wall;
    if (auto b = snap_seconds(iv.begin_time), e = snap_seconds(iv.end_time); b && e && *e > *b) wall = *e - *b;
    const bool fits_snaps = !wall || std::fabs(*wall - elapsed) <= std::max(300.0, 0.05 * *wall);
    // A RAC global report sums DB time over its instances: its sessions are one instance's.
    const double sessions = s.kind == ReportKind::awr_global ? 0 : std::max(iv.begin_sessions.value_or(0), iv.end_sessions.value_or(0));
    const auto db = s.db_time_s();
    auto too_dense = [&](double el) { return db && sessions > 0 && *db / el > 1.5 * sessions + 1; };
    if (fits_snaps && !too_dense(elapsed)) return out;
    if (!fits_snaps && !too_dense(*wall)) {
      out.elapsed_s = wall;
      out.corrected = true;
      out.reason = fmt::format("{}: Elapsed {:.1f} min but the snap times are {:.1f} min apart (a DST change or a clock step?): "
                               "rates use the snap times",
                               label, elapsed / 60, *wall / 60);
      return out;
    }
    out.not_comparable = true;
    if (!fits_snaps)
      out.reason = fmt::format("{}: Elapsed {:.1f} min does not fit the snap times ({:.1f} min apart), and neither fits DB time "
                               "{:.1f} min with at most {:.0f} sessions (a DST change or a clock step?): its rates cannot be computed",
                               label, elapsed / 60, *wall / 60, *db / 60, sessions);
    else
      out.reason = fmt::format("{}: DB time {:.1f} min over Elapsed {:.1f} min is {:.1f} average active sessions but there were at "
                               "most {:.0f} sessions: the Elapsed is too short for the DB time (a DST change between the "
                               "snapshots?), so its rates cannot be computed",
                               label, *db / 60, elapsed / 60, *db / elapsed, sessions);
    return out;
  }

 private:
  void periods() {
    CompareTable t;
    t.key = "periods";
    t.title = "Periods";
    t.columns.push_back({"item", "", "", ColumnKind::text, 0});
    if (has_base()) t.columns.push_back({"base", "Base", "", ColumnKind::text, 0});
    t.columns.push_back({"target", has_base() ? "Target" : "Report", "", ColumnKind::text, 0});
    auto add = [&](const std::string& label, auto getter) {
      CompareRow r;
      r.cells.push_back(label);
      if (has_base()) r.cells.push_back(getter(*m_base));
      r.cells.push_back(getter(m_target));
      t.rows.push_back(std::move(r));
    };
    auto opt_num = [](const auto& v, const char* f) -> CompareCell {
      if (!v) return {};
      return fmt::format(fmt::runtime(f), *v);
    };
    add("File", [](const Snapshot& s) -> CompareCell { return s.source; });
    add("DB Name / DB Id", [&](const Snapshot& s) -> CompareCell {
      return fmt::format("{} / {}", s.database.name, s.database.dbid ? std::to_string(*s.database.dbid) : "?");
    });
    add("Instance (number)", [&](const Snapshot& s) -> CompareCell {
      return fmt::format("{} ({})", s.database.instance,
                         s.database.instance_number ? std::to_string(*s.database.instance_number) : "?");
    });
    add("Release", [](const Snapshot& s) { return cell(s.database.release); });
    add("RAC / CDB", [](const Snapshot& s) -> CompareCell {
      auto yn = [](const std::optional<bool>& b) { return b ? (*b ? "YES" : "NO") : "?"; };
      return fmt::format("{} / {}", yn(s.database.rac), yn(s.database.cdb));
    });
    add("Host", [](const Snapshot& s) -> CompareCell {
      return s.database.platform.empty() ? s.database.host : fmt::format("{} ({})", s.database.host, s.database.platform);
    });
    add("CPUs / Memory (GB)", [&](const Snapshot& s) -> CompareCell {
      auto c = opt_num(s.database.cpus, "{:.0f}");
      auto m = opt_num(s.database.memory_gb, "{:.1f}");
      auto str = [](const CompareCell& x) { return std::holds_alternative<std::string>(x) ? std::get<std::string>(x) : "?"; };
      return fmt::format("{} / {}", str(c), str(m));
    });
    add("Startup time", [](const Snapshot& s) { return cell(s.database.startup_time); });
    add("Snaps", [](const Snapshot& s) -> CompareCell {
      auto id = [](const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : "?"; };
      return fmt::format("{} - {}", id(s.interval.begin_snap), id(s.interval.end_snap));
    });
    add("Begin / end time", [](const Snapshot& s) -> CompareCell {
      return fmt::format("{} - {}", s.interval.begin_time, s.interval.end_time);
    });
    add("Elapsed (min)", [&](const Snapshot& s) -> CompareCell {
      return s.interval.elapsed_s ? CompareCell(fmt::format("{:.2f}", *s.interval.elapsed_s / 60)) : CompareCell();
    });
    add("Sessions (begin / end)", [&](const Snapshot& s) -> CompareCell {
      if (!s.interval.begin_sessions && !s.interval.end_sessions) return {};
      auto v = [](const OptDouble& x) { return x ? fmt::format("{:.0f}", *x) : std::string("?"); };
      return fmt::format("{} / {}", v(s.interval.begin_sessions), v(s.interval.end_sessions));
    });
    m_out.tables.push_back(std::move(t));
  }

  void db_time() {
    SideBySide spec{"db_time", "DB time and average active sessions", "Metric", {}, {{"value", "", "", 2}}, false, true,
                    "db_time_per_s"};
    std::vector<Item> items;
    auto add = [&](const std::string& name, const char* metric, auto getter, bool rate_change = true) {
      Item it;
      it.points = name.find('%') != std::string::npos;
      it.name = name;
      it.metric = metric;
      OptDouble b = has_base() ? getter(*m_base) : std::nullopt;
      OptDouble t = getter(m_target);
      it.base = {b};
      it.target = {t};
      if (rate_change) {
        it.base_rate = b;
        it.target_rate = t;
      }
      items.push_back(std::move(it));
    };
    add("Elapsed (min)", "", [](const Snapshot& s) -> OptDouble {
      return s.interval.elapsed_s ? OptDouble(*s.interval.elapsed_s / 60) : std::nullopt;
    }, false);
    add("DB time (min)", "", [](const Snapshot& s) -> OptDouble {
      auto d = s.db_time_s();
      return d ? OptDouble(*d / 60) : std::nullopt;
    }, false);
    // The rates and ratios are the metric registry's (metric_value): the same numbers the findings,
    // sets and check read. Non-CPU time is clamped at 0 there (DB CPU can exceed DB time, B04).
    auto add_metric = [&](const std::string& name, const char* metric) {
      add(name, metric, [metric](const Snapshot& s) { return metric_value(s, metric); });
    };
    add_metric("DB time per second (AAS)", "db_time_per_s");
    add_metric("DB CPU per second", "db_cpu_per_s");
    add_metric("Non-CPU time per second (DB time - DB CPU)", "non_cpu_per_s");
    add_metric("Outside DB CPU and waits per second", "outside_per_s");
    add_metric("Host CPU busy %", "host_cpu_busy_pct");
    add_metric("DB CPU % of DB time", "db_cpu_pct_db_time");
    if (m_target.database.cpus) add_metric("AAS per CPU", "aas_per_cpu");
    auto t = side_by_side(spec, items, has_base());
    if (has_base()) {
      t.columns[1].header = "Base";
      t.columns[2].header = "Target";
      for (auto& c : t.columns)
        if (c.key == "rate_change_pct") c.header = "Change";
    } else {
      t.columns[1].header = "Value";
    }
    m_out.db_time_per_s_base = has_base() ? metric_value(*m_base, "db_time_per_s") : std::nullopt;
    m_out.db_time_per_s_target = metric_value(m_target, "db_time_per_s");
    m_out.db_time_change_pct = change_pct(m_out.db_time_per_s_base, m_out.db_time_per_s_target);
    t.notes.push_back("AAS = DB time / elapsed: the average number of sessions active in the database.");
    t.notes.push_back("Outside DB CPU and waits = DB time - DB CPU - wait time: sessions queued for a CPU when the host is busy, "
                      "else uninstrumented time.");
    if (has_base()) t.notes.push_back("Changes of percentages are in points (pts).");
    m_out.tables.push_back(std::move(t));
    work_efficiency();
  }

  // The work asked for and what each unit of it cost: busier is not slower.
  void work_efficiency() {
    SideBySide spec{"work_efficiency", "Work and its cost (DB time per unit of work)", "Metric", {}, {{"value", "", "", -1}},
                    false, true, ""};
    std::vector<Item> items;
    // `scale` turns the registry's unit into the shown one (DB time per transaction: s -> ms); the change
    // and the assessment stay on the registry's value.
    auto add = [&](const std::string& name, const char* metric, double scale = 1) {
      Item it;
      it.name = name;
      it.metric = metric;
      auto shown = [scale](const OptDouble& v) { return v ? OptDouble(*v * scale) : std::nullopt; };
      it.base_rate = has_base() ? metric_value(*m_base, metric) : std::nullopt;
      it.target_rate = metric_value(m_target, metric);
      it.base = {shown(it.base_rate)};
      it.target = {shown(it.target_rate)};
      if (!it.base_rate && !it.target_rate) return;
      items.push_back(std::move(it));
    };
    add("Executions per second", "load_profile.executes");
    add("Transactions per second", "transactions_per_s");
    add("User calls per second", "load_profile.user_calls");
    add("DB time per execution (ms)", "db_time_per_exec_ms");
    add("DB time per transaction (ms)", "db_time_per_txn_s", 1000);
    add("DB time per user call (ms)", "db_time_per_call_ms");
    add("Logical reads per ms of DB CPU", "logical_reads_per_cpu_ms");
    if (items.empty()) return;
    spec.metric = "db_time_per_s";  // a column of assessments; each row names its own metric
    auto t = side_by_side(spec, items, has_base());
    if (has_base()) {
      t.columns[1].header = "Base";
      t.columns[2].header = "Target";
      for (auto& c : t.columns)
        if (c.key == "rate_change_pct") c.header = "Change";
    } else {
      t.columns[1].header = "Value";
    }
    t.notes.push_back("DB time per unit of work = DB time per second / that work per second (Load Profile). When DB time per "
                      "second rises with the work while these hold or fall, the database is busier, not slower.");
    t.notes.push_back("Logical reads per ms of DB CPU: how many buffers a millisecond of CPU processes; fewer means each "
                      "block costs more CPU (latch or mutex spinning, row-by-row work).");
    m_out.tables.push_back(std::move(t));
  }

  void load_profile() {
    SideBySide spec{"load_profile", "Load Profile (per second and per transaction)", "Statistic", {"Unit"},
                    {{"per_second", "/s", "", 1}, {"per_transaction", "/txn", "", 2}}, false, true, "load_profile"};
    std::vector<Item> items;
    std::vector<std::string> keys;
    auto collect = [&](const Snapshot& s) {
      for (const auto& r : s.load_profile)
        if (std::find(keys.begin(), keys.end(), r.key) == keys.end()) keys.push_back(r.key);
    };
    if (has_base()) collect(*m_base);
    collect(m_target);
    for (const auto& key : keys) {
      Item it;
      const LoadProfileSpec* ls = nullptr;
      for (const auto& s : all_load_profile_rows())
        if (s.key == key) ls = &s;
      const LoadProfileRow* tr = m_target.load_profile_row(key);
      const LoadProfileRow* br = has_base() ? m_base->load_profile_row(key) : nullptr;
      it.name = ls != nullptr ? std::string(ls->display) : (tr != nullptr ? tr->label : br->label);
      it.leading.push_back(ls != nullptr ? CompareCell(std::string(ls->unit)) : CompareCell());
      it.base = {br != nullptr ? br->per_second : std::nullopt, br != nullptr ? br->per_transaction : std::nullopt};
      it.target = {tr != nullptr ? tr->per_second : std::nullopt, tr != nullptr ? tr->per_transaction : std::nullopt};
      if (has_base() && br == nullptr) it.base_status = "not in report";
      if (tr == nullptr) it.target_status = "not in report";
      // The per-second rate as the registry reads it; DB time and DB CPU per second are printed with
      // one decimal: compare the registry's exact rates of them instead.
      auto rate_of = [&](const Snapshot& s) -> OptDouble {
        if (key == "db_time" || key == "db_cpu")
          if (auto exact = metric_value(s, key == "db_time" ? "db_time_per_s" : "db_cpu_per_s")) return exact;
        return metric_value(s, "load_profile." + key);
      };
      if (br != nullptr) it.base_rate = rate_of(*m_base);
      if (tr != nullptr) it.target_rate = rate_of(m_target);
      it.metric = "load_profile." + key;
      items.push_back(std::move(it));
    }
    auto t = side_by_side(spec, items, has_base());
    t.notes.push_back("Figures as the reports print them (per second with 1 decimal: small rates change in steps of 0.1). "
                      "Change /s and the assessment are on the per-second rate; per transaction shows whether each "
                      "transaction got heavier or there were more of them.");
    m_out.tables.push_back(std::move(t));
  }

  // One item's figures in one report, as the side-by-side tables need them.
  struct Found {
    std::string status;              // non-empty: the report does not show the item ("not shown", ...)
    std::vector<OptDouble> values;   // one per measure
    OptDouble rate, pct_db_time;     // per second of elapsed (the rate change), % DB time (its delta)
  };

  // Item names from both reports, target's order first.
  template <class NamesOf>
  std::vector<std::string> union_names(NamesOf names_of) const {
    std::vector<std::string> names;
    auto collect = [&](const Snapshot& s) {
      for (auto& n : names_of(s))
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(std::move(n));
    };
    collect(m_target);
    if (has_base()) collect(*m_base);
    return names;
  }

  // One Item per name, each side filled by `lookup(snapshot, name) -> Found`; sort key = largest % DB time.
  template <class Lookup>
  std::vector<Item> side_items(const std::vector<std::string>& names, Lookup lookup) const {
    std::vector<Item> items;
    for (const auto& n : names) {
      Item it;
      it.name = n;
      auto fill = [&](const Snapshot& s, std::vector<OptDouble>& vals, std::string& status, OptDouble& r, OptDouble& pct) {
        Found f = lookup(s, n);
        status = f.status;
        if (!status.empty()) return;
        vals = std::move(f.values);
        r = f.rate;
        pct = f.pct_db_time;
      };
      if (has_base()) fill(*m_base, it.base, it.base_status, it.base_rate, it.base_pct);
      fill(m_target, it.target, it.target_status, it.target_rate, it.target_pct);
      it.sort_key = std::max(it.base_pct.value_or(0), it.target_pct.value_or(0));
      items.push_back(std::move(it));
    }
    return items;
  }

  static void sort_by_share(std::vector<Item>& items) {
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.sort_key > b.sort_key; });
  }

  static std::string event_class_of(const Snapshot& s, const std::string& name) { return detail::event_wait_class(s, name); }

  void events() {
    SideBySide spec{"top_events",
                    "Top timed events (foreground, DB CPU included)",
                    "Event",
                    {"Wait class"},
                    {{"time_s", "time (s)", "s", 1}, {"avg_wait_ms", "avg (ms)", "ms", -1}, {"pct_db_time", "%DB", "%", 1}},
                    true,
                    true,
                    "event.time_per_s"};
    auto names = union_names([](const Snapshot& s) {
      std::vector<std::string> v;
      for (const auto& e : s.top_events)
        if (!e.is_idle) v.push_back(e.is_cpu ? "DB CPU" : e.name);  // Statspack lists idle events too: not DB time
      return v;
    });
    bool used_full_list = false;
    auto items = side_items(names, [&](const Snapshot& s, const std::string& n) -> Found {
      const WaitEvent* e = s.foreground_event(n);
      if (e == nullptr) return {"not shown", {}, {}, {}};
      used_full_list = used_full_list || s.top_event(n) == nullptr;
      // The registry reads the same row (Snapshot::foreground_event): its rate and average.
      return {"",
              {e->time_s, metric_value(s, "event:" + n + ":avg_wait_ms"), e->pct_db_time},
              metric_value(s, "event:" + n + ":time_per_s"),
              e->pct_db_time};
    });
    // An event below one report's top list had at most that list's smallest time there: a bound.
    auto list_floor = [](const Snapshot& s) -> OptDouble {
      OptDouble lo;
      for (const auto& e : s.top_events)
        if (!e.is_cpu && e.time_s && (!lo || *e.time_s < *lo)) lo = e.time_s;
      return lo;
    };
    for (auto& it : items) {
      if (!has_base()) break;
      const bool base_hidden = it.base_status == "not shown" && it.target_status.empty();
      const bool target_hidden = it.target_status == "not shown" && it.base_status.empty();
      if (base_hidden && it.target_rate) {
        auto lo = rate(list_floor(*m_base), base_elapsed());
        if (lo && *lo > 0 && *it.target_rate > *lo) {
          it.bound = "≥ " + fmt_pct((*it.target_rate - *lo) / *lo * 100);
          it.bound_delta = *it.target_rate - *lo;
        }
      } else if (target_hidden && it.base_rate) {
        auto lo = rate(list_floor(m_target), target_elapsed());
        if (lo && *it.base_rate > 0 && *it.base_rate > *lo) {
          it.bound = "≤ " + fmt_pct((*lo - *it.base_rate) / *it.base_rate * 100);
          it.bound_delta = *lo - *it.base_rate;
        }
      }
    }
    for (auto& it : items) {
      std::string cls = event_class_of(m_target, it.name);
      if (cls.empty() && has_base()) cls = event_class_of(*m_base, it.name);
      it.leading.push_back(cell(cls));
    }
    sort_by_share(items);
    if (items.size() > static_cast<std::size_t>(m_opt.top_events)) items.resize(static_cast<std::size_t>(m_opt.top_events));
    m_events = items;
    auto table = side_by_side(spec, items, has_base());
    table.notes.push_back("not shown = below that report's top-N list and absent from its Foreground Wait Events: unknown, not zero; "
                          "its change is then a bound against the smallest time that list shows (≥ / ≤).");
    if (used_full_list) table.notes.push_back("Values for an event outside a report's top list come from its Foreground Wait Events section.");
    table.notes.push_back("Change /s = change of wait time per second of elapsed; avg (ms) = average wait.");
    if (m_target.kind == ReportKind::statspack || (has_base() && m_base->kind == ReportKind::statspack))
      table.notes.push_back("Statspack: %DB is the report's % Total Call Time (DB CPU and non-idle waits, background "
                            "included), not % of DB time; idle events of its top list are left out.");
    m_out.tables.push_back(std::move(table));
  }

  void wait_classes() {
    if (m_target.wait_classes.empty() && (!has_base() || m_base->wait_classes.empty())) return;
    SideBySide spec{"wait_classes", "Wait classes", "Wait class", {}, {{"time_s", "time (s)", "s", 1}, {"pct_db_time", "%DB", "%", 1}},
                    true, true, "wait_class.time_per_s"};
    auto names = union_names([](const Snapshot& s) {
      std::vector<std::string> v;
      for (const auto& w : s.wait_classes) v.push_back(w.name);
      return v;
    });
    // This table shows the report's 'Wait Classes by Total Wait Time' (background waits included), not
    // the registry's wait_class family (foreground waits, the part of DB time): its own figures.
    auto items = side_items(names, [](const Snapshot& s, const std::string& n) -> Found {
      if (s.wait_classes.empty()) return {"not in report", {}, {}, {}};
      for (const auto& w : s.wait_classes)
        if (w.name == n) return {"", {w.time_s, w.pct_db_time}, rate(w.time_s, s.interval.elapsed_s), w.pct_db_time};
      return {"not shown", {}, {}, {}};
    });
    sort_by_share(items);
    auto table = side_by_side(spec, items, has_base());
    auto global = [](const Snapshot& s) { return s.kind == ReportKind::awr_global; };
    const bool any_global = global(m_target) || (has_base() && global(*m_base));
    const bool all_global = global(m_target) && (!has_base() || global(*m_base));
    if (all_global)
      table.notes.push_back("From the RAC global report's Foreground Wait Classes, cluster totals (the 'Sum' row): user "
                            "sessions' waits only.");
    else
      table.notes.push_back(std::string("From 'Wait Classes by Total Wait Time': background waits included (System I/O is mostly "
                                        "the log writer's and DB writer's)") +
                            (any_global ? "; a RAC global report's figures are its foreground wait classes' cluster totals" : "") +
                            ". 'Where the change comes from' uses Foreground Wait Class instead.");
    m_out.tables.push_back(std::move(table));
  }

  void time_model() {
    SideBySide spec{"time_model", "Time model", "Statistic", {}, {{"time_s", "time (s)", "s", 1}, {"pct_db_time", "%DB", "%", 1}},
                    true, true, "time_model.time_per_s"};
    auto names = union_names([](const Snapshot& s) {
      std::vector<std::string> v;
      for (const auto& r : s.time_model) v.push_back(r.name);
      return v;
    });
    m_time_model = side_items(names, [](const Snapshot& s, const std::string& n) -> Found {
      const auto* row = s.time_model_row(n);
      if (row == nullptr) return {s.time_model.empty() ? "not in report" : "not shown", {}, {}, {}};
      return {"", {row->time_s, row->pct_db_time}, metric_value(s, "time_model:" + n + ":time_per_s"), row->pct_db_time};
    });
    m_out.tables.push_back(side_by_side(spec, m_time_model, has_base()));
  }

  // A statement's metric in the registry: "sql:<sql_id>:<measure>".
  static std::string sql_key(const SqlStat& q, std::string_view measure) { return fmt::format("sql:{}:{}", q.sql_id, measure); }

  // Pairs the statements of both reports: by sql_id, then one-sided ones by text signature (the
  // same statement under a new sql_id), and groups literal SQL.
  void match_sql() {
    const bool hb = has_base();
    const auto be = base_elapsed(), te = target_elapsed();
    std::map<std::string, detail::SqlPair> by_id;
    for (const auto& s : m_target.sql) by_id[s.sql_id].target = &s;
    if (hb)
      for (const auto& s : m_base->sql) by_id[s.sql_id].base = &s;
    std::vector<detail::SqlPair> pairs;
    for (auto& [id, p] : by_id) pairs.push_back(p);

    // Signature groups of each report, for literal SQL and for matching across sql_ids.
    std::map<std::string, detail::LiteralGroup> groups;
    // Text reports cut SQL text: when the two reports differ in format, group on a common prefix.
    const bool mixed_formats = hb && m_base->format != m_target.format;
    auto collect = [&](const Snapshot& s, bool is_base) {
      for (const auto& q : s.sql) {
        if (q.text.empty()) continue;
        auto sig = sql_signature(q.text);
        if (mixed_formats && sig.size() > k_mixed_signature_chars) sig.resize(k_mixed_signature_chars);
        if (sig.find('?') == std::string::npos) continue;  // no literal or bind: nothing to fold
        auto& g = groups[sig];
        g.signature = sig;
        if (g.example.empty()) g.example = q.text;
        (is_base ? g.base : g.target).push_back(&q);
        auto& sum = is_base ? g.base_elapsed_s : g.target_elapsed_s;
        if (q.elapsed_s) sum = sum.value_or(0) + *q.elapsed_s;
      }
    };
    if (hb) collect(*m_base, true);
    collect(m_target, false);
    for (auto& [sig, g] : groups) {
      // A merged set's statement listed in some members only has no figures: the sum is then unknown.
      auto partial = [](const std::vector<const SqlStat*>& v) {
        return std::any_of(v.begin(), v.end(), [](const SqlStat* q) { return !q->elapsed_s; });
      };
      if (hb && m_base->members > 1 && partial(g.base)) g.base_elapsed_s.reset();
      if (m_target.members > 1 && partial(g.target)) g.target_elapsed_s.reset();
      if (g.base.size() >= 3 || g.target.size() >= 3) m_facts.literal_groups.push_back(g);
    }

    // Keys that cannot match: one report keys its SQL by sql_id (AWR), the other by hash value
    // (Statspack). Their statements are not paired at all, not even by text: a "match" there would be
    // between unrelated keys (and say binds became literals where nothing changed).
    const bool keys_match = !hb || m_base->sql.empty() || m_target.sql.empty() ||
                            m_base->sql.front().id_kind == m_target.sql.front().id_kind;
    if (hb && !keys_match) {
      std::vector<detail::SqlPair> split;
      for (auto& p : pairs)  // a hash value never equals a sql_id, but be sure
        if (p.base != nullptr && p.target != nullptr && p.base->id_kind != p.target->id_kind) {
          detail::SqlPair other;
          other.base = p.base;
          p.base = nullptr;
          split.push_back(other);
        }
      pairs.insert(pairs.end(), split.begin(), split.end());
    }
    if (hb && keys_match) {
      // One-sided statements, largest first: pair each with the other side's one-sided statement of
      // the same signature, unless that signature is literal SQL (many ids: no one-to-one match).
      auto one_sided = [&](bool base_side) {
        std::vector<std::size_t> idx;
        for (std::size_t i = 0; i < pairs.size(); ++i)
          if ((base_side ? pairs[i].target == nullptr : pairs[i].base == nullptr)) idx.push_back(i);
        std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
          return pairs[a].any().elapsed_s.value_or(0) > pairs[b].any().elapsed_s.value_or(0);
        });
        return idx;
      };
      auto is_literal = [&](const std::string& sig) {
        auto it = groups.find(sig);
        return it != groups.end() && (it->second.base.size() >= 2 || it->second.target.size() >= 2);
      };
      std::vector<std::size_t> gone_idx = one_sided(true), new_idx = one_sided(false);
      std::vector<bool> used(pairs.size(), false);
      for (std::size_t ti : new_idx) {
        const SqlStat& t = *pairs[ti].target;
        if (m_target.members > 1 && !t.elapsed_s) continue;  // a set's statement listed in some members only: no figures
        const auto tsig = sql_signature(t.text);
        if (tsig.empty() || is_literal(tsig)) continue;
        std::size_t best = pairs.size();
        SignatureMatch best_match = SignatureMatch::none;
        for (std::size_t bi : gone_idx) {
          if (used[bi]) continue;
          const SqlStat& b = *pairs[bi].base;
          if (m_base->members > 1 && !b.elapsed_s) continue;
          const auto bsig = sql_signature(b.text);
          if (is_literal(bsig)) continue;
          auto m = match_signatures(bsig, tsig);
          if (m == SignatureMatch::none) continue;
          if (m == SignatureMatch::prefix && !b.module.empty() && !t.module.empty() && b.module != t.module) continue;
          if (best_match == SignatureMatch::none || (m == SignatureMatch::exact && best_match == SignatureMatch::prefix)) {
            best = bi;
            best_match = m;
          }
        }
        if (best == pairs.size()) continue;
        used[best] = true;
        pairs[ti].base = pairs[best].base;
        pairs[ti].text_match = best_match;
        pairs[ti].binds_changed = sql_shape(pairs[best].base->text).binds != sql_shape(t.text).binds;
        const bool complete = pairs[ti].base->text_complete && t.text_complete;
        const auto& bph = pairs[ti].base->plan_hash_value;
        const bool same_plan = bph && t.plan_hash_value && *bph != 0 && *bph == *t.plan_hash_value;
        pairs[ti].confidence = best_match == SignatureMatch::prefix ? (same_plan ? "medium (text cut by the report, same plan hash)"
                                                                                 : "low (text cut by the report)")
                               : complete || same_plan ? (same_plan ? "high (same plan hash)" : "high")
                                                       : "medium (text may be cut)";
        pairs[best].base = nullptr;  // consumed
      }
      std::erase_if(pairs, [](const detail::SqlPair& p) { return p.base == nullptr && p.target == nullptr; });
    }

    for (auto& p : pairs) {
      p.base_rate = p.base != nullptr ? metric_value(*m_base, sql_key(*p.base, "elapsed_per_s")) : std::nullopt;
      p.target_rate = p.target != nullptr ? metric_value(m_target, sql_key(*p.target, "elapsed_per_s")) : std::nullopt;
      if (!hb) continue;
      // Missing from one side: "new"/"gone" when its rate would have made that report's list (so it
      // really was smaller there), "not shown" when it could hide below the cut-off.
      auto classify = [&](const Snapshot& other, OptDouble present_rate, OptDouble other_elapsed, const char* changed,
                          const char* hidden) -> std::string {
        if (!other.has_sql_sections) return "not in report";
        // Statspack keys SQL by hash value, AWR by sql_id: absence under the other key says nothing.
        if (!other.sql.empty() && present_rate && !other.sql.front().id_kind.empty()) {
          if (p.any().id_kind != other.sql.front().id_kind) return "not in report";
        }
        // The cut-off as printed is rounded (0.1 s in text reports): leave a margin above it.
        auto cutoff = rate(other.sql_elapsed_cutoff_s ? OptDouble(*other.sql_elapsed_cutoff_s * 1.1 + 0.05) : std::nullopt,
                           other_elapsed);
        if (present_rate && cutoff && *present_rate > *cutoff) return changed;
        return hidden;
      };
      if (p.base != nullptr && p.target != nullptr && p.base->elapsed_s && p.target->elapsed_s) p.status = "both";
      else if (p.base != nullptr && p.target != nullptr) p.status = p.base->elapsed_s ? "not shown in target" : "not shown in base";
      else if (p.target != nullptr) p.status = classify(*m_base, p.target_rate, be, "new", "not shown in base");
      else p.status = classify(m_target, p.base_rate, te, "gone", "not shown in target");

      if (p.status == "both") {
        p.delta_aas = *p.target_rate - *p.base_rate;
        p.why = why_changed(p);
      } else if (p.status == "new") {
        p.delta_aas = *p.target_rate - rate(m_base->sql_elapsed_cutoff_s, be).value_or(0);
        p.bound = true;
      } else if (p.status == "gone") {
        p.delta_aas = rate(m_target.sql_elapsed_cutoff_s, te).value_or(0) - *p.base_rate;
        p.bound = true;
      }
    }
    std::stable_sort(pairs.begin(), pairs.end(), [](const detail::SqlPair& a, const detail::SqlPair& b) {
      return std::max(a.base_rate.value_or(0), a.target_rate.value_or(0)) >
             std::max(b.base_rate.value_or(0), b.target_rate.value_or(0));
    });
    mark_plsql_children(pairs);
    m_facts.sql = std::move(pairs);
  }

  // Per execution vs volume: "the same work got slower" or "more work".
  std::string why_changed(const detail::SqlPair& p) const {
    const auto& b = *p.base;
    const auto& t = *p.target;
    if (!assess("sql.elapsed_per_s", p.base_rate, p.target_rate).material()) return "";
    if (!b.executions || !t.executions) return "";
    if (*b.executions == 0 || *t.executions == 0)
      return "no execution completed in one period: its calls ran across the snapshots (long calls, or sessions held in it)";
    auto bx = metric_value(*m_base, sql_key(b, "executions_per_s")), tx = metric_value(m_target, sql_key(t, "executions_per_s"));
    auto per_exec = assess("sql.elapsed_per_exec_ms", metric_value(*m_base, sql_key(b, "elapsed_per_exec_ms")),
                           metric_value(m_target, sql_key(t, "elapsed_per_exec_ms")));
    auto volume = assess("sql.executions_per_s", bx, tx);
    std::vector<std::string> parts;
    if (per_exec.material() && per_exec.rel_pct)
      parts.push_back(fmt::format("{} per execution ({})", *per_exec.delta > 0 ? "slower" : "faster", fmt_pct(*per_exec.rel_pct)));
    if (volume.material() && volume.rel_pct)
      parts.push_back(fmt::format("{} executions per second ({})", *volume.delta > 0 ? "more" : "fewer", fmt_pct(*volume.rel_pct)));
    if (parts.empty()) return "";
    if (parts.size() == 1 && per_exec.material()) {
      // Whether each execution did the same work: buffer gets per execution (SQL ordered by Gets).
      const auto gb = metric_value(*m_base, sql_key(b, "gets_per_exec")), gt = metric_value(m_target, sql_key(t, "gets_per_exec"));
      if (gb && gt && *gb > 0 && *gt > 0) {
        const double ratio = *gt / *gb;
        const bool slower = *per_exec.delta > 0;
        if ((slower && ratio >= 1.5) || (!slower && ratio <= 1 / 1.5))
          return fmt::format("{}: each execution did {} work, buffer gets per execution {} -> {} (a plan or data change)", parts[0],
                             slower ? "more" : "less", detail::grouped(*gb, 0), detail::grouped(*gt, 0));
        if (ratio < 1.2 && ratio > 1 / 1.2) return parts[0] + ": the same work got " + (slower ? "slower" : "faster");
      }
      return parts[0];
    }
    if (parts.size() == 1) return parts[0] + ": " + (*volume.delta > 0 ? "more" : "less") + " work at the same speed";
    return parts[0] + " and " + parts[1];
  }

  // A PL/SQL call's elapsed time includes the SQL it runs, and AWR lists both: the statement is not a
  // second cause but part of the call's. A statement (not PL/SQL) runs inside a call of the same module
  //  - when its change is nearly the call's (90% to 100% of it, same direction), or
  //  - when, in every period that lists it, that period lists the call too and the statement takes
  //    nearly all of the call's elapsed (90% to 100%; with what the call's other statements found so
  //    far take, never more than all of it): a maintenance job (dbms_part.cleanup_gidx_job) coalescing
  //    one index in the base and another in the target runs under one sql_id while its child's
  //    changes: the new child and the gone one are both the call's time, and the call's own change is
  //    the cause. A statement that takes only part of a call's time is left alone: a module such as
  //    "JDBC Thin Client" names a whole application, not one call.
  // Where several calls fit, the one whose text shares most words with the statement's (cleanup_gidx_job
  // and COALESCE CLEANUP; dbms_stats and its SQL Analyze queries), then the tightest fit.
  static void mark_plsql_children(std::vector<detail::SqlPair>& pairs) {
    for (auto& child : pairs) {
      if (!child.delta_aas || is_plsql_text(child.any().text)) continue;
      for (const auto& parent : pairs) {
        if (&parent == &child || !parent.delta_aas || !is_plsql_text(parent.any().text)) continue;
        if (parent.any().module != child.any().module) continue;
        const double pd = *parent.delta_aas, cd = *child.delta_aas;
        if (pd * cd <= 0 || std::fabs(cd) > std::fabs(pd) * 1.001 || std::fabs(cd) < 0.9 * std::fabs(pd)) continue;
        child.parent = parent.any().sql_id;
        break;
      }
    }
    std::map<const detail::SqlPair*, std::pair<double, double>> taken;  // a call's elapsed its children take, base / target
    for (auto& child : pairs) {
      if (!child.parent.empty() || child.any().module.empty() || is_plsql_text(child.any().text)) continue;
      const detail::SqlPair* best = nullptr;
      std::size_t best_words = 0;
      double best_fit = 0;
      for (const auto& parent : pairs) {
        if (&parent == &child || !is_plsql_text(parent.any().text) || parent.any().module != child.any().module) continue;
        int sides = 0;
        double fit = 1;  // the smallest share of the call's elapsed the statement takes
        bool inside = true;
        for (const bool base_side : {true, false}) {
          const SqlStat* c = base_side ? child.base : child.target;
          if (c == nullptr || !c->elapsed_s) continue;
          const SqlStat* p = base_side ? parent.base : parent.target;
          const double used = base_side ? taken[&parent].first : taken[&parent].second;
          if (p == nullptr || !p->elapsed_s || *p->elapsed_s <= 0 || used + *c->elapsed_s > *p->elapsed_s * 1.001 + 0.1 ||
              *c->elapsed_s < 0.9 * *p->elapsed_s) {
            inside = false;
            break;
          }
          ++sides;
          fit = std::min(fit, *c->elapsed_s / *p->elapsed_s);
        }
        if (!inside || sides == 0) continue;
        const std::size_t words = shared_words(parent.any().text, child.any().text);
        if (best == nullptr || words > best_words || (words == best_words && fit > best_fit)) {
          best = &parent;
          best_words = words;
          best_fit = fit;
        }
      }
      if (best == nullptr) continue;
      child.parent = best->any().sql_id;
      auto& t = taken[best];
      if (child.base != nullptr && child.base->elapsed_s) t.first += *child.base->elapsed_s;
      if (child.target != nullptr && child.target->elapsed_s) t.second += *child.target->elapsed_s;
    }
  }

  // How many distinct words of four letters or more (identifiers split at '_' and '.') two texts share.
  static std::size_t shared_words(std::string_view a, std::string_view b) {
    auto words = [](std::string_view t) {
      std::set<std::string> out;
      std::string w;
      for (std::size_t i = 0; i <= t.size(); ++i) {
        const unsigned char ch = i < t.size() ? static_cast<unsigned char>(t[i]) : ' ';
        if (std::isalnum(ch) != 0) {
          w += static_cast<char>(std::tolower(ch));
        } else {
          if (w.size() >= 4) out.insert(w);
          w.clear();
        }
      }
      return out;
    };
    const auto wa = words(a), wb = words(b);
    std::size_t n = 0;
    for (const auto& w : wa) n += wb.count(w);
    return n;
  }

  void sql() {
    match_sql();
    CompareTable t;
    t.key = "top_sql";
    t.title = "Top SQL by elapsed time";
    const bool hb = has_base();
    t.columns.push_back({"sql_id", "SQL Id", "", ColumnKind::text, 0});
    if (hb) t.columns.push_back({"status", "Status", "", ColumnKind::text, 0});
    if (hb) t.columns.push_back({"base_elapsed_s", "Base elapsed (s)", "s", ColumnKind::number, 1});
    t.columns.push_back({"target_elapsed_s", hb ? "Target elapsed (s)" : "Elapsed (s)", "s", ColumnKind::number, 1});
    if (hb) t.columns.push_back({"rate_change_pct", "Change /s", "%", ColumnKind::change_pct, 0});
    if (hb) t.columns.push_back({"base_executions", "Base execs", "", ColumnKind::number, 0});
    t.columns.push_back({"target_executions", hb ? "Target execs" : "Execs", "", ColumnKind::number, 0});
    if (hb) t.columns.push_back({"base_elapsed_per_exec_ms", "Base ms/exec", "ms", ColumnKind::number, -1});
    t.columns.push_back({"target_elapsed_per_exec_ms", hb ? "Target ms/exec" : "ms/exec", "ms", ColumnKind::number, -1});
    t.columns.push_back({"module_text", "Module / SQL text", "", ColumnKind::text, 0});

    bool any_text_match = false;
    std::size_t shown = 0;
    for (const auto& p : m_facts.sql) {
      if (!((p.base != nullptr && p.base->elapsed_s) || (p.target != nullptr && p.target->elapsed_s))) continue;
      if (shown++ >= static_cast<std::size_t>(m_opt.top_sql)) break;
      CompareRow r;
      r.cells.push_back(p.label());
      if (hb) {
        std::string status = p.status;
        if (p.text_match != SignatureMatch::none) {
          status = p.base->id_kind != p.target->id_kind ? "matched by text"
                   : p.binds_changed                    ? "same text, binds changed"
                                                        : "same shape, other literals";
          any_text_match = true;
        }
        r.cells.push_back(status);
        r.cells.push_back(p.base != nullptr ? cell(p.base->elapsed_s) : CompareCell(std::string("-")));
      }
      r.cells.push_back(p.target != nullptr ? cell(p.target->elapsed_s) : CompareCell(std::string("-")));
      if (hb) {
        if (p.status == "both") r.cells.push_back(cell(change_pct(p.base_rate, p.target_rate)));
        else r.cells.push_back(CompareCell(p.status == "new" || p.status == "gone" ? p.status : std::string("?")));
        r.cells.push_back(p.base != nullptr ? cell(p.base->executions) : CompareCell());
      }
      r.cells.push_back(p.target != nullptr ? cell(p.target->executions) : CompareCell());
      auto per_exec_ms = [](const Snapshot& snap, const SqlStat* s) -> CompareCell {
        return s != nullptr ? cell(metric_value(snap, sql_key(*s, "elapsed_per_exec_ms"))) : CompareCell();
      };
      if (hb) r.cells.push_back(per_exec_ms(*m_base, p.base));
      r.cells.push_back(per_exec_ms(m_target, p.target));
      r.cells.push_back(detail::sql_display_text(p.any(), 60));
      t.rows.push_back(std::move(r));
    }
    if (hb) {
      t.notes.push_back("new / gone = absent from one report's SQL lists although its rate would have made that list: it was "
                        "at most that report's cut-off there.");
      t.notes.push_back("not shown = absent from one report's lists and small enough to hide below its cut-off: unknown, not zero.");
      t.notes.push_back("Change /s = change of elapsed time per second of the period. SQL is matched by sql_id, then by "
                        "normalised text (literals and binds folded).");
      if (any_text_match)
        t.notes.push_back("base id -> target id: the same statement under a new sql_id, matched by its text with literals and "
                          "binds folded (literals became binds, or literal SQL with other values).");
    }
    m_out.tables.push_back(std::move(t));
    literal_sql();
    if (hb) sql_carriers();
  }

  // Statements listed under 3 or more sql_ids of one report: literal SQL.
  void literal_sql() {
    if (m_facts.literal_groups.empty()) return;
    const bool hb = has_base();
    CompareTable t;
    t.key = "literal_sql";
    t.title = "Literal SQL: one statement shape under many sql_ids";
    t.columns.push_back({"shape", "Statement (one of them)", "", ColumnKind::text, 0});
    if (hb) t.columns.push_back({"base_sql_ids", "Base sql_ids", "", ColumnKind::number, 0});
    t.columns.push_back({"target_sql_ids", hb ? "Target sql_ids" : "sql_ids", "", ColumnKind::number, 0});
    if (hb) t.columns.push_back({"base_elapsed_s", "Base elapsed (s)", "s", ColumnKind::number, 1});
    t.columns.push_back({"target_elapsed_s", hb ? "Target elapsed (s)" : "Elapsed (s)", "s", ColumnKind::number, 1});
    t.columns.push_back({"examples", "For example", "", ColumnKind::text, 0});
    for (const auto& g : m_facts.literal_groups) {
      CompareRow r;
      r.cells.push_back(detail::short_text(g.example, 60));
      if (hb) r.cells.push_back(static_cast<double>(g.base.size()));
      r.cells.push_back(static_cast<double>(g.target.size()));
      if (hb) r.cells.push_back(cell(g.base_elapsed_s));
      r.cells.push_back(cell(g.target_elapsed_s));
      std::string ids;
      for (const auto* list : {&g.target, &g.base})
        for (const auto* q : *list)
          if (ids.size() < 40 && ids.find(q->sql_id) == std::string::npos) ids += (ids.empty() ? "" : ", ") + q->sql_id;
      r.cells.push_back(ids);
      t.rows.push_back(std::move(r));
    }
    t.notes.push_back("Counted among the statements the SQL lists show (top-N): the real number of sql_ids is higher. Each "
                      "literal value is a new sql_id and a hard parse; bind variables fold them into one.");
    m_out.tables.push_back(std::move(t));
  }

  // A share of the change in DB time is only worth printing when that change is material: a part
  // divided by a change near zero is noise, however large.
  bool shares_mean_something() const {
    const auto d = m_facts.delta_db_time_aas();
    return d && *d != 0 && assess("db_time_per_s", m_facts.base_db_time_aas.value_or(0), m_facts.target_db_time_aas.value_or(0)).material();
  }

  // The statements that carry the change in DB time per second, ranked by their share of it.
  void sql_carriers() {
    const auto delta = m_facts.delta_db_time_aas();
    if (!delta || *delta == 0) return;
    std::vector<const detail::SqlPair*> list;
    for (const auto& p : m_facts.sql)
      if (p.delta_aas && *p.delta_aas * *delta > 0 && assess("sql.elapsed_per_s", p.base_rate.value_or(0), p.target_rate.value_or(0)).material())
        list.push_back(&p);
    if (list.empty()) return;
    std::stable_sort(list.begin(), list.end(), [](const auto* a, const auto* b) { return std::fabs(*a->delta_aas) > std::fabs(*b->delta_aas); });
    if (list.size() > 10) list.resize(10);
    CompareTable t;
    t.key = "sql_carriers";
    t.title = "SQL carrying the change in DB time per second";
    t.columns = {{"sql_id", "SQL Id", "", ColumnKind::text, 0},
                 {"delta_aas", "Δ elapsed /s", "AAS", ColumnKind::delta, 3},
                 {"share_pct", "Share of Δ DB time", "%", ColumnKind::number, 0},
                 {"why", "Per execution vs volume", "", ColumnKind::text, 0},
                 {"text", "Module / SQL text", "", ColumnKind::text, 0}};
    for (const auto* p : list) {
      CompareRow r;
      r.cells.push_back(p->label());
      r.cells.push_back(p->bound ? CompareCell(fmt::format("{}{:.3f} or more", *p->delta_aas > 0 ? "+" : "-", std::fabs(*p->delta_aas)))
                                 : CompareCell(*p->delta_aas));
      // A statement inside a PL/SQL call is part of the call's share, not a second one: shares never add
      // past 100% through parent and child. When the call is not listed here its own change is small or
      // the other way (a job that coalesced another index): the statement's change is the call's, not a cause.
      const bool inside = !p->parent.empty();
      const bool parent_listed = inside && std::any_of(list.begin(), list.end(), [&](const auto* x) {
        return x->any().sql_id == p->parent;
      });
      if (inside) r.cells.push_back(CompareCell(fmt::format("in {}'s", p->parent)));
      else r.cells.push_back(shares_mean_something() ? CompareCell(*p->delta_aas / *delta * 100) : CompareCell());
      std::string why = p->why;
      if (p->status == "new") why = "new: not in the base's lists";
      if (p->status == "gone") why = "gone: not in the target's lists";
      if (inside) {
        why += (why.empty() ? "" : "; ") + fmt::format("probably runs inside PL/SQL {}", p->parent);
        if (!parent_listed)
          for (const auto& q : m_facts.sql)
            if (q.any().sql_id == p->parent && q.delta_aas) {
              why += fmt::format(", whose own change is {:+.3f} AAS", *q.delta_aas);
              break;
            }
      }
      r.cells.push_back(why);
      r.cells.push_back(detail::sql_display_text(p->any(), 60));
      t.rows.push_back(std::move(r));
    }
    t.notes.push_back("Share of Δ DB time = the statement's change in elapsed per second / the change in DB time per second. "
                      "A statement a PL/SQL call runs is counted in the call's share (\"in <call>'s\"), listed or not; parallel slaves' "
                      "time counts once per slave.");
    t.notes.push_back("\"or more\": one side is below its report's cut-off, so the change is a bound.");
    m_out.tables.push_back(std::move(t));
  }

  // Where the change in DB time per second comes from: DB CPU, each wait class, and the rest.
  void attribution() {
    m_facts.base = m_base;
    m_facts.target = &m_target;
    m_facts.base_db_time_aas = has_base() ? metric_value(*m_base, "db_time_per_s") : std::nullopt;
    m_facts.target_db_time_aas = metric_value(m_target, "db_time_per_s");
    if (!has_base() || !m_facts.delta_db_time_aas()) return;
    const auto be = base_elapsed(), te = target_elapsed();
    m_facts.in_aas = std::fabs(*m_facts.delta_db_time_aas()) * te.value_or(0) >= k_aas_from_s;
    std::vector<detail::DbTimePart> parts;
    parts.push_back({"DB CPU", metric_value(*m_base, "db_cpu_per_s"), metric_value(m_target, "db_cpu_per_s")});
    // DB time holds foreground waits only: use Foreground Wait Class where both reports have it.
    const bool fg = !m_base->foreground_wait_classes.empty() && !m_target.foreground_wait_classes.empty();
    // The registry's wait class and outside figures read Foreground Wait Class when a report has it,
    // else the wait class table: the same list in both reports unless only one of them has it. Then
    // both are read from the wait class table, like with like, and the outside time is the remainder.
    const bool registry_lists = fg || (m_base->foreground_wait_classes.empty() && m_target.foreground_wait_classes.empty());
    auto classes_of = [fg](const Snapshot& s) -> const std::vector<WaitClassRow>& {
      return fg ? s.foreground_wait_classes : s.wait_classes;
    };
    const bool classes = !classes_of(*m_base).empty() && !classes_of(m_target).empty();
    if (classes) {
      auto names = union_names([&](const Snapshot& s) {
        std::vector<std::string> v;
        for (const auto& w : classes_of(s))
          if (w.name != "DB CPU" && w.name != "Idle") v.push_back(w.name);
        return v;
      });
      for (const auto& n : names) {
        auto time_of = [&](const Snapshot& s, const OptDouble& el) -> OptDouble {
          if (registry_lists) return metric_value(s, "wait_class:" + n + ":time_per_s");
          for (const auto& w : classes_of(s))
            if (w.name == n) return rate(w.time_s, el);
          return 0.0;  // the wait class table lists every class with time: absent is none
        };
        parts.push_back({n, time_of(*m_base, be), time_of(m_target, te)});
      }
    }
    double bsum = 0, tsum = 0;
    bool complete = true;
    for (const auto& p : parts) {
      if (!p.base || !p.target) complete = false;
      bsum += p.base.value_or(0);
      tsum += p.target.value_or(0);
    }
    if (complete && !classes) {
      parts.push_back({"Waits and other time", *m_facts.base_db_time_aas - bsum, *m_facts.target_db_time_aas - tsum});
    } else if (complete) {
      // DB time - DB CPU - waits; a negative remainder is over-accounting (CPU and waits overlap), shown
      // on a row of its own so the outside time is never negative and the parts still add up.
      const double rb = *m_facts.base_db_time_aas - bsum, rt = *m_facts.target_db_time_aas - tsum;
      OptDouble ob = std::max(0.0, rb), ot = std::max(0.0, rt);
      if (registry_lists) {  // the registry's outside_per_s: the same time, computed once for every reader
        if (auto v = metric_value(*m_base, "outside_per_s")) ob = v;
        if (auto v = metric_value(m_target, "outside_per_s")) ot = v;
      }
      parts.push_back({"Outside DB CPU and waits", ob, ot});
      if (rb < 0 || rt < 0) parts.push_back({"Over-accounted (DB CPU + waits > DB time)", std::min(0.0, rb), std::min(0.0, rt)});
    }
    const double delta = *m_facts.delta_db_time_aas();
    std::stable_sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) {
      return std::fabs(a.delta().value_or(0)) > std::fabs(b.delta().value_or(0));
    });
    m_facts.parts = parts;

    CompareTable t;
    t.key = "attribution";
    t.title = "Where the change in DB time per second comes from";
    t.columns = {{"component", "Component", "", ColumnKind::text, 0},
                 {"base_aas", "Base /s", "AAS", ColumnKind::number, 3},
                 {"target_aas", "Target /s", "AAS", ColumnKind::number, 3},
                 {"delta_aas", "Δ /s", "AAS", ColumnKind::delta, 3},
                 {"share_pct", "Share of Δ", "%", ColumnKind::number, 0},
                 {"assessment", "Assessment", "", ColumnKind::text, 0}};
    for (const auto& p : parts) {
      if (p.delta() && std::fabs(*p.delta()) < 0.0005 && std::fabs(p.target.value_or(0)) < 0.0005) continue;
      CompareRow r;
      r.cells = {p.name, cell(p.base), cell(p.target), cell(p.delta()),
                 shares_mean_something() && p.delta() ? CompareCell(*p.delta() / delta * 100) : CompareCell(),
                 p.name.starts_with("Over-accounted")
                     ? CompareCell()
                     : assessment_cell(p.name == "DB CPU" ? "db_cpu_per_s" : "wait_class.time_per_s", p.base, p.target)};
      t.rows.push_back(std::move(r));
    }
    t.rows.push_back({{std::string("DB time"), cell(m_facts.base_db_time_aas), cell(m_facts.target_db_time_aas), delta,
                       shares_mean_something() ? CompareCell(100.0) : CompareCell(), assessment_cell("db_time_per_s", m_facts.base_db_time_aas, m_facts.target_db_time_aas)}});
    t.notes.push_back("Per second of elapsed, in average active sessions (AAS). Share of Δ = the component's change / the change "
                      "of DB time per second; parts moving against the total have negative shares.");
    if (complete && classes)
      t.notes.push_back("Outside DB CPU and waits = DB time - DB CPU - non-idle wait time: the CPU run queue when the host is "
                        "busy, else time Oracle does not instrument as a wait.");
    for (const auto& p : parts)
      if (p.name.starts_with("Over-accounted")) {
        t.notes.push_back("Over-accounted: DB CPU and waits add up to more than DB time in that report (overlapping "
                          "instrumentation, e.g. waits of calls still running at a snapshot).");
        break;
      }
    if (classes && !fg)
      t.notes.push_back("Wait classes from 'Wait Classes by Total Wait Time', which includes background waits: the parts can "
                        "add up to more than DB time (no Foreground Wait Class section in both reports).");
    m_out.tables.push_back(std::move(t));
  }

  void headline() {
    auto& o = m_out;
    if (!has_base()) {
      auto aas = m_target.average_active_sessions();
      o.headline = aas ? fmt::format("{}: DB time {:.1f} min over {:.1f} min elapsed, {:.2f} average active sessions",
                                     name(m_target), m_target.db_time_s().value_or(0) / 60,
                                     m_target.interval.elapsed_s.value_or(0) / 60, *aas)
                       : fmt::format("{}: no DB time / elapsed in the report", name(m_target));
      return;
    }
    if (o.verdict == Verdict::not_comparable || !o.db_time_per_s_base || !o.db_time_per_s_target) {
      o.verdict = Verdict::not_comparable;
      o.headline = "Not comparable: " + (o.warnings.empty() ? std::string("DB time or elapsed missing") : o.warnings.front());
      return;
    }
    const double b = *o.db_time_per_s_base, t = *o.db_time_per_s_target;
    const double delta = t - b;
    const auto pct = o.db_time_change_pct;
    const auto a = assess("db_time_per_s", b, t);
    o.verdict = !a.material() ? Verdict::unchanged : delta > 0 ? Verdict::regressed : Verdict::improved;
    const bool both_idle = std::max(b, t) < k_idle_aas;

    // Contributors: events (DB CPU included), the time outside DB CPU and waits, time model statistics.
    const double te = *target_elapsed();
    std::vector<Contributor> ev;
    for (const auto& it : m_events) {
      if (it.base_rate && it.target_rate)
        ev.push_back({"event", it.name, *it.target_rate - *it.base_rate, (*it.target_rate - *it.base_rate) * te, false});
      else if (it.bound_delta)  // new in (or gone from) one top list: at least the change from its floor
        ev.push_back({"event", it.name, *it.bound_delta, *it.bound_delta * te, true});
    }
    for (const auto& p : m_facts.parts)
      if (p.name == "Outside DB CPU and waits" && p.base && p.target) {
        const double d = *p.target - *p.base;
        ev.push_back({"event", outside_label(), d, d * te, false});
      }
    static const std::set<std::string> k_skip = {"db time", "db cpu", "sql execute elapsed time", "background elapsed time",
                                                 "background cpu time", "total cpu time"};
    std::vector<Contributor> tm;
    for (const auto& it : m_time_model) {
      std::string lower = it.name;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      if (k_skip.count(lower) != 0 || lower.find("background") != std::string::npos) continue;
      if (!it.base_rate || !it.target_rate) continue;
      tm.push_back({"time_model", it.name, *it.target_rate - *it.base_rate, (*it.target_rate - *it.base_rate) * te, false});
    }
    auto in_direction = [&](const std::vector<Contributor>& v, double min_share) {
      std::vector<Contributor> keep;
      for (const auto& c : v)
        if (c.delta_aas * delta > 0 && std::fabs(c.delta_aas) >= min_share * std::fabs(delta)) keep.push_back(c);
      std::stable_sort(keep.begin(), keep.end(), [](const Contributor& x, const Contributor& y) {
        return std::fabs(x.delta_aas) > std::fabs(y.delta_aas);
      });
      return keep;
    };
    auto top_ev = in_direction(ev, 0.10);
    if (top_ev.empty()) top_ev = in_direction(ev, 0.03);  // a change spread thin: still name the largest
    auto top_tm = in_direction(tm, 0.20);
    // The time model is a tree: a statistic and one it contains are never two causes. The specific one
    // is named when it carries most (70%) of its parent's change, else the parent.
    for (bool again = true; again;) {
      again = false;
      for (std::size_t i = 0; i < top_tm.size() && !again; ++i)
        for (std::size_t j = 0; j < top_tm.size() && !again; ++j)
          if (i != j && time_model_contains(top_tm[i].name, top_tm[j].name)) {
            const bool child_carries = std::fabs(top_tm[j].delta_aas) >= 0.7 * std::fabs(top_tm[i].delta_aas);
            top_tm.erase(top_tm.begin() + static_cast<std::ptrdiff_t>(child_carries ? i : j));
            again = true;
          }
    }
    for (auto& c : top_tm)
      if (normalize_label(c.name) == normalize_label("hard parse elapsed time")) c.name = "hard parsing";

    std::vector<Contributor> sql_all;
    for (const auto& p : m_facts.sql) {
      if (!p.delta_aas || !p.parent.empty()) continue;  // children are inside their PL/SQL call's time
      if (p.status != "both" && p.status != "new" && p.status != "gone") continue;
      sql_all.push_back({"sql", p.label(), *p.delta_aas, *p.delta_aas * te, p.bound});
    }
    auto top_sql = in_direction(sql_all, 0.05);  // a statement carrying under 5% of the change is not a cause

    std::vector<Contributor> named = top_ev;
    named.insert(named.end(), top_tm.begin(), top_tm.end());
    std::stable_sort(named.begin(), named.end(),
                     [](const Contributor& x, const Contributor& y) { return std::fabs(x.delta_aas) > std::fabs(y.delta_aas); });
    // One to three causes: the two largest of events and time model, then the SQL that carry them.
    if (named.size() > 2) named.resize(2);
    // Contention carrying the change (library cache: mutex X, cursor: pin S wait on X) is named even
    // when time model statistics (the hard parsing it serialises) came first.
    for (const auto& c : top_ev) {
      if (std::any_of(named.begin(), named.end(), [&](const Contributor& n) { return n.name == c.name; })) continue;
      if (!is_contention(c.name)) continue;
      named.push_back(c);
      break;
    }
    const std::size_t sql_slots = named.size() >= 2 ? 1 : 2;
    if (top_sql.size() > sql_slots) top_sql.resize(sql_slots);
    for (const auto& v : {named, top_sql}) o.contributors.insert(o.contributors.end(), v.begin(), v.end());

    // Busier is not slower: DB time per second moved with the work while its cost per unit held.
    const LoadShift load = a.material() ? load_shift(delta) : LoadShift{};
    if (load.applies) o.verdict = Verdict::load_changed;
    std::string head;
    switch (o.verdict) {
      case Verdict::regressed: head = "Regressed: "; break;
      case Verdict::improved: head = "Improved: "; break;
      case Verdict::load_changed: head = delta > 0 ? "More load, not slower: " : "Less load, not faster: "; break;
      default: head = "Unchanged: "; break;
    }
    if (m_different_databases) {
      // Two databases: the numbers are shown, but no verdict on one as the other's past.
      o.verdict = Verdict::not_comparable;
      const auto& bd = m_base->database;
      const auto& td = m_target.database;
      head = fmt::format("Not comparable (different databases: {} DB Id {} vs {} DB Id {}): ", bd.name, *bd.dbid, td.name, *td.dbid);
    }
    if (both_idle) {
      o.headline = head + fmt::format("both periods are idle ({:.3f} -> {:.3f} average active sessions): their changes are noise", b, t);
      return;
    }
    head += fmt::format("DB time per second {} ({:.2f} -> {:.2f} average active sessions)",
                        pct ? fmt_pct(*pct) : std::string("changed"), b, t);
    if (load.applies) {
      head += " with " + load.loads + "; " + load.costs;
      if (!load.inside.empty()) head += fmt::format("; {} inside it: {}", delta > 0 ? "slower" : "faster", load.inside);
    }
    if (o.verdict == Verdict::unchanged) {
      head += ", within the materiality floor";
      o.headline = head;
      return;
    }
    std::vector<std::string> causes;
    // Seconds of DB time over the target's elapsed; beyond two days of it, average active sessions read
    // better. One choice for the whole output (the findings use it too).
    const bool in_aas = m_facts.in_aas;
    auto amount = [in_aas](const Contributor& c) {
      return in_aas ? fmt::format("{:+.1f} AAS", c.delta_aas) : detail::human_seconds(*c.delta_s);
    };
    for (const auto& c : named)
      causes.push_back(c.lower_bound ? fmt::format("{} {} ({} or more)", c.name, c.delta_aas > 0 ? "new" : "gone", amount(c))
                                     : fmt::format("{} {}", c.name, amount(c)));
    if (!causes.empty()) {
      head += load.applies ? (delta > 0 ? "; the added time is in " : "; the time saved is in ") : ", driven by ";
      for (std::size_t i = 0; i < causes.size(); ++i) head += (i == 0 ? "" : (i + 1 == causes.size() ? " and " : ", ")) + causes[i];
    }
    for (std::size_t i = 0; i < top_sql.size(); ++i) {
      const auto& c = top_sql[i];
      if (c.lower_bound)  // one side below its report's cut-off: the change is at least this much
        head += fmt::format("{}SQL {} {} ({} or more)", i == 0 ? "; " : ", ", c.name, c.delta_aas > 0 ? "new" : "gone",
                            amount(c));
      else
        head += fmt::format("{}SQL {} {}", i == 0 ? "; " : ", ", c.name, amount(c));
    }
    if (!in_aas && std::fabs(*target_elapsed() - base_elapsed().value_or(0)) > 1)
      head += " (seconds scaled to the target's elapsed time)";
    if (m_base->database.dbid && m_target.database.dbid && *m_base->database.dbid != *m_target.database.dbid)
      head += " [different databases: see the warnings]";
    o.headline = head;
  }

  // Time model statistics and the statistics they contain (V$SYS_TIME_MODEL's tree under DB time).
  static bool time_model_contains(const std::string& parent, const std::string& child) {
    static const std::pair<std::string_view, std::string_view> k_edges[] = {
        {"parse time elapsed", "hard parse elapsed time"},
        {"parse time elapsed", "failed parse elapsed time"},
        {"hard parse elapsed time", "hard parse (sharing criteria) elapsed time"},
        {"hard parse elapsed time", "hard parse (bind mismatch) elapsed time"},
        {"failed parse elapsed time", "failed parse (out of shared memory) elapsed time"},
        {"hard parsing", "hard parse (sharing criteria) elapsed time"},  // renamed for the headline
        {"hard parsing", "hard parse (bind mismatch) elapsed time"},
    };
    const auto p = detail::lower(parent), c = detail::lower(child);
    for (const auto& [a, b] : k_edges) {
      if (a != p) continue;
      if (b == c || time_model_contains(std::string(b), c)) return true;
    }
    return false;
  }

  // Contention waits: mutexes, latches, library cache, row cache and cursor pins.
  bool is_contention(const std::string& event) const {
    std::string cls = detail::event_wait_class(m_target, event);
    if (cls.empty() && has_base()) cls = detail::event_wait_class(*m_base, event);
    if (cls == "Concurrency") return true;
    const auto n = detail::lower(event);
    for (std::string_view k : {"library cache", "cursor: ", "mutex", "latch", "row cache"})
      if (n.find(k) != std::string::npos) return true;
    return false;
  }

  // DB time per second moved with the work (executions, transactions, user calls per second) while
  // DB time per unit of work held or moved the other way.
  struct LoadShift {
    bool applies = false;
    std::string loads;   // "executions +21%, transactions +47% and user calls +20%"
    std::string costs;   // "DB time per execution -8% and per transaction -24%"
    std::string inside;  // a real slowdown (speed-up) inside the load change, or empty
  };

  static std::string and_join(const std::vector<std::string>& v) {
    std::string out;
    for (std::size_t i = 0; i < v.size(); ++i) out += (i == 0 ? "" : (i + 1 == v.size() ? " and " : ", ")) + v[i];
    return out;
  }

  LoadShift load_shift(double delta) const {
    LoadShift out;
    const bool up = delta > 0;
    struct Unit {
      const char *load_key, *load_name, *cost_key, *cost_name;
    };
    static constexpr Unit k_units[] = {{"load_profile.executes", "executions", "db_time_per_exec_ms", "execution"},
                                       {"transactions_per_s", "transactions", "db_time_per_txn_s", "transaction"},
                                       {"load_profile.user_calls", "user calls", "db_time_per_call_ms", "call"}};
    std::vector<std::string> loads, costs, held;
    bool cost_known = false;
    for (const auto& u : k_units) {
      const auto la = assess(u.load_key, metric_value(*m_base, u.load_key), metric_value(m_target, u.load_key));
      if (la.material() && la.delta && (*la.delta > 0) == up) {
        // Tenfold and more reads better as the rates themselves ("transactions 0.1 -> 2,374.4 /s").
        const auto lb = metric_value(*m_base, u.load_key), lt = metric_value(m_target, u.load_key);
        const bool tenfold = !lb || !lt || std::max(*lb, *lt) >= 10 * std::min(*lb, *lt);
        if (la.rel_pct && !tenfold) loads.push_back(fmt::format("{} {}", u.load_name, fmt_pct(*la.rel_pct)));
        else loads.push_back(fmt::format("{} {} -> {} /s", u.load_name, detail::grouped(*lb, 1), detail::grouped(*lt, 1)));
      }
      const auto ca = assess(u.cost_key, metric_value(*m_base, u.cost_key), metric_value(m_target, u.cost_key));
      if (ca.kind == ChangeKind::unknown) continue;
      cost_known = true;
      if (ca.material() && ca.delta && (*ca.delta > 0) == up) return {};  // each unit of work got slower (faster) too
      if (ca.material() && ca.rel_pct) {
        // Tenfold and more: the costs themselves, in ms ("per execution 486 -> 5.1 ms").
        const double scale = std::string_view(u.cost_key) == "db_time_per_txn_s" ? 1000 : 1;
        const double cb = *metric_value(*m_base, u.cost_key) * scale, ct = *metric_value(m_target, u.cost_key) * scale;
        auto ms = [](double v) { return detail::grouped(v, v >= 99.95 ? 0 : v >= 9.995 ? 1 : v >= 0.9995 ? 2 : 3); };
        if (std::max(cb, ct) >= 10 * std::min(cb, ct)) costs.push_back(fmt::format("per {} {} -> {} ms", u.cost_name, ms(cb), ms(ct)));
        else costs.push_back(fmt::format("per {} {}", u.cost_name, fmt_pct(*ca.rel_pct)));
      }
      else held.push_back(u.cost_name);
    }
    if (loads.empty() || !cost_known) return {};
    out.applies = true;
    out.loads = and_join(loads);
    if (!costs.empty()) {
      out.costs = "DB time " + and_join(costs);
      if (!held.empty()) out.costs += fmt::format(" (per {} held)", and_join(held));
    } else {
      out.costs = fmt::format("DB time per {} held", and_join(held));
    }
    out.inside = slowdown_inside(up);
    return out;
  }

  // A real change of speed inside a load change: a latency, a plan or a statement's time per execution
  // that moved with DB time (worse when DB time rose). At most two, largest first.
  std::string slowdown_inside(bool up) const {
    std::vector<std::pair<double, std::string>> found;
    const ChangeKind dir = up ? ChangeKind::worse : ChangeKind::better;
    for (const auto& f : m_out.findings) {
      if (f.direction != dir) continue;
      if (f.rule == "commit_latency" && !f.metrics.empty()) {
        const auto& m = f.metrics.front();
        found.push_back({std::fabs(f.impact_aas) + 1e-9,
                         fmt::format("commit latency (log file sync {} -> {} ms average)", detail::grouped(m.base.value_or(0), 2),
                                     detail::grouped(m.target.value_or(0), 2))});
      } else if (f.rule == "io_latency" && !f.cause.starts_with("I/O service time")) {
        found.push_back({std::fabs(f.impact_aas), f.cause + " average"});
      } else if (f.rule == "plan_change") {  // a run queue or contention moving with the load is the load's
        found.push_back({std::fabs(f.impact_aas), f.cause});
      }
    }
    for (const auto& p : m_facts.sql) {
      if (p.status != "both" || !p.delta_aas || (*p.delta_aas > 0) != up) continue;
      const std::string slower = up ? "slower per execution" : "faster per execution";
      if (!p.why.starts_with(slower)) continue;
      if (std::fabs(*p.delta_aas) < 0.05 * std::fabs(*m_facts.delta_db_time_aas())) continue;
      const auto end = std::min(p.why.find(':'), p.why.find(" and "));
      found.push_back({std::fabs(*p.delta_aas), fmt::format("SQL {} {}", p.label(), p.why.substr(0, end))});
    }
    std::stable_sort(found.begin(), found.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    std::vector<std::string> names;
    for (std::size_t i = 0; i < found.size() && i < 2; ++i) names.push_back(found[i].second);
    return and_join(names);
  }

  // The time outside DB CPU and waits, named by what it most likely is (see the cpu_queue rule).
  std::string outside_label() const {
    for (const auto& f : m_out.findings)
      if (f.rule == "cpu_queue") return "CPU run queue (time outside DB CPU and waits)";
    return "time outside DB CPU and waits";
  }

  const Snapshot* m_base;
  const Snapshot& m_target;
  CompareOptions m_opt;
  Comparison m_out;
  std::vector<Item> m_events, m_time_model;
  detail::Facts m_facts;
  bool m_different_databases = false;
  bool m_no_deltas = false;  // a side is not valid: no change is computed from it
};

}  // namespace

namespace detail {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string grouped(double value, int decimals) {
  const std::string s = fmt::format("{:.{}f}", value, decimals);
  const auto dot = s.find('.');
  std::string int_part = s.substr(0, dot);
  const std::string frac = dot == std::string::npos ? "" : s.substr(dot);
  const bool negative = !int_part.empty() && int_part[0] == '-';
  if (negative) int_part.erase(0, 1);
  std::string out;
  for (std::size_t i = 0; i < int_part.size(); ++i) {
    if (i > 0 && (int_part.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(int_part[i]);
  }
  return (negative ? "-" : "") + out + frac;
}

namespace {
bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) {
           return std::tolower(x) == std::tolower(y);
         });
}
}  // namespace

std::string event_wait_class(const Snapshot& s, std::string_view name) {
  for (const auto* list : {&s.top_events, &s.foreground_events})
    for (const auto& e : *list)
      if (same_name(e.name, name) && !e.wait_class.empty()) return e.wait_class;
  return "";
}

std::string short_text(std::string_view text, std::size_t max_chars) {
  std::string s(text);
  for (auto& c : s)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  if (s.size() > max_chars) s = s.substr(0, max_chars - 3) + "...";
  return s;
}

std::string sql_display_text(const SqlStat& sql, std::size_t max_chars) {
  return short_text(sql.module.empty() ? sql.text : fmt::format("[{}] {}", sql.module, sql.text), max_chars);
}

std::string human_seconds(double s) {
  const double a = std::fabs(s);
  const char* sign = s < 0 ? "-" : "+";
  if (a < 120) return fmt::format("{}{:.1f} s", sign, a);
  if (a < 7200) return fmt::format("{}{:.1f} min", sign, a / 60);
  if (a < 172800) return fmt::format("{}{:.1f} h", sign, a / 3600);
  return fmt::format("{}{:.1f} d", sign, a / 86400);
}

PeriodCheck check_period(const Snapshot& s, const std::string& label) {
  return Differ::check_period(s, label.empty() ? report_label(s.source) : label);
}

std::string report_label(const std::string& source, const std::string& other) {
  if (source == "-") return "standard input";
  auto file = [](std::string_view path) {
    const auto slash = path.find_last_of("/\\");
    return std::string(slash == std::string_view::npos || slash + 1 == path.size() ? path : path.substr(slash + 1));
  };
  std::string out;
  for (std::size_t at = 0; at <= source.size();) {  // a merged set's "a.html, b.html"
    std::size_t end = source.find(", ", at);
    if (end == std::string::npos) end = source.size();
    out += (out.empty() ? "" : ", ") + file(std::string_view(source).substr(at, end - at));
    at = end + 2;
  }
  if (!other.empty() && other != source && out == report_label(other)) return source;  // same name, two directories
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
  return a.database.dbid == b.database.dbid && a.database.instance == b.database.instance && ai.begin_snap &&
         ai.end_snap && bi.begin_snap && bi.end_snap && *ai.begin_snap < *bi.end_snap && *bi.begin_snap < *ai.end_snap;
}

bool same_period(const Snapshot& a, const Snapshot& b) {
  return periods_overlap(a, b) && a.interval.begin_snap == b.interval.begin_snap && a.interval.end_snap == b.interval.end_snap;
}

std::string SqlPair::label() const {
  if (base != nullptr && target != nullptr && base->sql_id != target->sql_id)
    return fmt::format("{} -> {}", base->sql_id, target->sql_id);
  return any().sql_id;
}

}  // namespace detail

Comparison compare(const Snapshot& base, const Snapshot& target, const CompareOptions& options) {
  // A report whose Elapsed does not fit its snap times is compared over the snap times.
  const auto cb = detail::check_period(base, detail::report_label(base.source, target.source)),
             ct = detail::check_period(target, detail::report_label(target.source, base.source));
  std::optional<Snapshot> fb, ft;
  if (cb.corrected) fb = detail::with_elapsed(base, *cb.elapsed_s);
  if (ct.corrected) ft = detail::with_elapsed(target, *ct.elapsed_s);
  Differ d(fb ? &*fb : &base, ft ? *ft : target, options);
  d.m_period_checks = {{base.source, cb}, {target.source, ct}};
  return d.run();
}

Comparison describe(const Snapshot& target, const CompareOptions& options) {
  const auto ct = detail::check_period(target);
  std::optional<Snapshot> ft;
  if (ct.corrected) ft = detail::with_elapsed(target, *ct.elapsed_s);
  Differ d(nullptr, ft ? *ft : target, options);
  d.m_period_checks = {{target.source, ct}};
  return d.run();
}

}  // namespace awrdiff
