// The diff engine: one code path for a comparison and for a single report (no base).
#include <awrdiff/catalog.hpp>
#include <awrdiff/diff.hpp>

#include <algorithm>
#include <cmath>
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
  }
  return "unknown";
}

namespace {

constexpr double k_material_change_pct = 10.0;  // DB time per second must move this much ...
constexpr double k_material_change_aas = 0.05;  // ... and by this many average active sessions
constexpr double k_length_ratio_warning = 1.5;  // periods whose lengths differ more than this

std::optional<double> rate(const OptDouble& total, const OptDouble& elapsed_s) {
  if (!total || !elapsed_s || *elapsed_s <= 0) return std::nullopt;
  return *total / *elapsed_s;
}

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

std::string human_seconds(double s) {
  const double a = std::fabs(s);
  const char* sign = s < 0 ? "-" : "+";
  if (a < 120) return fmt::format("{}{:.1f} s", sign, a);
  if (a < 7200) return fmt::format("{}{:.1f} min", sign, a / 60);
  return fmt::format("{}{:.1f} h", sign, a / 3600);
}

std::string fmt_pct(double p) {
  std::string digits = fmt::format("{:.0f}", std::fabs(p)), grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped.push_back(',');
    grouped.push_back(digits[i]);
  }
  return (p < 0 ? "-" : "+") + grouped + "%";
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
  double sort_key = 0;
};

struct SideBySide {
  std::string key, title, name_header;
  std::vector<std::string> leading_headers;
  std::vector<Measure> measures;
  bool with_pct_delta = false;  // a "Δ % DB time" column
  bool with_rate_change = true;  // a "rate change" column
};

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
      if (!it.base_status.empty() || !it.target_status.empty()) r.cells.push_back(CompareCell());
      else if (it.points) {
        auto d = minus(it.target_rate, it.base_rate);
        r.cells.push_back(d ? CompareCell(fmt::format("{:+.1f} pts", *d)) : CompareCell());
      } else r.cells.push_back(cell(change_pct(it.base_rate, it.target_rate)));
    }
    t.rows.push_back(std::move(r));
  }
  return t;
}

class Differ {
public:
  Differ(const Snapshot* base, const Snapshot& target, const CompareOptions& opt)
      : m_base(base), m_target(target), m_opt(opt) {}

  Comparison run() {
    m_out.base_source = m_base != nullptr ? m_base->source : "";
    m_out.target_source = m_target.source;
    collect_diagnostics();
    comparability();
    periods();
    db_time();
    load_profile();
    events();
    wait_classes();
    time_model();
    sql();
    headline();
    return std::move(m_out);
  }

private:
  bool has_base() const { return m_base != nullptr; }
  OptDouble base_elapsed() const { return m_base != nullptr ? m_base->interval.elapsed_s : std::nullopt; }
  OptDouble target_elapsed() const { return m_target.interval.elapsed_s; }

  void collect_diagnostics() {
    auto add = [&](const Snapshot& s) {
      for (const auto& d : s.diagnostics)
        m_out.diagnostics.push_back(fmt::format("{}:{}: [{}] {}{}", s.source, d.line, d.section,
                                                d.level == Diagnostic::Level::info ? "" : "warning: ", d.message));
    };
    if (has_base()) add(*m_base);
    add(m_target);
  }

