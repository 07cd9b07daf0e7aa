// Reading the history store for `awrdiff fleet` (docs/fleet.md): every series' latest period, and the periods of a
// range with a few of their values and their latest stored votes, in three queries whatever the size of the fleet.
#include <awrdiff/history.hpp>

#include "history/sql.hpp"
#include "history/store_internal.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <tuple>
#include <unordered_map>

namespace awrdiff {

using namespace detail::history;  // store_internal.hpp: the SQL types and the helpers

namespace {

using SeriesId = std::tuple<std::uint64_t, std::uint64_t, int>;  // DB Id, container (0: none), instance (0: cluster)

SeriesId id_of(const HistoryPeriod& p) { return {p.dbid, p.con_dbid.value_or(0), p.instance_number.value_or(0)}; }

// A period's latest stored check (the cron's vote): its status, the like periods it was checked against (its --match)
// and its order among the checks (a series' latest vote gives the series its cron's --match).
struct Vote {
  std::string status, match;
  std::int64_t order = 0;
};

// The latest vote of each period checked since `from_epoch` (a later check of a period replaces its vote), by period id.
std::unordered_map<std::int64_t, Vote> latest_votes(HistoryStore::Impl& impl, std::int64_t from_epoch) {
  std::unordered_map<std::int64_t, Vote> votes;
  const SqlValue from_param[] = {from_epoch};
  impl.c->query(
      "SELECT p.period_id, c.status, c.match_periods, c.check_id FROM checks c JOIN periods p ON p.period_key = "
      "c.period_key WHERE c.end_epoch >= ? ORDER BY c.check_id",
      from_param, [&](const SqlRow& r) {
        votes[r.integer(0)] = {r.text(1), r.text(2), r.integer(3)};
      });
  return votes;
}

}  // namespace

std::vector<FleetSeriesRows> HistoryStore::fleet_rows(std::int64_t from_epoch, std::int64_t to_epoch,
                                                      const std::vector<std::string>& metrics, std::int64_t detail_from_epoch) {
  std::vector<FleetSeriesRows> out;
  std::map<SeriesId, std::size_t> index;
  try {
    m_impl->check_integrity("read");  // a page of a damaged store would be silently incomplete
    // 1. Each series' latest period that begins at or before the end of the range (a silent one: its last).
    const std::string latest = fmt::format(
        "SELECT {}, p.begin_epoch, p.end_epoch FROM periods p JOIN (SELECT dbid, con_dbid, instance_number, "
        "max(begin_epoch) AS b FROM periods WHERE begin_epoch <= ? GROUP BY dbid, con_dbid, instance_number) m "
        "ON p.dbid = m.dbid AND p.con_dbid = m.con_dbid AND p.instance_number = m.instance_number AND p.begin_epoch = m.b "
        "ORDER BY p.dbid, p.con_dbid, p.instance_number, p.end_epoch, p.period_key",
        k_period_columns);
    const SqlValue to_param[] = {to_epoch};
    m_impl->c->query(latest, to_param, [&](const SqlRow& r) {
      HistoryPeriod p = read_period(r);
      const SeriesId id = id_of(p);
      auto [it, fresh] = index.emplace(id, out.size());
      if (fresh) out.emplace_back();
      auto& s = out[it->second];  // periods of one begin: the one that ends last
      s.latest_begin_epoch = r.opt_integer(k_period_column_count);
      s.latest_end_epoch = r.opt_integer(k_period_column_count + 1);
      s.latest = std::move(p);
    });
    // 2. The latest vote of each period checked in the range.
    const std::unordered_map<std::int64_t, Vote> votes = latest_votes(*m_impl, from_epoch);
    std::map<const FleetSeriesRows*, std::int64_t> latest_vote;  // series -> the order of the vote its vote_match is of
    // 3. The periods of the range with the values asked for, one row per period and value: only the columns the page
    // reads, and the texts only from `detail_from_epoch` on (720,000 periods are read in a month of 1,000 databases).
    std::vector<std::int64_t> ids;
    for (const auto& k : metrics)
      if (const auto mid = m_impl->metric_id(k); mid >= 0) ids.push_back(mid);
    const std::string join =
        ids.empty() ? std::string("LEFT JOIN metric_values v ON 1 = 0")
                    : fmt::format(
                          "LEFT JOIN metric_values v ON v.dbid = p.dbid AND v.period_id = p.period_id AND v.begin_epoch >= ? "
                          "AND v.begin_epoch <= ? AND v.metric_id IN ({})",
                          fmt::join(ids, ", "));
    const std::string rows = fmt::format(
        "SELECT p.period_id, p.dbid, p.con_dbid, p.instance_number, p.begin_snap, p.end_snap, "
        "CASE WHEN p.begin_epoch >= ? THEN p.begin_time ELSE '' END, CASE WHEN p.begin_epoch >= ? THEN p.end_time ELSE '' END, "
        "p.elapsed_s, p.valid, p.begin_epoch, p.end_epoch, p.startup_epoch, "
        "CASE WHEN p.begin_epoch >= ? THEN p.source ELSE '' END, CASE WHEN p.begin_epoch >= ? THEN p.startup_time ELSE '' END, "
        "v.metric_id, v.value FROM periods p {} "
        "WHERE p.begin_epoch >= ? AND p.begin_epoch <= ? ORDER BY p.dbid, p.con_dbid, p.instance_number, p.begin_epoch, "
        "p.period_id",
        join);
    // PostgreSQL would compile this one statement's 820,000 index lookups (about 1 s of JIT) for no gain: its rows
    // are simple reads. A server without the setting (before 11) keeps its own.
    if (m_impl->c->dialect() == detail::SqlDialect::postgresql) {
      try {
        m_impl->c->exec("SET jit = off");
      } catch (const SqlError&) {}
    }
    std::int64_t last_id = -1;
    FleetRow* row = nullptr;
    FleetSeriesRows::Sample* sample = nullptr;
    FleetSeriesRows* series = nullptr;
    // The values' rows carry their period's DB Id and begin (schema 2): the range on them prunes PostgreSQL's month
    // partitions of metric_values, as the one on the periods prunes theirs.
    std::vector<SqlValue> range = {detail_from_epoch, detail_from_epoch, detail_from_epoch, detail_from_epoch};
    if (!ids.empty()) range.insert(range.end(), {SqlValue(from_epoch), SqlValue(to_epoch)});
    range.insert(range.end(), {SqlValue(from_epoch), SqlValue(to_epoch)});
    m_impl->c->query(rows, range, [&](const SqlRow& r) {
      const std::int64_t id = r.integer(0);
      if (id != last_id) {
        last_id = id;
        const SeriesId sid{static_cast<std::uint64_t>(r.integer(1)), static_cast<std::uint64_t>(r.integer(2)),
                           static_cast<int>(r.integer(3))};
        if (series == nullptr || id_of(series->latest) != sid) {
          const auto it = index.find(sid);
          series = it == index.end() ? nullptr : &out[it->second];
        }
        row = nullptr;
        sample = nullptr;
        if (series == nullptr) return;  // a period that began after the latest query ran: read at its next run
        const auto b = r.opt_integer(10), e = r.opt_integer(11);
        const auto vote = votes.find(id);
        if (vote != votes.end()) {
          auto [it, fresh] = latest_vote.emplace(series, vote->second.order);
          if (fresh || vote->second.order >= it->second) {
            it->second = vote->second.order;
            series->vote_match = vote->second.match;
          }
        }
        if (b && e) {
          series->samples.push_back(
              {*b, *e, r.opt_integer(12), 0, false, r.integer(9) != 0, vote != votes.end() && vote->second.status == "fail"});
          sample = &series->samples.back();
        }
        if (!b || *b < detail_from_epoch) return;
        series->rows.emplace_back();
        row = &series->rows.back();
        auto& p = row->period;
        p.begin_snap = r.opt_integer(4);
        p.end_snap = r.opt_integer(5);
        p.begin_time = r.text(6);
        p.end_time = r.text(7);
        p.elapsed_s = r.opt_real(8);
        p.valid = r.integer(9) != 0;
        p.source = r.text(13);
        p.startup_time = r.text(14);
        row->begin_epoch = r.opt_integer(10);
        row->end_epoch = r.opt_integer(11);
        row->startup_epoch = r.opt_integer(12);
        if (vote != votes.end()) row->vote = vote->second.status;
      }
      const auto mid = r.opt_integer(15);
      if (!mid || r.is_null(16)) return;
      if (sample != nullptr && !ids.empty() && *mid == ids.front()) {
        sample->value = r.real(16);
        sample->has_value = true;
      }
      if (row != nullptr)
        if (const auto k = m_impl->metric_keys.find(*mid); k != m_impl->metric_keys.end()) row->values[k->second] = r.real(16);
    });
  } catch (const SqlError& e) { m_impl->fail(e, "reading the fleet's periods"); }
  return out;
}

}  // namespace awrdiff
