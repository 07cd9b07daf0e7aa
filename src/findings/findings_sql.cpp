// The findings rules of the SQL: hard parsing, literal SQL that appears or goes, a statement under a new sql_id,
// a plan change, and the statements that carry the change of DB time. Class Rules: findings_rules.hpp;
// docs/findings.md.
#include "findings/findings_rules.hpp"

#include <algorithm>
#include <cmath>

namespace awrdiff::detail::rules {

void Rules::hard_parse() {
  const Pair hp = lp("hard_parses");
  const Pair hpe = tm_rate("hard parse elapsed time");
  const Pair pte = tm_rate("parse time elapsed");
  const auto a_rate = assess("load_profile.hard_parses", hp.b, hp.t);
  const auto a_time = assess("time_model.time_per_s", hpe.b, hpe.t);
  const auto a_parse = assess("time_model.time_per_s", pte.b, pte.t);
  const bool time_material = a_time.material() || (!hpe.b && !hpe.t && a_parse.material());
  if (!a_rate.material() && !time_material) return;
  // Parsing that stays under 2% of DB time on both sides is not where the time went.
  const Pair parse_share = share_of_db(hpe.b || hpe.t ? hpe : pte);
  if (std::max(parse_share.b.value_or(0), parse_share.t.value_or(0)) < k_parse_min_share_pct &&
      std::max(share_of_db(pte).b.value_or(0), share_of_db(pte).t.value_or(0)) < k_parse_min_share_pct)
    return;
  Finding f;
  f.rule = "hard_parse";
  f.direction = time_material ? (a_time.material() ? a_time.kind : a_parse.kind) : a_rate.kind;
  const bool up = f.direction == ChangeKind::worse;
  f.impact_aas = a_time.material() ? *a_time.delta : (a_parse.material() ? *a_parse.delta : 0);
  std::string what = fmt::format("Hard parsing {}:", up ? "rose" : "fell");
  // The time and the count moved apart (fewer hard parses, each slower; more, each faster): both said, never "fell"
  // beside a count that rose.
  if (time_material && a_rate.material() && a_rate.kind != f.direction)
    what = fmt::format("Hard parse time {} while hard parses {}:", up ? "rose" : "fell",
                       a_rate.kind == ChangeKind::worse ? "rose" : "fell");
  if (hpe.b && hpe.t)
    what += fmt::format(" hard parse elapsed {} s per second ({} of DB time);", arrow(hpe.b, hpe.t, 2),
                        arrow(share_of_db(hpe).b, share_of_db(hpe).t, 0, "%"));
  if (hp.b || hp.t) what += fmt::format(" {} hard parses/s{}", arrow(hp.b, hp.t, 1), pct_change(hp.b, hp.t));
  if (what.back() == ';') what.pop_back();
  if (a_time.material() && !a_rate.material() && hp.b && hp.t && *hp.b > 0 && *hp.t > 0)
    f.evidence.push_back(
        fmt::format("about as many hard parses, each {}: {} ms per hard parse (shared pool / library cache "
                    "contention or CPU starvation)",
                    up ? "slower" : "faster", arrow(*hpe.b / *hp.b * 1000, *hpe.t / *hp.t * 1000, 1)));
  f.title = what;
  // Without the time model's parse times (a report cut before it) the cause is the rate, not "+0.0 s".
  f.cause = f.impact_aas != 0 || !(hp.b && hp.t) ? fmt::format("hard parsing {}", seconds(f.impact_aas))
                                                 : fmt::format("hard parses {} /s", arrow(hp.b, hp.t, 1));
  if (pte.b && pte.t)
    f.evidence.push_back(
        a_time.material() && a_parse.material() && a_parse.kind != a_time.kind
            ? fmt::format("parse time elapsed {} s per second: it {} while hard parse time {}: the time of the other parses "
                          "(soft parses, waits while parsing) moved the other way",
                          arrow(pte.b, pte.t, 2), a_parse.kind == ChangeKind::worse ? "rose" : "fell", up ? "rose" : "fell")
            : fmt::format("parse time elapsed {} s per second", arrow(pte.b, pte.t, 2)));
  const Pair parses = lp("parses");
  if (parses.b && parses.t && hp.b && hp.t && *parses.b > 0 && *parses.t > 0)
    f.evidence.push_back(fmt::format("{} of parses are hard", arrow(*hp.b / *parses.b * 100, *hp.t / *parses.t * 100, 0, "%")));
  const Pair ex = lp("executes");
  if (ex.b && ex.t) f.evidence.push_back(fmt::format("executes {} /s", arrow(ex.b, ex.t, 1)));
  for (std::size_t i = 0; i < m_f.literal_groups.size() && i < 3; ++i)
    f.evidence.push_back(fmt::format("literal SQL: {} -> {} listed sql_ids share the shape \"{}\"",
                                     m_f.literal_groups[i].base.size(), m_f.literal_groups[i].target.size(),
                                     short_text(m_f.literal_groups[i].example)));
  for (const auto& p : m_f.sql)
    if (p.text_match != SignatureMatch::none && p.binds_changed)
      f.evidence.push_back(fmt::format("SQL {} changed sql_id (same text, literals/binds folded)", p.label()));
  f.metrics = {metric("time_model:hard parse elapsed time:time_per_s", "hard parse elapsed time per second", "AAS", hpe),
               metric("load_profile.hard_parses", "Hard parses per second", "/s", hp),
               metric("time_model:parse time elapsed:time_per_s", "parse time elapsed per second", "AAS", pte)};
  add(std::move(f));
}

void Rules::literal_sql() {
  // Literal SQL in both periods is a standing problem, not a change: report the shapes that appear
  // or go, one finding per direction.
  for (const bool appeared : {true, false}) {
    Finding f;
    f.rule = "literal_sql";
    f.direction = appeared ? ChangeKind::worse : ChangeKind::better;
    std::size_t shapes = 0;
    for (const auto& g : m_f.literal_groups) {
      const bool up = g.base.size() < 3 && g.target.size() >= 3;
      const bool down = g.base.size() >= 3 && g.target.size() < 3;
      if (appeared ? !up : !down) continue;
      const Pair ela{per_second(g.base_elapsed_s, el(m_b)), per_second(g.target_elapsed_s, el(m_t))};
      // A merged set knows a literal statement's figures only when every member lists it: then the
      // shape counts by its sql_ids alone.
      auto partly_unknown = [](const Snapshot& s, const std::vector<const SqlStat*>& v) {
        return s.members > 1 && std::any_of(v.begin(), v.end(), [](const SqlStat* q) { return !q->elapsed_s; });
      };
      const bool unknown = appeared ? partly_unknown(m_t, g.target) : partly_unknown(m_b, g.base);
      if (!unknown && std::max(ela.b.value_or(0), ela.t.value_or(0)) < k_literal_min_aas) continue;  // too small to matter
      ++shapes;
      // A side whose ids the lists give no elapsed for is unknown, never 0.
      auto side = [](const OptDouble& v) { return v ? grouped(*v, 3) + " s" : std::string("not in the lists"); };
      if (shapes <= 3)
        f.evidence.push_back(
            fmt::format("{} -> {} listed sql_ids, {}: {}", g.base.size(), g.target.size(),
                        unknown          ? std::string("elapsed not known for the set (each id is in some of its reports only)")
                        : ela.b && ela.t ? arrow(ela.b, ela.t, 3) + " s elapsed per second"
                                         : fmt::format("elapsed per second {} -> {}", side(ela.b), side(ela.t)),
                        short_text(g.example, 80)));
      // The statement of the shape the other period ran under one sql_id (Top SQL's "literals -> binds").
      for (const auto& p : m_f.sql) {
        if (shapes > 3 || p.status != "literal group") continue;
        const auto& ids = appeared ? g.target : g.base;
        if (std::find(ids.begin(), ids.end(), p.literal_group.front()) == ids.end()) continue;
        const SqlStat& one = p.any();
        f.evidence.push_back(fmt::format(
            "{} one sql_id in the {}: SQL {}, {} executions, {} s elapsed per second ({}); its change against the ids "
            "listed {}",
            appeared ? "ran as" : "runs as", appeared ? "base" : "target", one.sql_id, num(one.executions, 0),
            num(appeared ? p.base_rate : p.target_rate, 3), short_text(one.text, 60),
            p.delta_aas
                ? fmt::format("is {:+.3f} s per second or {}", *p.delta_aas, p.at_least == (*p.delta_aas > 0) ? "more" : "less")
                : std::string("is unknown (none of them has its elapsed in the lists)")));
      }
      f.metrics.push_back(metric("literal_sql.sql_ids", short_text(g.example, 40), "",
                                 {static_cast<double>(g.base.size()), static_cast<double>(g.target.size())}));
    }
    if (shapes == 0) continue;
    if (shapes > 3) f.evidence.push_back(fmt::format("and {} more shapes (see the Literal SQL table)", shapes - 3));
    f.evidence.push_back(
        "each literal value is a new sql_id and a hard parse; the lists show only the top statements, so the "
        "real number of sql_ids is higher. Bind variables fold them into one cursor.");
    f.title = fmt::format("Literal SQL {}: {} statement shape{} listed under 3 or more sql_ids in the {} only",
                          appeared ? "appeared" : "went away", shapes, shapes == 1 ? "" : "s", appeared ? "target" : "base");
    f.cause = appeared ? "literal SQL" : "literal SQL gone";
    add(std::move(f));
  }
}

void Rules::sql_changed() {
  for (const auto& p : m_f.sql) {
    if (p.text_match == SignatureMatch::none || !p.binds_changed) continue;
    const auto a = assess("sql.elapsed_per_s", p.base_rate, p.target_rate);
    Finding f;
    f.rule = "sql_changed";
    f.direction = a.material() ? a.kind : ChangeKind::changed;
    f.impact_aas = p.delta_aas.value_or(0);
    const int bb = sql_shape(p.base->text).binds, tb = sql_shape(p.target->text).binds;
    f.title = fmt::format("SQL {} runs as {} now: {} (same text otherwise; confidence {}): elapsed {} s per second{}",
                          p.base->sql_id, p.target->sql_id, tb > bb ? "literals became binds" : "binds became literals",
                          p.confidence, arrow(p.base_rate, p.target_rate, 3), pct_change(p.base_rate, p.target_rate));
    f.cause = fmt::format("SQL {} {}", p.label(), seconds(f.impact_aas));
    if (!p.parent.empty()) {
      // Inside a PL/SQL call: its time is the call's (sql_regression names the call), never counted a second time.
      f.impact_aas = 0;
      f.cause = fmt::format("SQL {} changed sql_id", p.label());
      f.evidence.push_back(fmt::format("probably runs inside PL/SQL {}: its time is counted in the call's", p.parent));
    }
    f.evidence.push_back(fmt::format("base:   {}", short_text(p.base->text, 100)));
    f.evidence.push_back(fmt::format("target: {}", short_text(p.target->text, 100)));
    const Pair per_exec = sql_value(p, "elapsed_per_exec_ms");
    f.evidence.push_back(fmt::format("executions {}; elapsed per execution {}",
                                     arrow(p.base->executions, p.target->executions, 0), per_exec_arrow(per_exec.b, per_exec.t)));
    f.metrics = {metric("sql.elapsed_per_s", "SQL " + p.label() + " elapsed per second", "AAS", {p.base_rate, p.target_rate})};
    add(std::move(f));
  }
}

void Rules::plan_change() {
  for (const auto& p : m_f.sql) {
    if (p.base == nullptr || p.target == nullptr || !p.base->plan_hash_value || !p.target->plan_hash_value) continue;
    if (*p.base->plan_hash_value == *p.target->plan_hash_value) continue;
    const Pair per_exec = sql_value(p, "elapsed_per_exec_ms");
    const auto& bpe = per_exec.b;
    const auto& tpe = per_exec.t;
    const auto a = assess("sql.elapsed_per_exec_ms", bpe, tpe);
    if (!a.material()) continue;
    Finding f;
    f.rule = "plan_change";
    f.direction = a.kind;
    f.impact_aas = p.delta_aas.value_or(0);
    f.title = fmt::format("SQL {} changed plan (plan hash value {} -> {}): elapsed per execution {}{}", p.label(),
                          *p.base->plan_hash_value, *p.target->plan_hash_value, per_exec_arrow(bpe, tpe), pct_change(bpe, tpe));
    f.cause = fmt::format("SQL {} plan change", p.label());
    f.evidence.push_back(short_text(p.any().text, 100));
    f.metrics = {metric("sql:" + p.any().sql_id + ":elapsed_per_s", "SQL " + p.label() + " elapsed per second", "AAS",
                        {p.base_rate, p.target_rate})};
    add(std::move(f));
  }
}

// A statement the SQL rules name as one: the same sql_id in both periods, or one whose sql_id changed with its text
// the same but for comments and spacing (SignatureMatch::near). Literals that became binds are sql_changed's.
bool Rules::one_statement(const SqlPair& p) {
  return p.text_match == SignatureMatch::none || (p.text_match == SignatureMatch::near && !p.binds_changed);
}

void Rules::sql_regression() {
  const auto d = m_f.delta_db_time_aas();
  if (!d || !assess("db_time_per_s", m_f.base_db_time_aas, m_f.target_db_time_aas).material()) return;
  std::vector<const SqlPair*> list;
  for (const auto& p : m_f.sql)
    if (p.delta_aas && p.parent.empty() && one_statement(p) && *p.delta_aas * *d > 0 &&
        std::fabs(*p.delta_aas) >= k_carrier_share * std::fabs(*d) &&
        (p.status == "both" || p.status == "new" || p.status == "gone"))
      list.push_back(&p);
  std::stable_sort(list.begin(), list.end(),
                   [](const auto* a, const auto* b) { return std::fabs(*a->delta_aas) > std::fabs(*b->delta_aas); });
  if (list.size() > k_max_carriers) list.resize(k_max_carriers);
  const SqlPair* offset = nullptr;
  for (const auto& p : m_f.sql)
    if (p.delta_aas && p.parent.empty() && one_statement(p) && *p.delta_aas * *d < 0 &&
        std::fabs(*p.delta_aas) >= k_offset_share * std::fabs(*d) &&
        (p.status == "both" || p.status == "new" || p.status == "gone") &&
        (offset == nullptr || std::fabs(*p.delta_aas) > std::fabs(*offset->delta_aas)))
      offset = &p;
  if (offset != nullptr) list.push_back(offset);
  for (const auto* p : list) {
    Finding f;
    f.rule = "sql_regression";
    f.direction = *p->delta_aas > 0 ? ChangeKind::worse : ChangeKind::better;
    f.impact_aas = *p->delta_aas;
    const std::string share =
        *p->delta_aas * *d > 0 ? fmt::format("{:.0f}% of the change in DB time", *p->delta_aas / *d * 100)
                               : fmt::format("{:.0f}% of the change in DB time, against it", std::fabs(*p->delta_aas / *d * 100));
    const SqlStat& s = p->any();
    const std::string text = (s.module.empty() ? "" : "[" + s.module + "] ") + short_text(s.text, 80);
    if (p->status == "new" || p->status == "gone") {
      // The statement's elapsed as its report gives it; the change is a bound against the other
      // report's cut-off, stated apart.
      const bool is_new = p->status == "new";
      const SqlStat& q = is_new ? *p->target : *p->base;
      f.title = fmt::format(
          "SQL {} is {}: {} s elapsed in the {} ({} s per second); not in the {}'s lists, so its change is "
          "{} or more ({}{})",
          s.sql_id, p->status, num(q.elapsed_s, 1), is_new ? "target" : "base", num(is_new ? p->target_rate : p->base_rate, 2),
          is_new ? "base" : "target", seconds(*p->delta_aas), p->bound ? "at least " : "", share);
      f.cause = fmt::format("SQL {} {} ({} or more)", s.sql_id, p->status, seconds(*p->delta_aas));
    } else {
      f.title = fmt::format("SQL {} {} ({}): {}", p->label(), seconds(*p->delta_aas), share,
                            p->why.empty() ? "elapsed per second " + arrow(p->base_rate, p->target_rate, 3) : p->why);
      f.cause = fmt::format("SQL {} {}", p->label(), seconds(*p->delta_aas));
      if (p->text_match == SignatureMatch::near)
        f.evidence.push_back(
            fmt::format("sql_id changed: {} in the base, {} in the target, the same text but for comments "
                        "and spacing (confidence {})",
                        p->base->sql_id, p->target->sql_id, p->confidence));
    }
    f.evidence.push_back(text);
    // Its statements, the ones only one period lists too (a job that coalesced another index): their
    // time is the call's, never a second cause.
    for (const auto& c : m_f.sql)
      if (c.parent == s.sql_id)
        f.evidence.push_back(fmt::format("runs {} ({}{}), whose time is part of this call's", c.label(),
                                         short_text(c.any().text, 60),
                                         c.status == "new"                      ? "; in the target only"
                                         : c.status == "gone"                   ? "; in the base only"
                                         : c.text_match != SignatureMatch::none ? "; sql_id changed"
                                                                                : ""));
    if (p->status == "both") {
      const Pair per_exec = sql_value(*p, "elapsed_per_exec_ms");
      const std::string minutes =
          arrow(el(m_b) ? OptDouble(*el(m_b) / 60) : std::nullopt, el(m_t) ? OptDouble(*el(m_t) / 60) : std::nullopt, 1);
      if (!p->base->executions && !p->target->executions) {  // blank Executions: no call completed in either period
        // The minutes are the periods' lengths, not the statement's: said as such, apart from its elapsed.
        auto mins = [](const OptDouble& e) { return e ? detail::grouped(*e / 60, 1) : std::string("?"); };
        f.evidence.push_back(
            fmt::format("executions blank on both sides: no call of it completed within either period ({} and {} min long); "
                        "its elapsed is time of calls still running across the snapshots (long calls, or sessions held in them)",
                        mins(el(m_b)), mins(el(m_t))));
      } else {
        f.evidence.push_back(fmt::format("executions {} in {} min, elapsed per execution {}",
                                         arrow(p->base->executions, p->target->executions, 0), minutes,
                                         per_exec_arrow(per_exec.b, per_exec.t)));
      }
    }
    f.metrics = {metric("sql:" + s.sql_id + ":elapsed_per_s", "SQL " + s.sql_id + " elapsed per second", "AAS",
                        {p->base_rate, p->target_rate})};
    add(std::move(f));
  }
}

}  // namespace awrdiff::detail::rules
