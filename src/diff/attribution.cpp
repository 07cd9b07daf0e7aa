// Where the change in DB time per second comes from: DB CPU, each wait class (Foreground Wait Class
// where both reports have it), the time outside DB CPU and waits, and over-accounting, with each part's
// share of the change. Also fills the facts the findings and the headline start from (DB time per
// second, the parts, the unit family of changes).
#include <awrdiff/diff.hpp>

#include "diff/differ.hpp"
#include "diff/facts.hpp"

#include <algorithm>
#include <cmath>

namespace awrdiff::detail::differ {

// A share of the change in DB time is only worth printing when that change is material: a part
// divided by a change near zero is noise, however large.
bool Differ::shares_mean_something() const {
  const auto d = m_facts.delta_db_time_aas();
  return d && *d != 0 &&
         assess("db_time_per_s", m_facts.base_db_time_aas.value_or(0), m_facts.target_db_time_aas.value_or(0)).material();
}

// Where the change in DB time per second comes from: DB CPU, each wait class, and the rest.
void Differ::attribution() {
  m_facts.base = m_base;
  m_facts.target = &m_target;
  m_facts.base_db_time_aas = has_base() ? metric_value(*m_base, "db_time_per_s") : std::nullopt;
  m_facts.target_db_time_aas = metric_value(m_target, "db_time_per_s");
  if (!has_base() || !m_facts.delta_db_time_aas()) return;
  const auto be = base_elapsed(), te = target_elapsed();
  m_facts.in_aas = detail::states_in_aas(*m_facts.delta_db_time_aas(), te);
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
  t.changes_only = true;
  t.title = "Where the change in DB time per second comes from";
  t.columns = {{"component", "Component", "", ColumnKind::text, 0},
               {"base_aas", "Base /s", "AAS", ColumnKind::number, 3},
               {"target_aas", "Target /s", "AAS", ColumnKind::number, 3},
               {"delta_aas", "Δ /s", "AAS", ColumnKind::delta, 3},
               {"share_pct", "Share of Δ", "%", ColumnKind::number, 0},
               {"assessment", "Assessment", "", ColumnKind::text, 0, ColumnRole::assessment}};
  for (const auto& p : parts) {
    if (p.delta() && std::fabs(*p.delta()) < 0.0005 && std::fabs(p.target.value_or(0)) < 0.0005) continue;
    CompareRow r;
    r.cells = {p.name,
               cell(p.base),
               cell(p.target),
               cell(p.delta()),
               shares_mean_something() && p.delta() ? CompareCell(*p.delta() / delta * 100) : CompareCell(),
               p.name.starts_with("Over-accounted")
                   ? CompareCell()
                   : assessment_cell(p.name == "DB CPU" ? "db_cpu_per_s" : "wait_class.time_per_s", p.base, p.target)};
    t.rows.push_back(std::move(r));
  }
  t.rows.push_back({{std::string("DB time"), cell(m_facts.base_db_time_aas), cell(m_facts.target_db_time_aas), delta,
                     shares_mean_something() ? CompareCell(100.0) : CompareCell(),
                     assessment_cell("db_time_per_s", m_facts.base_db_time_aas, m_facts.target_db_time_aas)}});
  t.notes.push_back(
      "Per second of elapsed, in average active sessions (AAS). Share of Δ = the component's change / the change "
      "of DB time per second; parts moving against the total have negative shares.");
  if (complete && classes)
    t.notes.push_back(
        "Outside DB CPU and waits = DB time - DB CPU - non-idle wait time: the CPU run queue when the host is "
        "busy, else time Oracle does not instrument as a wait.");
  for (const auto& p : parts)
    if (p.name.starts_with("Over-accounted")) {
      t.notes.push_back(
          "Over-accounted: DB CPU and waits add up to more than DB time in that report (overlapping "
          "instrumentation, e.g. waits of calls still running at a snapshot).");
      break;
    }
  if (classes && !fg)
    t.notes.push_back(
        "Wait classes from 'Wait Classes by Total Wait Time', which includes background waits: the parts can "
        "add up to more than DB time (no Foreground Wait Class section in both reports).");
  m_out.tables.push_back(std::move(t));
}

}  // namespace awrdiff::detail::differ
