// The fleet benchmark (bench/fleet/fleet.sh, docs/benchmark.md "A fleet in one store"): N databases x D days of hourly
// periods made from the corpus's real reports, written into one history store by W concurrent writers through the
// library's `history add` path (prepare_history_period + HistoryStore::add, one transaction per period), with labelled
// incidents in a truth file.
//   awrdiff_fleet_bench --store LOCATION --corpus DIR --out DIR [--dbs N] [--days D] [--writers W] [--body-days B]
//                       [--gate-dbs G] [--seed S] [--verify-gate]
// Each database is one real report's shape (its figures, events and classes) with its own DB Id, name, host and
// instance count (every fifth a 2-node RAC, one series per instance), its load scaled and given a daily and weekly
// cycle (its own phase) and noise; restarts, a missing hour, a cron job that stopped, and the autumn DST day (the
// 02:00 hour twice in local time) on some of them. Incidents, labelled in OUT/truth.tsv: storms of 1-6 periods (a wait
// event taking over), steps (a plan change: one statement's cost per execution x3, from an hour on), latency shifts
// (log file sync / db file sequential read x3 for 12 hours), load rises that are no regression (more work at the same
// cost, 3-6 hours) and one slow creep over two weeks.
// The first G databases (the gate's) are not written here: their hourly periods are saved as snapshot JSON in
// OUT/gate/DBID/NNNN.json for fleet.sh to check one by one with `awrdiff check --history --add` as the cron would.
// The snapshot body stored with a period is its database's shape (compressed once per database: the size of a real
// body, not re-serialised every hour), and only for the last B days, the state a daily `history prune
// --bodies-older-than Bd` keeps. The detail stored with every period (schema 3) is its own: its events and wait classes
// as scaled, with its shape's top SQL (the periods are made without SQL lists). At the end: every database's periods
// are counted against what was written (nothing lost, nothing twice; 1% of the periods are added a second time, as a
// cron job that retries). --verify-gate (the same options, after fleet.sh's checks): only counts the gate's databases
// in the store.
#include <awrdiff/history.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/period_detail.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using awrdiff::Snapshot;

