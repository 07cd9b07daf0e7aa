// The summary tables of a comparison, one spec each, built by the side-by-side engine (side_by_side.cpp):
// the periods compared, DB time and average active sessions, the work and its cost per unit, the Load
// Profile, the top timed events (a bound where an event is below one report's list), the wait classes and
// the time model. The other report sections are compared in sections.cpp.
#include <awrdiff/catalog.hpp>
#include <awrdiff/diff.hpp>

#include "diff/differ.hpp"
#include "diff/facts.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace awrdiff::detail::differ {

namespace {

void sort_by_share(std::vector<Item>& items) {
  std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.sort_key > b.sort_key; });
}

std::string event_class_of(const Snapshot& s, const std::string& name) { return detail::event_wait_class(s, name); }

// One figure, one assessment in every table: the DB CPU and DB time rows of the top events, wait classes and time
// model are assessed under the registry's db_cpu_per_s and db_time_per_s, as the DB time table assesses them, not
// under their family's floors (DB CPU +18% read "worse" there and "-" in the time model).
void assess_as_db_time_table(std::vector<Item>& items) {
  for (auto& it : items) {
    if (it.name == "DB CPU") it.metric = "db_cpu_per_s";
    if (it.name == "DB time") it.metric = "db_time_per_s";
  }
}

}  // namespace

void Differ::periods() {
  CompareTable t;
  t.key = "periods";
  t.title = "Periods";
  t.columns.push_back({"item", "", "", ColumnKind::text, 0, ColumnRole::name});
  if (has_base()) t.columns.push_back({"base", "Base", "", ColumnKind::text, 0, ColumnRole::value});
  t.columns.push_back({"target", has_base() ? "Target" : "Report", "", ColumnKind::text, 0, ColumnRole::value});
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
  t.rows.back().file_paths = true;
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
    // A typical period (a baseline of several reports, an Oracle metric dump) has no snap ids: nothing to show.
    if (!s.interval.begin_snap && !s.interval.end_snap) return {};
    auto id = [](const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : "?"; };
    return fmt::format("{} - {}", id(s.interval.begin_snap), id(s.interval.end_snap));
  });
  add("Begin / end time", [](const Snapshot& s) -> CompareCell {
    if (s.interval.begin_time.empty() && s.interval.end_time.empty()) return {};
    return fmt::format("{} - {}", s.interval.begin_time, s.interval.end_time);
  });
  add("Elapsed (min)", [&](const Snapshot& s) -> CompareCell {
    return s.interval.elapsed_s ? CompareCell(fmt::format("{:.2f}", *s.interval.elapsed_s / 60)) : CompareCell();
  });
  // A RAC report's instances (a RAC global report, each set of a RAC compare report): each one's DB time and elapsed
  // time, as its table of instances prints them in minutes.
  if ((has_base() && !m_base->instance_rows.empty()) || !m_target.instance_rows.empty())
    add("Instance DB time / elapsed (min)", [](const Snapshot& s) -> CompareCell {
      if (s.instance_rows.empty()) return {};
      auto min = [](const OptDouble& v) { return v ? detail::grouped(*v / 60, 2) : std::string("?"); };
      std::string out;
      for (const auto& i : s.instance_rows)
        out += fmt::format("{}{} {} / {}", out.empty() ? "" : ", ", i.instance, min(i.db_time_s), min(i.elapsed_s));
      return out;
    });
  add("Sessions (begin / end)", [&](const Snapshot& s) -> CompareCell {
    if (!s.interval.begin_sessions && !s.interval.end_sessions) return {};
    auto v = [](const OptDouble& x) { return x ? fmt::format("{:.0f}", *x) : std::string("?"); };
    return fmt::format("{} / {}", v(s.interval.begin_sessions), v(s.interval.end_sessions));
  });
  m_out.tables.push_back(std::move(t));
}