  void comparability() {
    auto elapsed_ok = [&](const Snapshot& s) {
      if (!s.interval.elapsed_s) {
        m_out.warnings.push_back(fmt::format("{}: no Elapsed time in the report; rates cannot be computed", s.source));
        return false;
      }
      if (*s.interval.elapsed_s <= 0) {
        m_out.warnings.push_back(fmt::format("{}: Elapsed is 0 (begin and end snapshots at the same time); not comparable",
                                             s.source));
        return false;
      }
      return true;
    };
    for (const Snapshot* s : {m_base, &m_target}) {  // a report that declares itself invalid; idle top events
      if (s == nullptr) continue;
      if (!s->valid) {
        m_out.warnings.push_back(fmt::format("{}: report not valid: {}; not comparable", s->source, s->invalid_reason));
        m_out.verdict = Verdict::not_comparable;
      }
      std::vector<std::string> idle;
      for (const auto& e : s->top_events)
        if (e.is_idle) idle.push_back(e.name);
      if (!idle.empty())
        m_out.warnings.push_back(fmt::format("{}: its top events list idle events ({}): they are not database time",
                                             s->source, fmt::join(idle, ", ")));
    }
    bool ok = elapsed_ok(m_target);
    auto truncated = [&](const Snapshot& s) {
      if (s.truncated)
        m_out.warnings.push_back(fmt::format("{}: truncated report (no 'End of Report' marker): sections may be missing",
                                             s.source));
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
      m_out.warnings.push_back(fmt::format("the same file given twice: {}", m_target.source));
    ok = elapsed_ok(*m_base) && ok;
    const auto& b = m_base->database;
    const auto& t = m_target.database;
    if (b.dbid && t.dbid && *b.dbid != *t.dbid)
      m_out.warnings.push_back(fmt::format("different databases: DB Id {} ({}) vs {} ({})", *b.dbid, b.name, *t.dbid, t.name));
    if (!b.instance.empty() && !t.instance.empty() && (b.instance != t.instance || b.instance_number != t.instance_number))
      m_out.warnings.push_back(fmt::format("different instances: {} vs {}", b.instance, t.instance));
    if (!b.release.empty() && !t.release.empty() && b.release != t.release)
      m_out.warnings.push_back(fmt::format("different releases: {} vs {}", b.release, t.release));
    if (b.cpus && t.cpus && *b.cpus != *t.cpus)
      m_out.warnings.push_back(fmt::format("host CPUs changed: {:.0f} vs {:.0f}", *b.cpus, *t.cpus));
    if (b.memory_gb && t.memory_gb && std::fabs(*b.memory_gb - *t.memory_gb) > 0.5)
      m_out.warnings.push_back(fmt::format("host memory changed: {:.1f} GB vs {:.1f} GB", *b.memory_gb, *t.memory_gb));
    if (!b.startup_time.empty() && !t.startup_time.empty() && b.startup_time != t.startup_time &&
        b.dbid == t.dbid && b.instance == t.instance)
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

  // Per-second value of a Load Profile row, or total / elapsed as a fallback.
  static OptDouble lp(const Snapshot& s, std::string_view key) {
    if (const auto* r = s.load_profile_row(key)) return r->per_second;
    return std::nullopt;
  }

  void db_time() {
    SideBySide spec{"db_time", "DB time and average active sessions", "Metric", {}, {{"value", "", "", 2}}, false, true};
    std::vector<Item> items;
    auto add = [&](const std::string& name, auto getter, bool rate_change = true) {
      Item it;
      it.points = name.find('%') != std::string::npos;
      it.name = name;
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
    add("Elapsed (min)", [](const Snapshot& s) -> OptDouble {
      return s.interval.elapsed_s ? OptDouble(*s.interval.elapsed_s / 60) : std::nullopt;
    }, false);
    add("DB time (min)", [](const Snapshot& s) -> OptDouble {
      auto d = s.db_time_s();
      return d ? OptDouble(*d / 60) : std::nullopt;
    }, false);
    add("DB time per second (AAS)", [](const Snapshot& s) { return s.average_active_sessions(); });
    add("DB CPU per second", [](const Snapshot& s) { return rate(s.db_cpu_s(), s.interval.elapsed_s); });
    add("Non-CPU time per second (DB time - DB CPU)", [](const Snapshot& s) -> OptDouble {
      auto w = minus(s.db_time_s(), s.db_cpu_s());
      if (w && *w < 0) w = 0.0;  // DB CPU can exceed DB time on real reports (B04)
      return rate(w, s.interval.elapsed_s);
    });
    add("Outside DB CPU and waits per second", [](const Snapshot& s) {
      return rate(s.unaccounted_db_time_s(), s.interval.elapsed_s);
    });
    add("Host CPU busy %", [](const Snapshot& s) -> OptDouble {
      if (!s.host_cpu.pct_idle) return std::nullopt;
      return 100.0 - *s.host_cpu.pct_idle;
    });
    add("DB CPU % of DB time", [](const Snapshot& s) -> OptDouble {
      auto db = s.db_time_s(), cpu = s.db_cpu_s();
      if (!db || !cpu || *db <= 0) return std::nullopt;
      return *cpu / *db * 100;
    });
    add("Transactions per second", [](const Snapshot& s) { return lp(s, "transactions"); });
    add("DB time per transaction (s)", [](const Snapshot& s) -> OptDouble {
      auto aas = s.average_active_sessions();
      auto tps = lp(s, "transactions");
      if (!aas || !tps || *tps <= 0) return std::nullopt;
      return *aas / *tps;
    });
    if (m_target.database.cpus)
      add("AAS per CPU", [](const Snapshot& s) -> OptDouble {
        auto aas = s.average_active_sessions();
        if (!aas || !s.database.cpus || *s.database.cpus <= 0) return std::nullopt;
        return *aas / *s.database.cpus;
      });
    auto t = side_by_side(spec, items, has_base());
    if (has_base()) {
      t.columns[1].header = "Base";
      t.columns[2].header = "Target";
      t.columns.back().header = "Change";
    } else {
      t.columns[1].header = "Value";
    }
    m_out.db_time_per_s_base = has_base() ? m_base->average_active_sessions() : std::nullopt;
    m_out.db_time_per_s_target = m_target.average_active_sessions();
    m_out.db_time_change_pct = change_pct(m_out.db_time_per_s_base, m_out.db_time_per_s_target);
    t.notes.push_back("AAS = DB time / elapsed: the average number of sessions active in the database.");
    t.notes.push_back("Outside DB CPU and waits = DB time - DB CPU - wait time: sessions queued for a CPU when the host is busy, "
                      "else uninstrumented time.");
    t.notes.push_back("Changes of percentages are in points (pts).");
    m_unaccounted_base = has_base() ? rate(m_base->unaccounted_db_time_s(), m_base->interval.elapsed_s) : std::nullopt;
    m_unaccounted_target = rate(m_target.unaccounted_db_time_s(), m_target.interval.elapsed_s);
    m_out.tables.push_back(std::move(t));
  }

  void load_profile() {
    SideBySide spec{"load_profile", "Load Profile (per second)", "Statistic", {"Unit"}, {{"per_second", "/s", "", 1}}, false,
                    true};
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
      it.base = {br != nullptr ? br->per_second : std::nullopt};
      it.target = {tr != nullptr ? tr->per_second : std::nullopt};
      if (has_base() && br == nullptr) it.base_status = "not in report";
      if (tr == nullptr) it.target_status = "not in report";
      it.base_rate = it.base[0];
      it.target_rate = it.target[0];
      items.push_back(std::move(it));
    }
    auto t = side_by_side(spec, items, has_base());
    t.notes.push_back("Per-second figures as the reports print them (1 decimal): small rates change in steps of 0.1.");
    m_out.tables.push_back(std::move(t));
  }

  // One item's figures in one report, as the side-by-side tables need them.
  struct Found {
    std::string status;              // non-empty: the report does not show the item ("not shown", ...)
    std::vector<OptDouble> values;   // one per measure
    OptDouble time_s, pct_db_time;   // for the rate change and the % DB time delta
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
        r = rate(f.time_s, s.interval.elapsed_s);
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

  // An event's figures in one report: the top list first, else the full Foreground Wait Events list.
  struct EventLookup {
    const WaitEvent* event = nullptr;
    bool from_full_list = false;
  };
  static EventLookup find_event(const Snapshot& s, const std::string& name) {
    for (const auto& e : s.top_events)
      if (e.name == name || (e.is_cpu && (name == "DB CPU" || name == "CPU time"))) return {&e, false};
    for (const auto& e : s.foreground_events)
      if (e.name == name) return {&e, true};
    return {};
  }

  void events() {
    SideBySide spec{"top_events",
                    "Top timed events (foreground, DB CPU included)",
                    "Event",
                    {"Wait class"},
                    {{"time_s", "time (s)", "s", 1}, {"avg_wait_ms", "avg (ms)", "ms", 2}, {"pct_db_time", "%DB", "%", 1}},
                    true,
                    true};
    auto names = union_names([](const Snapshot& s) {
      std::vector<std::string> v;
      for (const auto& e : s.top_events) v.push_back(e.is_cpu ? "DB CPU" : e.name);
      return v;
    });
    bool used_full_list = false;
    auto items = side_items(names, [&](const Snapshot& s, const std::string& n) -> Found {
      auto l = find_event(s, n);
      if (l.event == nullptr) return {"not shown", {}, {}, {}};
      used_full_list = used_full_list || l.from_full_list;
      return {"", {l.event->time_s, l.event->avg_wait_ms, l.event->pct_db_time}, l.event->time_s, l.event->pct_db_time};
    });
    for (auto& it : items) {
      const WaitEvent* any = find_event(m_target, it.name).event;
      if (any == nullptr && has_base()) any = find_event(*m_base, it.name).event;
      it.leading.push_back(cell(any != nullptr ? any->wait_class : std::string()));
    }
    sort_by_share(items);
    if (items.size() > static_cast<std::size_t>(m_opt.top_events)) items.resize(static_cast<std::size_t>(m_opt.top_events));
    m_events = items;
    auto table = side_by_side(spec, items, has_base());
    table.notes.push_back("not shown = below that report's top-N list and absent from its Foreground Wait Events: unknown, not zero.");
    if (used_full_list) table.notes.push_back("Values for an event outside a report's top list come from its Foreground Wait Events section.");
    table.notes.push_back("Change /s = change of wait time per second of elapsed; avg (ms) = average wait.");
    m_out.tables.push_back(std::move(table));
  }

  void wait_classes() {
    if (m_target.wait_classes.empty() && (!has_base() || m_base->wait_classes.empty())) return;
    SideBySide spec{"wait_classes", "Wait classes", "Wait class", {}, {{"time_s", "time (s)", "s", 1}, {"pct_db_time", "%DB", "%", 1}},
                    true, true};
    auto names = union_names([](const Snapshot& s) {
      std::vector<std::string> v;
      for (const auto& w : s.wait_classes) v.push_back(w.name);
      return v;
    });
    auto items = side_items(names, [](const Snapshot& s, const std::string& n) -> Found {
      if (s.wait_classes.empty()) return {"not in report", {}, {}, {}};
      for (const auto& w : s.wait_classes)
        if (w.name == n) return {"", {w.time_s, w.pct_db_time}, w.time_s, w.pct_db_time};
      return {"not shown", {}, {}, {}};
    });
    sort_by_share(items);
    m_out.tables.push_back(side_by_side(spec, items, has_base()));
  }

  void time_model() {
    SideBySide spec{"time_model", "Time model", "Statistic", {}, {{"time_s", "time (s)", "s", 1}, {"pct_db_time", "%DB", "%", 1}},
                    true, true};
    auto names = union_names([](const Snapshot& s) {
      std::vector<std::string> v;
      for (const auto& r : s.time_model) v.push_back(r.name);
      return v;
    });
    m_time_model = side_items(names, [](const Snapshot& s, const std::string& n) -> Found {
      const auto* row = s.time_model_row(n);
      if (row == nullptr) return {s.time_model.empty() ? "not in report" : "not shown", {}, {}, {}};
      return {"", {row->time_s, row->pct_db_time}, row->time_s, row->pct_db_time};
    });
    m_out.tables.push_back(side_by_side(spec, m_time_model, has_base()));
  }

  void sql() {
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
    if (hb) t.columns.push_back({"base_elapsed_per_exec_ms", "Base ms/exec", "ms", ColumnKind::number, 3});
    t.columns.push_back({"target_elapsed_per_exec_ms", hb ? "Target ms/exec" : "ms/exec", "ms", ColumnKind::number, 3});
    t.columns.push_back({"module_text", "Module / SQL text", "", ColumnKind::text, 0});

    struct Entry {
      std::string id;
      const SqlStat* b = nullptr;
      const SqlStat* t = nullptr;
      double key = 0;
    };
    std::map<std::string, Entry> entries;
    auto be = base_elapsed(), te = target_elapsed();
    for (const auto& s : m_target.sql) {
      auto& e = entries[s.sql_id];
      e.id = s.sql_id;
      e.t = &s;
    }
    if (hb)
      for (const auto& s : m_base->sql) {
        auto& e = entries[s.sql_id];
        e.id = s.sql_id;
        e.b = &s;
      }
    std::vector<Entry> list;
    for (auto& [id, e] : entries) {
      auto br = e.b != nullptr ? rate(e.b->elapsed_s, be) : std::nullopt;
      auto tr = e.t != nullptr ? rate(e.t->elapsed_s, te) : std::nullopt;
      e.key = std::max(br.value_or(0), tr.value_or(0));
      if ((e.b != nullptr && e.b->elapsed_s) || (e.t != nullptr && e.t->elapsed_s)) list.push_back(e);
    }
    std::stable_sort(list.begin(), list.end(), [](const Entry& a, const Entry& b) { return a.key > b.key; });
    if (list.size() > static_cast<std::size_t>(m_opt.top_sql)) list.resize(static_cast<std::size_t>(m_opt.top_sql));

    for (const auto& e : list) {
      CompareRow r;
      r.cells.push_back(e.id);
      const SqlStat* any = e.t != nullptr ? e.t : e.b;
      std::string status;
      OptDouble br = e.b != nullptr ? rate(e.b->elapsed_s, be) : std::nullopt;
      OptDouble tr = e.t != nullptr ? rate(e.t->elapsed_s, te) : std::nullopt;
      Contributor c{"sql", e.id, 0, std::nullopt, false};
      if (hb) {
        // Missing from one side: "new"/"gone" when its rate would have made that report's list
        // (so it really was smaller there), "not shown" when it could hide below the cut-off.
        auto classify = [&](const Snapshot& other, OptDouble present_rate, OptDouble other_elapsed, const char* changed,
                            const char* hidden) -> std::string {
          if (!other.has_sql_sections) return "not in report";
          // The cut-off as printed is rounded (0.1 s in text reports): leave a margin above it.
          auto cutoff = rate(other.sql_elapsed_cutoff_s.has_value() ? OptDouble(*other.sql_elapsed_cutoff_s * 1.1 + 0.05)
                                                                    : std::nullopt,
                             other_elapsed);
          if (present_rate && cutoff && *present_rate > *cutoff) return changed;
          return hidden;
        };
        if (e.b != nullptr && e.t != nullptr && e.b->elapsed_s && e.t->elapsed_s) status = "both";
        else if (e.b != nullptr && e.t != nullptr) status = e.b->elapsed_s ? "not shown in target" : "not shown in base";
        else if (e.t != nullptr) status = classify(*m_base, tr, be, "new", "not shown in base");
        else status = classify(m_target, br, te, "gone", "not shown in target");
        r.cells.push_back(status);
        r.cells.push_back(e.b != nullptr ? cell(e.b->elapsed_s) : CompareCell(std::string("-")));
      }
      r.cells.push_back(e.t != nullptr ? cell(e.t->elapsed_s) : CompareCell(std::string("-")));
      if (hb) {
        if (status == "both") r.cells.push_back(cell(change_pct(br, tr)));
        else r.cells.push_back(CompareCell(status == "new" || status == "gone" ? status : std::string("?")));
        r.cells.push_back(e.b != nullptr ? cell(e.b->executions) : CompareCell());
      }
      r.cells.push_back(e.t != nullptr ? cell(e.t->executions) : CompareCell());
      auto per_exec_ms = [](const SqlStat* s) -> CompareCell {
        if (s == nullptr) return {};
        auto v = s->elapsed_per_exec_s();
        return v ? CompareCell(*v * 1000) : CompareCell();
      };
      if (hb) r.cells.push_back(per_exec_ms(e.b));
      r.cells.push_back(per_exec_ms(e.t));
      std::string text = any->module.empty() ? any->text : fmt::format("[{}] {}", any->module, any->text);
      if (text.size() > 60) text = text.substr(0, 57) + "...";
      r.cells.push_back(text);
      t.rows.push_back(std::move(r));
      if (hb && te) {
        // Contribution of this statement to the DB time change; one-sided ones are bounds.
        if (status == "both" && br && tr) c.delta_aas = *tr - *br;
        else if (status == "new" && tr) {
          auto cut = rate(m_base->sql_elapsed_cutoff_s, be);
          c.delta_aas = *tr - cut.value_or(0);
          c.lower_bound = true;
        } else if (status == "gone" && br) {
          auto cut = rate(m_target.sql_elapsed_cutoff_s, te);
          c.delta_aas = cut.value_or(0) - *br;
          c.lower_bound = true;
        } else {
          continue;
        }
        c.delta_s = c.delta_aas * *te;
        m_sql_contributors.push_back(c);
      }
    }
    if (hb) {
      t.notes.push_back("new / gone = absent from one report's SQL lists although its rate would have made that list: it was "
                        "at most that report's cut-off there.");
      t.notes.push_back("not shown = absent from one report's lists and small enough to hide below its cut-off: unknown, not zero.");
      t.notes.push_back("Change /s = change of elapsed time per second of the period. SQL is matched by sql_id.");
    }
    m_out.tables.push_back(std::move(t));
  }

  void headline() {
    auto& o = m_out;
    if (!has_base()) {
      auto aas = m_target.average_active_sessions();
      o.headline = aas ? fmt::format("{}: DB time {:.1f} min over {:.1f} min elapsed, {:.2f} average active sessions",
                                     m_target.source, m_target.db_time_s().value_or(0) / 60,
                                     m_target.interval.elapsed_s.value_or(0) / 60, *aas)
                       : fmt::format("{}: no DB time / elapsed in the report", m_target.source);
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
    const bool material = std::fabs(delta) >= k_material_change_aas && (!pct || std::fabs(*pct) >= k_material_change_pct);
    o.verdict = !material ? Verdict::unchanged : delta > 0 ? Verdict::regressed : Verdict::improved;

    // Contributors: events (DB CPU included) and time model statistics, by their rate change.
    const double te = *target_elapsed();
    std::vector<Contributor> ev;
    for (const auto& it : m_events) {
      if (!it.base_rate || !it.target_rate) continue;
      ev.push_back({"event", it.name, *it.target_rate - *it.base_rate, (*it.target_rate - *it.base_rate) * te, false});
    }
    if (m_unaccounted_base && m_unaccounted_target)
      ev.push_back({"event", "time outside DB CPU and waits", *m_unaccounted_target - *m_unaccounted_base,
                    (*m_unaccounted_target - *m_unaccounted_base) * te, false});
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
    auto in_direction = [&](std::vector<Contributor>& v, double min_share) {
      std::vector<Contributor> keep;
      for (const auto& c : v)
        if (c.delta_aas * delta > 0 && std::fabs(c.delta_aas) >= min_share * std::fabs(delta)) keep.push_back(c);
      std::stable_sort(keep.begin(), keep.end(), [](const Contributor& a, const Contributor& c) {
        return std::fabs(a.delta_aas) > std::fabs(c.delta_aas);
      });
      return keep;
    };
    auto top_ev = in_direction(ev, 0.10);
    if (top_ev.empty()) top_ev = in_direction(ev, 0.03);  // a change spread thin: still name the largest
    auto top_tm = in_direction(tm, 0.20);
    // Hard parsing is part of parse time elapsed: name the specific statistic when it carries most of it.
    auto find_tm = [&](std::string_view n) -> const Contributor* {
      for (const auto& c : top_tm)
        if (normalize_label(c.name) == normalize_label(n)) return &c;
      return nullptr;
    };
    if (const auto* parse = find_tm("parse time elapsed"); parse != nullptr)
      if (const auto* hard = find_tm("hard parse elapsed time"); hard != nullptr && hard->delta_aas >= 0.7 * parse->delta_aas)
        top_tm.erase(std::find_if(top_tm.begin(), top_tm.end(), [&](const Contributor& c) { return &c == parse; }));
    auto top_sql = in_direction(m_sql_contributors, 0.05);
    if (top_sql.empty()) top_sql = in_direction(m_sql_contributors, 0.01);
    if (top_ev.size() > 2) top_ev.resize(2);
    if (top_tm.size() > 1) top_tm.resize(1);
    if (top_sql.size() > 2) top_sql.resize(2);
    for (const auto& v : {top_ev, top_tm, top_sql}) o.contributors.insert(o.contributors.end(), v.begin(), v.end());

    std::string head;
    switch (o.verdict) {
      case Verdict::regressed: head = "Regressed: "; break;
      case Verdict::improved: head = "Improved: "; break;
      default: head = "Unchanged: "; break;
    }
    head += fmt::format("DB time per second {} ({:.2f} -> {:.2f} average active sessions)",
                        pct ? fmt_pct(*pct) : std::string("changed"), b, t);
    if (o.verdict == Verdict::unchanged) {
      head += ", within the materiality floor";
      o.headline = head;
      return;
    }
    std::vector<Contributor> named = top_ev;
    named.insert(named.end(), top_tm.begin(), top_tm.end());
    std::stable_sort(named.begin(), named.end(),
                     [](const Contributor& a, const Contributor& c) { return std::fabs(a.delta_aas) > std::fabs(c.delta_aas); });
    std::vector<std::string> causes;
    for (const auto& c : named) causes.push_back(fmt::format("{} {}", c.name, human_seconds(*c.delta_s)));
    if (!causes.empty()) {
      head += ", driven by ";
      for (std::size_t i = 0; i < causes.size(); ++i) head += (i == 0 ? "" : (i + 1 == causes.size() ? " and " : ", ")) + causes[i];
    }
    for (std::size_t i = 0; i < top_sql.size(); ++i) {
      const auto& c = top_sql[i];
      if (c.lower_bound)  // one side below its report's cut-off: the change is at least this much
        head += fmt::format("{}SQL {} {} ({} or more)", i == 0 ? "; " : ", ", c.name, c.delta_aas > 0 ? "new" : "gone",
                            human_seconds(*c.delta_s));
      else
        head += fmt::format("{}SQL {} {}", i == 0 ? "; " : ", ", c.name, human_seconds(*c.delta_s));
    }
    if (std::fabs(*target_elapsed() - base_elapsed().value_or(0)) > 1) head += " (seconds scaled to the target's elapsed time)";
    o.headline = head;
  }

  const Snapshot* m_base;
  const Snapshot& m_target;
  CompareOptions m_opt;
  Comparison m_out;
  std::vector<Item> m_events, m_time_model;
  std::vector<Contributor> m_sql_contributors;
  OptDouble m_unaccounted_base, m_unaccounted_target;
};

}  // namespace

Comparison compare(const Snapshot& base, const Snapshot& target, const CompareOptions& options) {
  return Differ(&base, target, options).run();
}

Comparison describe(const Snapshot& target, const CompareOptions& options) {
  return Differ(nullptr, target, options).run();
}

}  // namespace awrdiff
