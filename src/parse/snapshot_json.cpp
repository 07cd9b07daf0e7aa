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
          {"wait_class", str(e.wait_class)},    {"is_cpu", e.is_cpu},      {"is_idle", e.is_idle}};
}

nlohmann::json iostat_json(const IoStatRow& r) {
  return {{"name", r.name},
          {"raw_name", r.raw_name},
          {"reads_data_bytes", opt(r.reads_data_bytes)},
          {"reads_requests_per_s", opt(r.reads_requests_per_s)},
          {"reads_data_per_s_bytes", opt(r.reads_data_per_s_bytes)},
          {"writes_data_bytes", opt(r.writes_data_bytes)},
          {"writes_requests_per_s", opt(r.writes_requests_per_s)},
          {"writes_data_per_s_bytes", opt(r.writes_data_per_s_bytes)},
          {"waits_count", opt(r.waits_count)},
          {"avg_time_ms", opt(r.avg_time_ms)},
          {"small_read_ms", opt(r.small_read_ms)},
          {"large_read_ms", opt(r.large_read_ms)}};
}

nlohmann::json io_json(const TablespaceIo& r) {
  nlohmann::json j = {{"tablespace", r.tablespace},
                      {"reads", opt(r.reads)},
                      {"reads_per_s", opt(r.reads_per_s)},
                      {"avg_read_ms", opt(r.avg_read_ms)},
                      {"blocks_per_read", opt(r.blocks_per_read)},
                      {"writes", opt(r.writes)},
                      {"writes_per_s", opt(r.writes_per_s)},
                      {"buffer_waits", opt(r.buffer_waits)},
                      {"avg_buffer_wait_ms", opt(r.avg_buffer_wait_ms)}};
  if (!r.filename.empty()) j["filename"] = r.filename;
  return j;
}