namespace {

// The month: 2026-10-05 (a Monday) onwards; the EU's autumn DST day (2026-10-25) falls inside it.
constexpr std::int64_t k_start = 1791158400;  // 2026-10-05T00:00:00
constexpr int k_dst_day = 20;  // 2026-10-25

struct Options {
  std::string store, corpus, out;
  int dbs = 10, days = 3, writers = 8, body_days = 7, gate_dbs = 2;
  std::uint64_t seed = 37;
  bool verify_gate = false;  // --verify-gate: count the gate's databases in the store (after fleet.sh's checks)
};

struct Db {
  std::uint64_t dbid = 0;
  std::string name, host;
  int shape = 0, instances = 1;
  double scale = 1, weekend = 0.3;  // its work relative to its shape's; the weekend's share of a weekday's
  double time_scale = 1;  // its time per unit of work relative to its shape's (believable_scale: a pile-up's waits cut)
  int phase = 0;  // hours the daily cycle is shifted by
  bool local_time = false;  // DST: the autumn day's 02:00 hour comes twice
  int restart_h = -1, missing_h = -1, stopped_h = -1;  // -1: none
  std::string body;  // its shape's snapshot JSON, zlib
  std::size_t body_json = 0;
};

enum class Kind { storm, step, latency, load_rise, creep };
const char* name_of(Kind k) {
  switch (k) {
    case Kind::storm:
      return "storm";
    case Kind::step:
      return "step";
    case Kind::latency:
      return "latency_shift";
    case Kind::load_rise:
      return "load_rise";
    case Kind::creep:
      return "creep";
  }
  return "?";
}

struct Incident {
  Kind kind;
  std::size_t db = 0;
  int from_h = 0, to_h = 0;  // [from, to)
  double factor = 1;
  std::string event;  // the wait event of a storm or latency shift
};

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

double gauss(std::mt19937_64& rng) {
  const double u1 = (static_cast<double>(rng() >> 11) + 0.5) / 9007199254740992.0;
  const double u2 = static_cast<double>(rng() >> 11) / 9007199254740992.0;
  return std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

// The load of hour `h` (of the month) relative to the database's busiest hour.
double rhythm(const Db& d, int h) {
  const int hour = (h + d.phase + 24) % 24, day = (h / 24) % 7;  // day 0 = Monday
  if (day >= 5) return d.weekend * (hour == 3 ? 2.5 : 1.0);
  if (hour == 2) return 0.8;
  if (hour < 7) return 0.3;
  if (hour < 9) return 0.6;
  if (hour < 18) return hour == 12 ? 0.75 : 1.0;
  if (hour < 22) return 0.5;
  return 0.35;
}

// The shape trimmed to what the registry reads (copies stay cheap).
Snapshot trimmed(Snapshot s) {
  s.sql.clear();
  s.activity.clear();
  s.parameters.clear();
  s.segments.clear();
  s.latches.clear();
  s.wait_histograms.clear();
  s.other_tables.clear();
  s.file_io.clear();
  s.tablespace_io.clear();
  s.dictionary_cache.clear();
  s.library_cache.clear();
  s.enqueues.clear();
  s.mutex_sleeps.clear();
  s.iostat_filetype.clear();
  s.iostat_function.clear();
  s.diagnostics.clear();
  s.has_sql_sections = false;
  return s;
}

// The biggest non-idle foreground wait event of a shape (the one a storm makes take over), else "".
std::string top_wait(const Snapshot& s) {
  std::string best;
  double t = -1;
  for (const auto& e : s.foreground_events)
    if (!e.is_cpu && !e.is_idle && e.time_s && *e.time_s > t) t = *e.time_s, best = e.name;
  return best;
}

struct Effects {
  double time = 1, volume = 1, cpu = 1;  // multipliers: DB time, work done, DB CPU
  std::string event;  // an event whose time is raised by `event_extra` x DB time
  double event_extra = 0, latency = 1;
};

// The incidents active at hour `h` of database `db`, as multipliers.
Effects effects_at(const std::vector<Incident>& incidents, std::size_t db, int h) {
  Effects e;
  for (const auto& i : incidents) {
    if (i.db != db || h < i.from_h || h >= i.to_h) continue;
    switch (i.kind) {
      case Kind::storm:
        e.time *= i.factor;
        e.event = i.event;
        e.event_extra = i.factor - 1;
        break;
      case Kind::step:  // one statement of ~30% of DB time costs x3 per execution: DB time and CPU x1.6
        e.time *= i.factor;
        e.cpu *= i.factor;
        break;
      case Kind::latency:
        e.event = i.event;
        e.latency = i.factor;
        break;
      case Kind::load_rise:
        e.volume *= i.factor;
        break;
      case Kind::creep: {
        const double f = 1 + (i.factor - 1) * (h - i.from_h) / static_cast<double>(i.to_h - i.from_h);
        e.time *= f;
        e.cpu *= f;
        break;
      }
    }
  }
  return e;
}

// Hour `h` of instance `inst` of database `d`: its shape scaled by the rhythm, noise and the incidents. `repeat` 1:
// the second 02:00 hour of the DST day (local time), its own snaps.
Snapshot make_period(const Snapshot& shape, const Db& d, std::size_t db, int inst, int h, int repeat,
                     const std::vector<Incident>& incidents, std::uint64_t seed) {
  std::mt19937_64 rng(seed * 1000003ULL + d.dbid * 131ULL + static_cast<std::uint64_t>(h) * 7ULL +
                      static_cast<std::uint64_t>(inst) + static_cast<std::uint64_t>(repeat) * 17ULL);
  auto noisy = [&](double sd) { return std::max(0.5, 1 + sd * gauss(rng)); };
  const Effects fx = effects_at(incidents, db, h);
  Snapshot s = shape;
  const double totals = 3600 / s.interval.elapsed_s.value_or(3600);
  const double load = rhythm(d, h) * d.scale * fx.volume;
  const double volume_noise = noisy(0.03), time_noise = volume_noise * noisy(0.01);
  const double base = totals * load * time_noise * d.time_scale;  // every time figure before the incidents
  const double base_db_time = s.interval.db_time_s.value_or(0) * base;
  // The time the incidents add: a storm's event takes (factor - 1) x DB time; a latency shift adds its event's extra.
  double event_time = 0;
  for (const auto& e : s.foreground_events)
    if (!fx.event.empty() && e.name == fx.event && e.time_s) event_time = *e.time_s * base;
  const double added = fx.event_extra * base_db_time + event_time * (fx.latency - 1);
  const double db_time = base_db_time * (fx.event_extra > 0 ? 1 : fx.time) + added;
  s.database.dbid = d.dbid;
  s.database.name = d.name;
  s.database.host = d.instances > 1 ? fmt::format("{}{}", d.host, inst) : d.host;
  s.database.instance = fmt::format("{}{}", lower(d.name), inst);
  s.database.instance_number = inst;
  s.database.instances = d.instances;
  s.database.rac = d.instances > 1;
  s.database.startup_time = d.restart_h >= 0 && h >= d.restart_h
                                ? awrdiff::epoch_iso(k_start + std::int64_t{d.restart_h} * 3600 - 300)
                                : std::string("2026-09-01T00:00:00");
  s.source = fmt::format("fleet/{}/{}_{:04d}{}.html", d.name, inst, h, repeat > 0 ? "b" : "");
  const std::int64_t snap = 1000 + h + repeat + (d.local_time && h > k_dst_day * 24 + 2 ? 1 : 0);
  s.interval.begin_snap = snap;
  s.interval.end_snap = snap + 1;
  const std::int64_t begin = k_start + std::int64_t{h} * 3600;
  s.interval.begin_time = awrdiff::epoch_iso(begin).replace(10, 1, " ");
  s.interval.end_time = awrdiff::epoch_iso(begin + 3600).replace(10, 1, " ");
  s.interval.elapsed_s = 3600;
  s.interval.db_time_s = db_time;
  const double cpu = fx.cpu;
  for (auto& r : s.time_model) {
    if (!r.time_s) continue;
    if (r.name == "DB time") r.time_s = db_time;
    else *r.time_s *= base * (r.name == "DB CPU" || r.name == "sql execute elapsed time" ? cpu : 1);
  }
  for (auto* events : {&s.top_events, &s.foreground_events, &s.background_events})
    for (auto& e : *events) {
      if (e.time_s) *e.time_s *= base * (e.is_cpu ? cpu : 1);
      if (e.waits) *e.waits *= totals * load * volume_noise;
      if (e.avg_wait_ms) *e.avg_wait_ms *= noisy(0.03) * d.time_scale;
      if (fx.event.empty() || e.name != fx.event) continue;
      if (e.time_s) *e.time_s = *e.time_s * fx.latency + fx.event_extra * base_db_time;
      if (e.avg_wait_ms) *e.avg_wait_ms *= fx.latency * (1 + fx.event_extra);
    }
  for (auto* classes : {&s.wait_classes, &s.foreground_wait_classes})
    for (auto& w : *classes) {
      if (w.time_s) *w.time_s *= base * (w.name == "DB CPU" ? cpu : 1);
      if (w.waits) *w.waits *= totals * load * volume_noise;
    }
  for (auto& r : s.load_profile) {
    if (!r.per_second) continue;
    if (r.key == "db_time") *r.per_second = db_time / 3600;
    else if (r.key == "db_cpu") *r.per_second *= load * time_noise * cpu * d.time_scale;
    else if (r.key == "background_cpu") *r.per_second *= load * time_noise * d.time_scale;
    else *r.per_second *= load * volume_noise * noisy(0.01);
  }
  if (s.host_cpu.pct_idle) s.host_cpu.pct_idle = 100 - std::min(95.0, (100 - *s.host_cpu.pct_idle) * load * cpu * time_noise);
  return s;
}

}  // namespace

namespace {

// The corpus's AWR instance reports (HTML), parsed: the databases' shapes.
std::vector<Snapshot> load_shapes(const std::string& corpus) {
  std::vector<fs::path> files;
  std::ifstream manifest(fs::path(corpus) / "MANIFEST.tsv");
  std::string line;
  while (std::getline(manifest, line)) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    const std::string file = line.substr(0, tab), kind = line.substr(tab + 1, line.find('\t', tab + 1) - tab - 1);
    if (kind == "awr-html" || kind == "awr-rac-html") files.push_back(fs::path(corpus) / file);
  }
  std::vector<Snapshot> out;
  for (auto& r : awrdiff::load_reports(files)) {
    if (!r.snapshot || !r.snapshot->database.dbid || !r.snapshot->interval.db_time_s || *r.snapshot->interval.db_time_s <= 0 ||
        r.snapshot->foreground_events.empty() || r.snapshot->load_profile.empty())
      continue;
    out.push_back(std::move(*r.snapshot));
  }
  return out;
}

// A database's load relative to its shape, kept believable for the shape's host: its work is the shape's x `spread`
// (log-normal around 1), its time per unit of work the shape's unless that makes no believable database. Some
// reports were taken in a pile-up (a 16-CPU instance at 1,022 AAS of row-lock waits for 15 executions a second): that
// is an incident, not a database's busy hour. So a shape whose AAS is above 60 % of its CPUs keeps its work but waits
// less per unit of it, down to 60 % of its CPUs, and no database's busiest hour (before noise and incidents) exceeds
// its CPU count; a shape without a CPU count keeps its AAS. An idle shape stays idle (its storms are judged by what
// they add: make_incidents). Returns {scale, time_scale} (Db).
std::pair<double, double> believable_scale(const Snapshot& shape, double spread) {
  const double aas = shape.interval.db_time_s.value_or(0) / shape.interval.elapsed_s.value_or(3600);
  const double cpus = shape.database.cpus.value_or(0);
  if (aas <= 0 || cpus <= 0) return {spread, 1.0};
  const double to_normal = aas > 0.6 * cpus ? 0.6 * cpus / aas : 1;
  return {spread, std::min(to_normal, cpus / (aas * spread))};
}

std::vector<Db> make_dbs(const Options& o, const std::vector<Snapshot>& shapes, std::mt19937_64& rng) {
  std::vector<Db> dbs(static_cast<std::size_t>(o.dbs));
  const int hours = o.days * 24;
  for (std::size_t i = 0; i < dbs.size(); ++i) {
    Db& d = dbs[i];
    d.dbid = 3000000000ULL + i * 7919ULL;
    d.name = fmt::format("FL{:04d}", i);
    d.host = fmt::format("fleethost{:03d}", i / 4);
    d.shape = static_cast<int>(i % shapes.size());
    // A RAC global report's shape is the whole cluster's series already (instance 0): one series.
    d.instances = i % 5 == 4 && shapes[static_cast<std::size_t>(d.shape)].kind != awrdiff::ReportKind::awr_global ? 2 : 1;
    std::tie(d.scale, d.time_scale) = believable_scale(shapes[static_cast<std::size_t>(d.shape)], std::exp(gauss(rng) * 0.4));
    d.weekend = 0.2 + 0.3 * static_cast<double>(rng() % 100) / 100;
    d.phase = static_cast<int>(rng() % 3) - 1;
    d.local_time = i % 3 == 0 && hours > k_dst_day * 24 + 3;
    if (i % 7 == 3 && hours > 48) d.restart_h = 24 + static_cast<int>(rng() % static_cast<std::uint64_t>(hours - 24));
    if (i % 4 == 1 && hours > 48) d.missing_h = 24 + static_cast<int>(rng() % static_cast<std::uint64_t>(hours - 24));
    if (i % 97 == 50 && hours > 72) d.stopped_h = hours - 30;  // a cron job that stopped: silent for its last 30 hours
    Snapshot full = shapes[static_cast<std::size_t>(d.shape)];
    full.database.dbid = d.dbid;
    full.database.name = d.name;
    const auto body = awrdiff::prepare_history_period(full, true);
    d.body = body.snapshot_zlib;
    d.body_json = body.snapshot_json_bytes;
  }
  return dbs;
}

// What an incident must add to be one: a storm or a step a DBA is paged for adds DB time, not a ratio of nothing. A
// x4.5 storm on an idle database of 0.0005 AAS adds 0.002 AAS (7 s of DB time in an hour): no DBA is paged for it,
// and no check should page. In AAS (DB time per second) added in at least one of its hours: 0.25 AAS is 15 minutes of
// DB time in the hour that were not there.
constexpr double k_material_aas = 0.25;

// The AAS of hour `h` of database `d` before noise and incidents.
double hour_aas(const Db& d, const Snapshot& shape, int h) {
  return shape.interval.db_time_s.value_or(0) / shape.interval.elapsed_s.value_or(3600) * d.scale * d.time_scale * rhythm(d, h);
}

// Whether DB time x`factor` over hours [from, to) adds k_material_aas in one of them.
bool material(const Db& d, const Snapshot& shape, int from, int to, double factor) {
  for (int h = from; h < to; ++h)
    if ((factor - 1) * hour_aas(d, shape, h) >= k_material_aas) return true;
  return false;
}

// The incidents: per database, about one storm a week, a step on one in six, a latency shift on one in five, a load
// rise on one in four; one creep on the whole fleet (two weeks, DB time per unit of work x2). A storm or step that would
// add nothing material (material(): an idle database) is not injected: the rng draws stay the same either way.
std::vector<Incident> make_incidents(const Options& o, const std::vector<Db>& dbs, const std::vector<Snapshot>& shapes,
                                     std::mt19937_64& rng) {
  std::vector<Incident> out;
  const int hours = o.days * 24, first = std::min(hours - 1, 8 * 24);  // after a week of baseline
  if (hours - first < 12) return out;
  auto at = [&](int room) {
    return first + static_cast<int>(rng() % static_cast<std::uint64_t>(std::max(1, hours - first - room)));
  };
  for (std::size_t i = 0; i < dbs.size(); ++i) {
    const Snapshot& shape = shapes[static_cast<std::size_t>(dbs[i].shape)];
    const int storms = std::max(1, (hours - first) / (24 * 7));
    for (int k = 0; k < storms; ++k) {
      const int len = 1 + static_cast<int>(rng() % 6), from = at(len);
      const double factor = 3.0 + static_cast<double>(rng() % 30) / 10;
      if (material(dbs[i], shape, from, from + len, factor))
        out.push_back({Kind::storm, i, from, from + len, factor, top_wait(shape)});
    }
    if (i % 6 == 2) {
      const int from = at(24);
      if (material(dbs[i], shape, from, std::min(hours, from + 24), 1.6)) out.push_back({Kind::step, i, from, hours, 1.6, ""});
    }
    if (i % 5 == 1) {
      std::string event = "log file sync";
      if (i % 10 == 6) event = "db file sequential read";
      const int from = at(12);
      out.push_back({Kind::latency, i, from, std::min(hours, from + 12), 3.0, event});
    }
    if (i % 4 == 3) {
      const int len = 3 + static_cast<int>(rng() % 4), from = at(len);
      out.push_back({Kind::load_rise, i, from, from + len, 1.6, ""});
    }
  }
  if (hours >= 24 * 24 && dbs.size() > 1) out.push_back({Kind::creep, 1, 10 * 24, 24 * 24, 2.0, ""});
  // Load rises and storms on the same hours would be neither: a load rise keeps its hours to itself.
  std::vector<Incident> kept;
  for (const auto& x : out) {
    bool clash = false;
    for (const auto& y : out)
      if (&x != &y && x.db == y.db && x.kind == Kind::load_rise && y.kind != Kind::load_rise && x.from_h < y.to_h &&
          y.from_h < x.to_h)
        clash = true;
    if (!clash) kept.push_back(x);
  }
  return kept;
}

void write_truth(const fs::path& file, const std::vector<Db>& dbs, const std::vector<Incident>& incidents) {
  std::ofstream t(file);
  t << "kind\tdbid\tdb_name\tfrom\tto\tfactor\tevent\n";
  for (const auto& i : incidents)
    t << fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\n", name_of(i.kind), dbs[i.db].dbid, dbs[i.db].name,
                     awrdiff::epoch_iso(k_start + std::int64_t{i.from_h} * 3600),
                     awrdiff::epoch_iso(k_start + std::int64_t{i.to_h} * 3600), i.factor, i.event);
  for (const auto& d : dbs) {
    if (d.restart_h >= 0)
      t << fmt::format("restart\t{}\t{}\t{}\t{}\t\t\n", d.dbid, d.name,
                       awrdiff::epoch_iso(k_start + std::int64_t{d.restart_h} * 3600),
                       awrdiff::epoch_iso(k_start + std::int64_t{d.restart_h} * 3600 + 3600));
    if (d.missing_h >= 0)
      t << fmt::format("gap\t{}\t{}\t{}\t{}\t\t\n", d.dbid, d.name,
                       awrdiff::epoch_iso(k_start + std::int64_t{d.missing_h} * 3600),
                       awrdiff::epoch_iso(k_start + std::int64_t{d.missing_h} * 3600 + 3600));
    if (d.stopped_h >= 0)
      t << fmt::format("silent\t{}\t{}\t{}\t\t\t\n", d.dbid, d.name,
                       awrdiff::epoch_iso(k_start + std::int64_t{d.stopped_h} * 3600));
    if (d.local_time)
      t << fmt::format("dst\t{}\t{}\t{}\t\t\t\n", d.dbid, d.name, awrdiff::epoch_iso(k_start + k_dst_day * 86400 + 7200));
  }
}

