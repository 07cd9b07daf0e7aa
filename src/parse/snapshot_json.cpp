// Snapshot -> JSON (`awrdiff snapshot FILE --format json`). Absent values are null, never 0.
#include <awrdiff/snapshot_json.hpp>

namespace awrdiff {
namespace {

nlohmann::json opt(const OptDouble& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }
template <class T>
nlohmann::json opt(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}
nlohmann::json str(const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); }

nlohmann::json event_json(const WaitEvent& e) {
  return {{"name", e.name},           {"waits", opt(e.waits)},   {"time_s", opt(e.time_s)},
          {"avg_wait_ms", opt(e.avg_wait_ms)}, {"pct_db_time", opt(e.pct_db_time)},
          {"wait_class", str(e.wait_class)},    {"is_cpu", e.is_cpu}};
}

}  // namespace

nlohmann::json to_json(const Snapshot& s, bool with_diagnostics) {
  const auto& d = s.database;
  const auto& iv = s.interval;
  nlohmann::json j;
  j["source"] = s.source;
  j["kind"] = to_string(s.kind);
  j["format"] = to_string(s.format);
  j["truncated"] = s.truncated;  // no "End of Report": later sections may be missing
  j["database"] = {{"name", str(d.name)},
                   {"dbid", opt(d.dbid)},
                   {"unique_name", str(d.unique_name)},
                   {"role", str(d.role)},
                   {"edition", str(d.edition)},
                   {"instance", str(d.instance)},
                   {"instance_number", opt(d.instance_number)},
                   {"startup_time", str(d.startup_time)},
                   {"release", str(d.release)},
                   {"rac", opt(d.rac)},
                   {"cdb", opt(d.cdb)},
                   {"container", str(d.container)},
                   {"host", str(d.host)},
                   {"platform", str(d.platform)},
                   {"cpus", opt(d.cpus)},
                   {"cores", opt(d.cores)},
                   {"sockets", opt(d.sockets)},
                   {"memory_gb", opt(d.memory_gb)}};
  j["interval"] = {{"begin_snap", opt(iv.begin_snap)},
                   {"end_snap", opt(iv.end_snap)},
                   {"begin_time", str(iv.begin_time)},
                   {"end_time", str(iv.end_time)},
                   {"elapsed_s", opt(iv.elapsed_s)},
                   {"db_time_s", opt(s.db_time_s())},
                   {"db_cpu_s", opt(s.db_cpu_s())},
                   {"average_active_sessions", opt(s.average_active_sessions())},
                   {"begin_sessions", opt(iv.begin_sessions)},
                   {"end_sessions", opt(iv.end_sessions)}};
  j["host_cpu"] = {{"load_average_begin", opt(s.host_cpu.load_average_begin)},
                   {"load_average_end", opt(s.host_cpu.load_average_end)},
                   {"pct_user", opt(s.host_cpu.pct_user)},
                   {"pct_system", opt(s.host_cpu.pct_system)},
                   {"pct_wio", opt(s.host_cpu.pct_wio)},
                   {"pct_idle", opt(s.host_cpu.pct_idle)}};
  j["interval"]["unaccounted_db_time_s"] = opt(s.unaccounted_db_time_s());
  auto& lp = j["load_profile"] = nlohmann::json::array();
  for (const auto& r : s.load_profile)
    lp.push_back({{"key", r.key},
                  {"label", r.label},
                  {"per_second", opt(r.per_second)},
                  {"per_transaction", opt(r.per_transaction)},
                  {"per_exec", opt(r.per_exec)},
                  {"per_call", opt(r.per_call)}});
  auto& te = j["top_events"] = nlohmann::json::array();
  for (const auto& e : s.top_events) te.push_back(event_json(e));
  auto& fe = j["foreground_events"] = nlohmann::json::array();
  for (const auto& e : s.foreground_events) fe.push_back(event_json(e));
  auto& be = j["background_events"] = nlohmann::json::array();
  for (const auto& e : s.background_events) be.push_back(event_json(e));
  auto& wc = j["wait_classes"] = nlohmann::json::array();
  for (const auto& w : s.wait_classes)
    wc.push_back({{"name", w.name},
                  {"waits", opt(w.waits)},
                  {"time_s", opt(w.time_s)},
                  {"avg_wait_ms", opt(w.avg_wait_ms)},
                  {"pct_db_time", opt(w.pct_db_time)}});
  auto& tm = j["time_model"] = nlohmann::json::array();
  for (const auto& r : s.time_model)
    tm.push_back({{"name", r.name}, {"time_s", opt(r.time_s)}, {"pct_db_time", opt(r.pct_db_time)}});
  auto& sql = j["sql"] = nlohmann::json::array();
  for (const auto& q : s.sql)
    sql.push_back({{"sql_id", q.sql_id},
                   {"elapsed_s", opt(q.elapsed_s)},
                   {"cpu_s", opt(q.cpu_s)},
                   {"user_io_s", opt(q.user_io_s)},
                   {"executions", opt(q.executions)},
                   {"elapsed_per_exec_s", opt(q.elapsed_per_exec_s())},
                   {"buffer_gets", opt(q.buffer_gets)},
                   {"physical_reads", opt(q.physical_reads)},
                   {"parse_calls", opt(q.parse_calls)},
                   {"rows_processed", opt(q.rows_processed)},
                   {"pct_db_time", opt(q.pct_db_time)},
                   {"module", str(q.module)},
                   {"text", str(q.text)},
                   {"text_complete", q.text_complete},
                   {"lists", q.lists}});
  j["sql_elapsed_cutoff_s"] = opt(s.sql_elapsed_cutoff_s);
  auto& other = j["other_sections"] = nlohmann::json::array();
  for (const auto& g : s.other_tables) other.push_back({{"section", g.section}, {"rows", g.rows.size()}});
  if (with_diagnostics) {
    auto& dj = j["diagnostics"] = nlohmann::json::array();
    for (const auto& dg : s.diagnostics)
      dj.push_back({{"level", dg.level == Diagnostic::Level::info ? "info" : "warning"},
                    {"section", dg.section},
                    {"line", dg.line},
                    {"message", dg.message}});
  }
  return j;
}

}  // namespace awrdiff