// The sections beyond the summary (activity, parameters, I/O, memory, latches, segments, ...).
void add_sections(nlohmann::json& j, const Snapshot& s) {
  auto& act = j["activity"] = nlohmann::json::array();
  for (const auto& a : s.activity)
    act.push_back({{"name", a.name},
                   {"raw_name", a.raw_name},
                   {"total", opt(a.total)},
                   {"per_second", opt(a.per_second)},
                   {"per_trans", opt(a.per_trans)},
                   {"begin_value", opt(a.begin_value)},
                   {"end_value", opt(a.end_value)},
                   {"per_hour", opt(a.per_hour)},
                   {"key", a.key}});
  auto& params = j["parameters"] = nlohmann::json::array();
  for (const auto& p : s.parameters)
    params.push_back({{"name", p.name},
                      {"begin_value", p.begin_value},
                      {"end_value", str(p.end_value)},
                      {"changed", p.changed()},
                      {"is_default", opt(p.is_default)},
                      {"pdb", str(p.pdb)}});
  auto& fn = j["iostat_function"] = nlohmann::json::array();
  for (const auto& r : s.iostat_function) fn.push_back(iostat_json(r));
  auto& ft = j["iostat_filetype"] = nlohmann::json::array();
  for (const auto& r : s.iostat_filetype) ft.push_back(iostat_json(r));
  const auto& c = s.cache_sizes;
  j["cache_sizes"] = {{"buffer_cache_begin_bytes", opt(c.buffer_cache_begin_bytes)},
                      {"buffer_cache_end_bytes", opt(c.buffer_cache_end_bytes)},
                      {"shared_pool_begin_bytes", opt(c.shared_pool_begin_bytes)},
                      {"shared_pool_end_bytes", opt(c.shared_pool_end_bytes)},
                      {"std_block_size_bytes", opt(c.std_block_size_bytes)},
                      {"log_buffer_bytes", opt(c.log_buffer_bytes)},
                      {"in_memory_area_begin_bytes", opt(c.in_memory_area_begin_bytes)},
                      {"in_memory_area_end_bytes", opt(c.in_memory_area_end_bytes)}};
  auto& ts = j["tablespace_io"] = nlohmann::json::array();
  for (const auto& r : s.tablespace_io) ts.push_back(io_json(r));
  auto& fio = j["file_io"] = nlohmann::json::array();
  for (const auto& r : s.file_io) fio.push_back(io_json(r));
  auto& seg = j["segments"] = nlohmann::json::array();
  for (const auto& g : s.segments)
    seg.push_back({{"list", g.list},
                   {"owner", g.owner},
                   {"tablespace", str(g.tablespace)},
                   {"object", g.object},
                   {"subobject", str(g.subobject)},
                   {"type", str(g.type)},
                   {"value", opt(g.value)},
                   {"pct_total", opt(g.pct_total)}});
  auto& lat = j["latches"] = nlohmann::json::array();
  for (const auto& l : s.latches)
    lat.push_back({{"name", l.name},
                   {"get_requests", opt(l.get_requests)},
                   {"pct_get_miss", opt(l.pct_get_miss)},
                   {"avg_sleeps_per_miss", opt(l.avg_sleeps_per_miss)},
                   {"wait_time_s", opt(l.wait_time_s)},
                   {"nowait_requests", opt(l.nowait_requests)},
                   {"pct_nowait_miss", opt(l.pct_nowait_miss)},
                   {"misses", opt(l.misses)},
                   {"sleeps", opt(l.sleeps)},
                   {"spin_gets", opt(l.spin_gets)}});
  auto& mx = j["mutex_sleeps"] = nlohmann::json::array();
  for (const auto& m : s.mutex_sleeps)
    mx.push_back({{"mutex_type", m.mutex_type},
                  {"location", m.location},
                  {"sleeps", opt(m.sleeps)},
                  {"wait_time_ms", opt(m.wait_time_ms)}});
  auto& enq = j["enqueues"] = nlohmann::json::array();
  for (const auto& e : s.enqueues)
    enq.push_back({{"name", e.name},
                   {"requests", opt(e.requests)},
                   {"succ_gets", opt(e.succ_gets)},
                   {"failed_gets", opt(e.failed_gets)},
                   {"waits", opt(e.waits)},
                   {"wait_time_s", opt(e.wait_time_s)},
                   {"avg_wait_ms", opt(e.avg_wait_ms)}});
  auto& lib = j["library_cache"] = nlohmann::json::array();
  for (const auto& l : s.library_cache)
    lib.push_back({{"namespace", l.name},
                   {"get_requests", opt(l.get_requests)},
                   {"pct_get_miss", opt(l.pct_get_miss)},
                   {"pin_requests", opt(l.pin_requests)},
                   {"pct_pin_miss", opt(l.pct_pin_miss)},
                   {"reloads", opt(l.reloads)},
                   {"invalidations", opt(l.invalidations)}});
  auto& dict = j["dictionary_cache"] = nlohmann::json::array();
  for (const auto& d : s.dictionary_cache)
    dict.push_back({{"cache", d.name},
                    {"get_requests", opt(d.get_requests)},
                    {"pct_miss", opt(d.pct_miss)},
                    {"scan_requests", opt(d.scan_requests)},
                    {"mod_requests", opt(d.mod_requests)},
                    {"final_usage", opt(d.final_usage)}});
  auto& undo = j["undo"] = nlohmann::json::array();
  for (const auto& u : s.undo)
    undo.push_back({{"undo_tablespace", u.undo_tablespace},
                    {"undo_blocks", opt(u.undo_blocks)},
                    {"transactions", opt(u.transactions)},
                    {"max_query_length_s", opt(u.max_query_length_s)},
                    {"max_tx_concurrency", opt(u.max_tx_concurrency)},
                    {"tuned_retention", str(u.tuned_retention)},
                    {"sto_oos", str(u.sto_oos)}});
  auto& hist = j["wait_histograms"] = nlohmann::json::array();
  for (const auto& h : s.wait_histograms) {
    nlohmann::json buckets = nlohmann::json::object();
    for (const auto& b : h.buckets) buckets[b.label] = opt(b.pct);
    hist.push_back({{"section", h.section},
                    {"event", h.event},
                    {"raw_name", h.raw_name},
                    {"total_waits", opt(h.total_waits)},
                    {"pct_waits", buckets}});
  }
  auto& addm = j["addm_findings"] = nlohmann::json::array();
  for (const auto& f : s.addm_findings)
    addm.push_back({{"name", f.name},
                    {"task_avg_active_sessions", opt(f.task_avg_active_sessions)},
                    {"pct_active_sessions", opt(f.pct_active_sessions)},
                    {"task_name", str(f.task_name)}});
  auto& gc = j["global_cache"] = nlohmann::json::array();
  for (const auto& g : s.global_cache)
    gc.push_back({{"section", g.section},
                  {"name", g.name},
                  {"value", opt(g.value)},
                  {"per_second", opt(g.per_second)},
                  {"per_transaction", opt(g.per_transaction)}});
  auto& os = j["os_stats"] = nlohmann::json::array();
  for (const auto& o : s.os_stats)
    os.push_back({{"name", o.name}, {"value", opt(o.value)}, {"end_value", opt(o.end_value)}});
}

}  // namespace