// The hours a database writes: every hour but its missing one and those after its cron job stopped; the DST day's
// 02:00 twice in local time.
template <class F>
void each_hour(const Db& d, int hours, F&& f) {
  for (int h = 0; h < hours; ++h) {
    if (h == d.missing_h || (d.stopped_h >= 0 && h >= d.stopped_h)) continue;
    for (int inst = 1; inst <= d.instances; ++inst) {
      f(h, inst, 0);
      if (d.local_time && h == k_dst_day * 24 + 2) f(h, inst, 1);
    }
  }
}

struct Written {
  std::atomic<std::size_t> periods{0}, retried{0}, bodies{0}, failed{0};
  Clock::time_point start = Clock::now();
};

// One writer (a host's cron jobs): its databases, hour by hour, one `history add` transaction per period.
void writer(const Options& o, int w, const std::vector<Db>& dbs, const std::vector<Snapshot>& shapes,
            const std::vector<Incident>& incidents, Written& written) {
  auto store = awrdiff::HistoryStore::open(o.store, awrdiff::HistoryAccess::write);
  const int hours = o.days * 24, body_from = hours - o.body_days * 24;
  std::mt19937_64 rng(o.seed + static_cast<std::uint64_t>(w));
  std::vector<Snapshot> trimmed_shapes;
  for (const auto& s : shapes) trimmed_shapes.push_back(trimmed(s));
  // Each shape's top SQL as its report gives it: a period is made without its SQL lists (its values do not need them),
  // and its stored detail (its own events and wait classes) gets its shape's statements, as its body would give them.
  std::vector<std::vector<awrdiff::PeriodSql>> shape_sql;
  for (const auto& s : shapes) shape_sql.push_back(awrdiff::period_detail(s).top_sql);
  for (int h = 0; h < hours; ++h) {
    if (w == 0 && h % 24 == 0 && h > 0) {  // progress, so that a run stopped early still gives its rate
      const double t = std::chrono::duration<double>(Clock::now() - written.start).count();
      std::fprintf(stderr, "day %d: %zu periods in %.0f s (%.0f periods/s)\n", h / 24, written.periods.load(), t,
                   static_cast<double>(written.periods.load()) / t);
    }
    for (std::size_t i = static_cast<std::size_t>(o.gate_dbs + w); i < dbs.size(); i += static_cast<std::size_t>(o.writers)) {
      const Db& d = dbs[i];
      if (h == d.missing_h || (d.stopped_h >= 0 && h >= d.stopped_h)) continue;
      for (int inst = 1; inst <= d.instances; ++inst)
        for (int repeat = 0; repeat < (d.local_time && h == k_dst_day * 24 + 2 ? 2 : 1); ++repeat) {
          const Snapshot s =
              make_period(trimmed_shapes[static_cast<std::size_t>(d.shape)], d, i, inst, h, repeat, incidents, o.seed);
          awrdiff::PreparedPeriod p = awrdiff::prepare_history_period(s, false);
          awrdiff::PeriodDetail detail = awrdiff::period_detail(s);
          detail.top_sql = shape_sql[static_cast<std::size_t>(d.shape)];
          awrdiff::set_period_detail(p, detail);
          if (h >= body_from) {
            p.snapshot_zlib = d.body;
            p.snapshot_json_bytes = d.body_json;
            ++written.bodies;
          }
          try {
            if (store->add(p).added) ++written.periods;
            if (rng() % 100 == 0 && !store->add(p).added) ++written.retried;  // a retry is a no-op
          } catch (const awrdiff::Error& e) {
            ++written.failed;
            std::fprintf(stderr, "writer %d: %s\n", w, e.what());
          }
        }
    }
  }
}