void Differ::db_time() {
  SideBySide spec{"db_time",      "DB time and average active sessions", "Metric", {}, {{"value", "", "", 2}}, false, true,
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
  add(
      "Elapsed (min)", "",
      [](const Snapshot& s) -> OptDouble { return s.interval.elapsed_s ? OptDouble(*s.interval.elapsed_s / 60) : std::nullopt; },
      false);
  add(
      "DB time (min)", "",
      [](const Snapshot& s) -> OptDouble {
        auto d = s.db_time_s();
        return d ? OptDouble(*d / 60) : std::nullopt;
      },
      false);
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
  t.notes.push_back(
      "Outside DB CPU and waits = DB time - DB CPU - wait time: sessions queued for a CPU when the host is busy, "
      "else uninstrumented time.");
  if (has_base()) t.notes.push_back("Changes of percentages are in points (pts).");
  m_out.tables.push_back(std::move(t));
  work_efficiency();
}

// The work asked for and what each unit of it cost: busier is not slower.
void Differ::work_efficiency() {
  SideBySide spec{
      "work_efficiency", "Work and its cost (DB time per unit of work)", "Metric", {}, {{"value", "", "", -1}}, false, true, ""};
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
  // Which counts the work rests on (metrics.cpp, rate_source): Instance Activity's exact totals, or the Load Profile's
  // rounded rates where a report lacks them.
  auto uses_lp = [](const Snapshot& side) {
    for (const char* k : {"load_profile.executes", "transactions_per_s", "load_profile.user_calls"})
      if (rate_source(side, k).from == RateFrom::load_profile) return true;
    return false;
  };
  const bool base_lp = has_base() && uses_lp(*m_base), target_lp = uses_lp(m_target);
  const std::string from_lp = base_lp && target_lp ? (has_base() ? " (here both from their Load Profile)" : "")
                              : base_lp            ? " (the base's from its Load Profile)"
                              : target_lp
                                  ? (has_base() ? " (the target's from its Load Profile)" : " (here from the Load Profile)")
                                  : "";
  t.notes.push_back(
      fmt::format("DB time per unit of work = DB time per second / that work per second, counted exactly in Instance Activity "
                  "(execute count, user commits + user rollbacks, user calls) where the report gives it, else its Load "
                  "Profile{}. When DB time per second rises with the work while these hold or fall, the database is busier, "
                  "not slower.",
                  from_lp));
  t.notes.push_back(
      "Logical reads per ms of DB CPU: how many buffers a millisecond of CPU processes; fewer means each "
      "block costs more CPU (latch or mutex spinning, row-by-row work).");
  m_out.tables.push_back(std::move(t));
}

void Differ::load_profile() {
  SideBySide spec{"load_profile",
                  "Load Profile (per second and per transaction)",
                  "Statistic",
                  {"Unit"},
                  {{"per_second", "/s", "", -2}, {"per_transaction", "/txn", "", -2}},
                  false,
                  true,
                  "load_profile"};
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
    // One definition of the row's figures, shown and compared: the per-second rate as the registry reads it (exact
    // where the report gives the count: Instance Activity's totals over the elapsed time; DB time and DB CPU from
    // the time model), and per transaction that rate over the transactions per second where those are counted
    // exactly (user commits + user rollbacks); the Load Profile's printed figures where the report gives nothing
    // finer (a row the registry has no rate for is shown as printed, without a change).
    struct Figures {
      OptDouble per_s, per_txn, rate;
    };
    auto figures = [&](const Snapshot& s, const LoadProfileRow& printed) -> Figures {
      OptDouble rate;
      if (key == "db_time" || key == "db_cpu") rate = metric_value(s, key == "db_time" ? "db_time_per_s" : "db_cpu_per_s");
      if (!rate) rate = metric_value(s, "load_profile." + key);
      Figures f{rate ? rate : printed.per_second, printed.per_transaction, rate};
      if (rate && printed.per_transaction && rate_source(s, "transactions_per_s").from == RateFrom::instance_activity)
        if (const OptDouble txn = metric_value(s, "transactions_per_s"); txn && *txn > 0) f.per_txn = *rate / *txn;
      return f;
    };
    if (br != nullptr) {
      const auto f = figures(*m_base, *br);
      it.base = {f.per_s, f.per_txn};
      it.base_rate = f.rate;
    }
    if (tr != nullptr) {
      const auto f = figures(m_target, *tr);
      it.target = {f.per_s, f.per_txn};
      it.target_rate = f.rate;
    }
    if (has_base() && br == nullptr) it.base_status = Unknown{Unknown::Why::not_in_report};
    if (tr == nullptr) it.target_status = Unknown{Unknown::Why::not_in_report};
    it.metric = "load_profile." + key;
    // Rates compared as printed (1 decimal from 11g, 2 before): a change of one printed step is within the
    // rounding. The step is read from the digits of each side (the finer one; never coarser than 0.1, as "10.0"
    // reads 10); a rate that is not the printed figure (rescaled, merged, exact) has finer digits and no step.
    if (br != nullptr && tr != nullptr && it.base_rate == br->per_second && it.target_rate == tr->per_second)
      it.print_step = std::min(print_step(it.base_rate), print_step(it.target_rate));
    items.push_back(std::move(it));
  }
  auto t = side_by_side(spec, items, has_base());
  t.columns[1].role = ColumnRole::label;  // the unit of the figures
  // Which rows are exact counts, and from where (rate_source): said to the reader.
  std::vector<std::string> exact;
  for (const auto& it : items) {
    std::string from;
    for (const Snapshot* s : {has_base() ? &*m_base : nullptr, &m_target})
      if (s != nullptr)
        if (auto src = rate_source(*s, it.metric); src.from == RateFrom::instance_activity) from = std::move(src.statistics);
    if (!from.empty()) exact.push_back(fmt::format("{} = {}", it.name, from));
  }
  t.notes.push_back(fmt::format(
      "Each row's figures and its change are one rate: exact where the report gives the count (DB time and DB CPU "
      "from the time model{}), else the Load Profile as printed (per second with 1 decimal: small rates change in "
      "steps of 0.1). Per transaction is that rate over the transactions per second where those are counted exactly, "
      "else as printed: whether each transaction got heavier or there were more of them.",
      exact.empty() ? std::string() : fmt::format("; from Instance Activity over the elapsed time: {}", fmt::join(exact, ", "))));
  m_out.tables.push_back(std::move(t));
}