nlohmann::json to_json(const Snapshot& s, bool with_diagnostics) {
  const auto& d = s.database;
  const auto& iv = s.interval;
  nlohmann::json j;
  j["source"] = s.source;
  j["kind"] = to_string(s.kind);
  j["format"] = to_string(s.format);
  j["valid"] = s.valid;
  j["invalid_reason"] = str(s.invalid_reason);
  j["timings_valid"] = s.timings_valid;
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
                   {"con_dbid", opt(d.con_dbid)},
                   {"scope", to_string(d.scope)},
                   {"instances", opt(d.instances)},
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
                   {"end_sessions", opt(iv.end_sessions)},
                   {"begin_cursors_per_session", opt(iv.begin_cursors_per_session)},
                   {"end_cursors_per_session", opt(iv.end_cursors_per_session)},
                   {"pdb_snapshots", iv.pdb_snapshots}};
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
  auto classes = [&](const std::vector<WaitClassRow>& rows) {
    auto a = nlohmann::json::array();
    for (const auto& w : rows)
      a.push_back({{"name", w.name},
                   {"waits", opt(w.waits)},
                   {"time_s", opt(w.time_s)},
                   {"avg_wait_ms", opt(w.avg_wait_ms)},
                   {"pct_db_time", opt(w.pct_db_time)}});
    return a;
  };
  j["wait_classes"] = classes(s.wait_classes);
  j["foreground_wait_classes"] = classes(s.foreground_wait_classes);
  auto& tm = j["time_model"] = nlohmann::json::array();
  for (const auto& r : s.time_model)
    tm.push_back({{"name", r.name}, {"time_s", opt(r.time_s)}, {"pct_db_time", opt(r.pct_db_time)}});
  auto& sql = j["sql"] = nlohmann::json::array();
  for (const auto& q : s.sql)
    sql.push_back({{"sql_id", q.sql_id},
                   {"id_kind", q.id_kind},
                   {"plan_hash_value", opt(q.plan_hash_value)},
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
                   {"pdb_name", str(q.pdb_name)},
                   {"text", str(q.text)},
                   {"text_complete", q.text_complete},
                   {"lists", q.lists}});
  j["sql_elapsed_cutoff_s"] = opt(s.sql_elapsed_cutoff_s);
  add_sections(j, s);
  auto& inst = j["instance_rows"] = nlohmann::json::array();
  for (const auto& i : s.instance_rows)
    inst.push_back({{"instance_number", opt(i.instance_number)},
                    {"instance", str(i.instance)},
                    {"host", str(i.host)},
                    {"startup_time", str(i.startup_time)},
                    {"release", str(i.release)},
                    {"platform", str(i.platform)},
                    {"elapsed_s", opt(i.elapsed_s)},
                    {"db_time_s", opt(i.db_time_s)},
                    {"db_cpu_s", opt(i.db_cpu_s)},
                    {"average_active_sessions", opt(i.average_active_sessions)}});
  auto& other = j["other_sections"] = nlohmann::json::array();
  for (const auto& g : s.other_tables) {
    nlohmann::json cols = nlohmann::json::array();
    for (std::size_t i = 0; i < g.headers.size(); ++i)
      cols.push_back({{"header", g.headers[i]},
                      {"column", i < g.columns.size() ? g.columns[i] : "unknown"},
                      {"unit", i < g.units.size() ? g.units[i] : "none"}});
    other.push_back({{"section", g.section}, {"title", g.title}, {"known", g.known}, {"rows", g.rows.size()},
                     {"columns", cols}});
  }
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