// The gate's databases as snapshot files, one per hour, for `awrdiff check --history --add`.
void write_gate(const Options& o, const std::vector<Db>& dbs, const std::vector<Snapshot>& shapes,
                const std::vector<Incident>& incidents) {
  const int hours = o.days * 24;
  for (std::size_t i = 0; i < static_cast<std::size_t>(std::min<int>(o.gate_dbs, o.dbs)); ++i) {
    const Db& d = dbs[i];
    const auto dir = fs::path(o.out) / "gate" / std::to_string(d.dbid);
    fs::create_directories(dir);
    const Snapshot shape = trimmed(shapes[static_cast<std::size_t>(d.shape)]);
    each_hour(d, hours, [&](int h, int inst, int repeat) {
      std::ofstream f(dir / fmt::format("{:04d}_{}{}.json", h, inst, repeat > 0 ? "b" : ""));
      f << awrdiff::snapshot_json_text(make_period(shape, d, i, inst, h, repeat, incidents, o.seed));
    });
  }
  // The hour after the month of the first written database, for timing `check --history` on the full store.
  if (static_cast<std::size_t>(o.gate_dbs) < dbs.size()) {
    const std::size_t i = static_cast<std::size_t>(o.gate_dbs);
    std::ofstream f(fs::path(o.out) / "current.json");
    f << awrdiff::snapshot_json_text(
        make_period(trimmed(shapes[static_cast<std::size_t>(dbs[i].shape)]), dbs[i], i, 1, hours - 1 + 0, 0, {}, o.seed + 1));
  }
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; i += 2) {
    const std::string k = argv[i];
    if (k == "--verify-gate") {
      o.verify_gate = true;
      --i;
      continue;
    }
    if (i + 1 >= argc) throw std::runtime_error("no value after " + k);
    const std::string v = argv[i + 1];
    if (k == "--store") o.store = v;
    else if (k == "--corpus") o.corpus = v;
    else if (k == "--out") o.out = v;
    else if (k == "--dbs") o.dbs = std::stoi(v);
    else if (k == "--days") o.days = std::stoi(v);
    else if (k == "--writers") o.writers = std::stoi(v);
    else if (k == "--body-days") o.body_days = std::stoi(v);
    else if (k == "--gate-dbs") o.gate_dbs = std::stoi(v);
    else if (k == "--seed") o.seed = std::stoull(v);
    else throw std::runtime_error("unknown option " + k);
  }
  if (o.store.empty() || o.corpus.empty() || o.out.empty()) throw std::runtime_error("--store, --corpus and --out are needed");
  return o;
}