void Differ::events() {
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
    if (e == nullptr) return {Unknown::Why::not_shown, {}, {}, {}};
    used_full_list = used_full_list || s.top_event(n) == nullptr;
    // The registry reads the same row (Snapshot::foreground_event): its rate and average.
    return {std::nullopt,
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
    const auto not_shown = std::optional<Unknown>(Unknown{Unknown::Why::not_shown});
    const bool base_hidden = it.base_status == not_shown && !it.target_status;
    const bool target_hidden = it.target_status == not_shown && !it.base_status;
    if (base_hidden && it.target_rate) {
      auto lo = rate(list_floor(*m_base), base_elapsed());
      if (lo && *lo > 0 && *it.target_rate > *lo) {
        it.bound = Bound{(*it.target_rate - *lo) / *lo * 100, true};
        it.bound_delta = *it.target_rate - *lo;
      }
    } else if (target_hidden && it.base_rate) {
      auto lo = rate(list_floor(m_target), target_elapsed());
      if (lo && *it.base_rate > 0 && *it.base_rate > *lo) {
        it.bound = Bound{(*lo - *it.base_rate) / *it.base_rate * 100, false};
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
  assess_as_db_time_table(items);
  if (items.size() > static_cast<std::size_t>(m_opt.top_events)) items.resize(static_cast<std::size_t>(m_opt.top_events));
  m_events = items;
  auto table = side_by_side(spec, items, has_base());
  // The wait class tells a DBA where an event belongs (User I/O, Commit, Concurrency): a narrow terminal keeps it
  // past the %DB pair and the average wait, after the times.
  table.columns[1].priority = column_priority::latency + 5;
  table.notes.push_back(
      "not shown = below that report's top-N list and absent from its Foreground Wait Events: unknown, not zero; "
      "its change is then a bound against the smallest time that list shows (≥ / ≤).");
  if (used_full_list)
    table.notes.push_back("Values for an event outside a report's top list come from its Foreground Wait Events section.");
  table.notes.push_back("Change /s = change of wait time per second of elapsed; avg (ms) = average wait.");
  if (m_target.kind == ReportKind::statspack || (has_base() && m_base->kind == ReportKind::statspack))
    table.notes.push_back(
        "Statspack: %DB is the report's % Total Call Time (DB CPU and non-idle waits, background "
        "included), not % of DB time; idle events of its top list are left out.");
  m_out.tables.push_back(std::move(table));
}

void Differ::wait_classes() {
  if (m_target.wait_classes.empty() && (!has_base() || m_base->wait_classes.empty())) return;
  SideBySide spec{"wait_classes",
                  "Wait classes",
                  "Wait class",
                  {},
                  {{"time_s", "time (s)", "s", 1}, {"pct_db_time", "%DB", "%", 1}},
                  true,
                  true,
                  "wait_class.time_per_s"};
  auto names = union_names([](const Snapshot& s) {
    std::vector<std::string> v;
    for (const auto& w : s.wait_classes) v.push_back(w.name);
    return v;
  });
  // This table shows the report's 'Wait Classes by Total Wait Time' (background waits included), not
  // the registry's wait_class family (foreground waits, the part of DB time): its own figures.
  auto items = side_items(names, [](const Snapshot& s, const std::string& n) -> Found {
    if (s.wait_classes.empty()) return {Unknown::Why::not_in_report, {}, {}, {}};
    for (const auto& w : s.wait_classes)
      if (w.name == n) return {std::nullopt, {w.time_s, w.pct_db_time}, rate(w.time_s, s.interval.elapsed_s), w.pct_db_time};
    return {Unknown::Why::not_shown, {}, {}, {}};
  });
  sort_by_share(items);
  assess_as_db_time_table(items);
  auto table = side_by_side(spec, items, has_base());
  auto global = [](const Snapshot& s) { return s.kind == ReportKind::awr_global; };
  const bool any_global = global(m_target) || (has_base() && global(*m_base));
  const bool all_global = global(m_target) && (!has_base() || global(*m_base));
  if (all_global)
    table.notes.push_back(
        "From the RAC global report's Foreground Wait Classes, cluster totals (the 'Sum' row): user "
        "sessions' waits only.");
  else
    table.notes.push_back(std::string("From 'Wait Classes by Total Wait Time': background waits included (System I/O is mostly "
                                      "the log writer's and DB writer's)") +
                          (any_global ? "; a RAC global report's figures are its foreground wait classes' cluster totals" : "") +
                          ". 'Where the change comes from' uses Foreground Wait Class instead.");
  m_out.tables.push_back(std::move(table));
}

void Differ::time_model() {
  SideBySide spec{"time_model",
                  "Time model",
                  "Statistic",
                  {},
                  {{"time_s", "time (s)", "s", 1}, {"pct_db_time", "%DB", "%", 1}},
                  true,
                  true,
                  "time_model.time_per_s"};
  auto names = union_names([](const Snapshot& s) {
    std::vector<std::string> v;
    for (const auto& r : s.time_model) v.push_back(r.name);
    return v;
  });
  m_time_model = side_items(names, [](const Snapshot& s, const std::string& n) -> Found {
    const auto* row = s.time_model_row(n);
    if (row == nullptr) return {s.time_model.empty() ? Unknown::Why::not_in_report : Unknown::Why::not_shown, {}, {}, {}};
    return {std::nullopt, {row->time_s, row->pct_db_time}, metric_value(s, "time_model:" + n + ":time_per_s"), row->pct_db_time};
  });
  assess_as_db_time_table(m_time_model);
  m_out.tables.push_back(side_by_side(spec, m_time_model, has_base()));
}

}  // namespace awrdiff::detail::differ