// Nothing lost, nothing twice: databases [from, to)'s periods counted in the store against the hours each_hour gives
// them. One line: "verified\t<what>: E periods expected, S stored, N databases with a wrong count" (and each wrong one on
// stderr); true when all match.
bool verify(const Options& o, const std::vector<Db>& dbs, std::size_t from, std::size_t to, const char* what) {
  auto store = awrdiff::HistoryStore::open(o.store, awrdiff::HistoryAccess::read);
  std::size_t expected = 0, found = 0, wrong = 0;
  for (std::size_t i = from; i < std::min(to, dbs.size()); ++i) {
    std::size_t n = 0, have = 0;
    each_hour(dbs[i], o.days * 24, [&](int, int, int) { ++n; });
    for (const auto& series : store->series(dbs[i].dbid)) have += series.periods;
    expected += n;
    found += have;
    if (have == n) continue;
    ++wrong;
    std::fprintf(stderr, "verify: %s (DB Id %llu): %zu periods expected, %zu stored\n", dbs[i].name.c_str(),
                 static_cast<unsigned long long>(dbs[i].dbid), n, have);
  }
  std::printf("verified\t%s: %zu periods expected, %zu stored, %zu databases with a wrong count\n", what, expected, found, wrong);
  return wrong == 0 && found == expected;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const Options o = parse(argc, argv);
    fs::create_directories(o.out);
    const auto shapes = load_shapes(o.corpus);
    if (shapes.empty()) throw std::runtime_error("no AWR HTML report in " + o.corpus);
    std::mt19937_64 rng(o.seed);
    const auto dbs = make_dbs(o, shapes, rng);
    if (o.verify_gate)
      return verify(o, dbs, 0, static_cast<std::size_t>(std::max(0, o.gate_dbs)), "the gate's databases") ? 0 : 1;
    const auto incidents = make_incidents(o, dbs, shapes, rng);
    write_truth(fs::path(o.out) / "truth.tsv", dbs, incidents);
    write_gate(o, dbs, shapes, incidents);
    awrdiff::HistoryStore::open(o.store, awrdiff::HistoryAccess::write);  // the schema, before the writers race
    Written written;
    const auto t0 = written.start = Clock::now();
    std::vector<std::thread> threads;
    for (int w = 0; w < o.writers; ++w) threads.emplace_back([&, w] { writer(o, w, dbs, shapes, incidents, written); });
    for (auto& t : threads) t.join();
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("shapes\t%zu corpus reports\n", shapes.size());
    std::printf("databases\t%d (%d for the gate, written by fleet.sh)\n", o.dbs, std::min(o.gate_dbs, o.dbs));
    std::printf("incidents\t%zu\n", incidents.size());
    std::printf("written\t%zu periods (%zu with a body) by %d writers in %.1f s: %.0f periods/s\n", written.periods.load(),
                written.bodies.load(), o.writers, s, static_cast<double>(written.periods.load()) / s);
    std::printf("retried\t%zu periods added a second time: no-ops\n", written.retried.load());
    std::printf("failed\t%zu\n", written.failed.load());
    // The gate's databases are written later, by fleet.sh's checks: verified after them (--verify-gate).
    const bool verified = verify(o, dbs, static_cast<std::size_t>(std::max(0, o.gate_dbs)), dbs.size(), "the written databases");
    std::printf(
        "store\t%lld bytes\n",
        static_cast<long long>(awrdiff::HistoryStore::open(o.store, awrdiff::HistoryAccess::read)->size_bytes().value_or(-1)));
    return written.failed.load() == 0 && verified ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "awrdiff_fleet_bench: %s\n", e.what());
    return 2;
  }
}
