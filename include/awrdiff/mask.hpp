// awrdiff — masking: reports made fit to share outside the company (`--mask`).
//
// Masking works on the parsed model, before any output is built, so every format and command reads the
// same masked Snapshot: names that identify a site (host, database, instance, service, PDB, schema and
// user, object, tablespace, database link, file path, IP address, the input file names) become stable
// aliases (DB1, INST1, HOST1, SCHEMA1, OBJ17, /path1/file3.dbf, IP1, report1.html), and the literals
// inside SQL text become '?' and 0. Numbers, sql_ids, hash values, event, statistic, latch and
// parameter names are kept. One Masker gives one name the same alias everywhere in one run (base and
// target, every report of a set, the baseline of a check). docs/masking.md lists what is replaced.
//
// Free text (module, action, parameter values, cells of tables awrdiff does not interpret, SQL text) is
// masked on a best-effort basis: what a pattern or a name learned from a structured field finds.
#pragma once

#include <awrdiff/model.hpp>
#include <awrdiff/parse.hpp>

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace awrdiff {

struct Baseline;
struct PeriodDetail;  // period_detail.hpp
namespace detail::masking {
struct Token;  // src/mask/mask_words.hpp
}

/// The kind of a masked name: it gives the alias its prefix.
enum class MaskKind {
  database,  ///< DB Name, Unique Name, db_name / db_unique_name, DG_CONFIG members: DB1
  instance,  ///< Instance, instance_name: INST1
  host,  ///< Host Name, machine, the host of "program@host", HOST= of a connect descriptor: HOST1
  domain,  ///< db_domain, the domain of a fully qualified host name: DOMAIN1
  service,  ///< service_names, SERVICE= / SERVICE_NAME= / SID=, fal_server: SERVICE1
  pdb,  ///< Container Name, PDB Name: PDB1
  schema,  ///< segment Owner, schema of a SQL owner.object: SCHEMA1
  user,  ///< user name columns and OS users of "user@host" (a user already known as a schema keeps SCHEMA<n>): USER1
  object,  ///< segment Object Name, tables of SQL text: OBJ1
  partition,  ///< Subobject Name: PART1
  tablespace,  ///< Tablespace (SYSTEM, SYSAUX, USERS, TEMP*, UNDO* kept): TS1
  dblink,  ///< the database link of SQL text's name@link: DBLINK1
  ip,  ///< an IPv4 or IPv6 address: IP1
};

/// Gives names their aliases and masks values. Not thread-safe; one per run.
class Masker {
public:
  /// The alias of `name` (case-insensitive: ORCL and orcl are one name): the alias given before to the
  /// same name (whatever its kind), else a new one of `kind`'s prefix. A blank name, a number and the
  /// Oracle-maintained names of the kind (SYS, SYSTEM, ... as schema or user; SYSTEM, SYSAUX, USERS,
  /// TEMP, UNDO* as tablespace; SYS$USERS, SYS$BACKGROUND as service; CDB$ROOT, PDB$SEED as PDB) are
  /// returned unchanged.
  std::string alias(MaskKind kind, std::string_view name);
  /// A file path ("/u01/oradata/PROD/users01.dbf", "C:\app\...", "+DATA/PROD/...", "?/dbs/x.ora") as
  /// its directory's alias and its file's alias with the file's extension: "/path1/file3.dbf".
  std::string path(std::string_view path);
  /// An input file name as shown in output: "report<n>" with the file's extension ("report1.html",
  /// "report2.txt.gz"); the same file gets the same alias; "-" (standard input) is kept.
  std::string source(std::string_view file);
  /// SQL text: string literals become '?', numeric literals 0, comments are emptied (hints kept), bind
  /// variables kept; tables named after FROM / JOIN / INTO / UPDATE / MERGE ... USING / TABLE become
  /// OBJ<n> (their schema SCHEMA<n>, their database link DBLINK<n>); any other identifier that is a
  /// known masked name gets its alias. Statement shape (keywords, columns, aliases, operators) is kept.
  std::string sql(std::string_view text);
  /// Free text (module, action, program, parameter values, cells, messages): file paths, IP addresses,
  /// the host (and OS user) of "user@host", the values of HOST= / SERVICE= / SERVICE_NAME= / SID= /
  /// DB_UNIQUE_NAME= / INSTANCE_NAME=, host names in a known domain, and every known database,
  /// instance, host, domain, service, PDB, schema and user name (3 characters or more) are replaced.
  std::string text(std::string_view text);
  /// `text` with every identifier (letters, digits, _ $ #) that embeds a known database, instance, host,
  /// service or PDB name of 4 characters or more inside it (an AQ subscriber "APP_IORCL(41)", a queue
  /// named after the database) replaced by an alias of its own (OBJ<n>). For cells of tables kept as
  /// printed, after text().
  std::string embedded_names(std::string_view text);
  /// Registers the schema and object names that SQL text names as tables (first pass, so that a later
  /// mention of the name in another statement or field is masked too).
  void learn_sql(std::string_view text);
  /// Every alias given, original name -> alias, in the order given (paths and files included).
  const std::vector<std::pair<std::string, std::string>>& mapping() const { return m_mapping; }

private:
  struct Name {
    std::string alias;
    MaskKind kind;
  };
  std::string new_alias(MaskKind kind, const std::string& key, std::string_view original);
  void mask_sql_tokens(std::string_view text, std::string* out, bool learn);
  // mask_sql_tokens's steps (src/mask/mask.cpp).
  void mask_sql_references(std::vector<detail::masking::Token>& toks, std::vector<bool>& done);
  std::string mask_hint(const detail::masking::Token& t, const std::set<std::string>& body_names);
  void mask_sql_name(const std::vector<detail::masking::Token>& toks, const std::vector<bool>& done, std::size_t& i,
                     std::string* out);
  std::unordered_map<std::string, Name> m_names;  ///< upper-case name -> alias
  std::unordered_map<std::string, std::string> m_dirs, m_files, m_sources;
  std::map<MaskKind, int> m_counts;
  int m_dir_count = 0, m_file_count = 0, m_source_count = 0;
  std::size_t m_max_name = 0;  ///< longest free-text name, characters
  std::vector<std::string> m_domains;  ///< upper-case known domains
  std::vector<std::pair<std::string, std::string>> m_mapping;
};

/// Masks the snapshots (and the baselines, their reports' snapshots included) in place with one
/// Masker: first every name of every snapshot is learned (so base and target, a set's members and a
/// check's baseline share aliases and a name learned in one report is masked in another's free text),
/// then every field is replaced. Source: every Snapshot field that holds a name or free text (see
/// docs/masking.md); numbers, sql_ids, event / statistic / parameter names are left alone.
void mask(const std::vector<Snapshot*>& snapshots, Masker& masker, const std::vector<Baseline*>& baselines = {});

/// mask() over every snapshot of a vector.
void mask(std::vector<Snapshot>& snapshots, Masker& masker);

/// Masks the periods' details (PeriodDetail, period_detail.hpp) in place: the SQL text of their top SQL (every text's tables
/// learned first, then each masked as Masker::sql masks it, with the names learned before: the series' database,
/// instance and host, given to alias() by the caller). sql_ids, event and wait class names are kept.
void mask_details(const std::vector<PeriodDetail*>& details, Masker& masker);

/// mask() over the snapshots of load_reports results; each file name becomes its source() alias and an
/// error's message is rebuilt on the alias (its reason masked as free text).
void mask(std::vector<LoadResult>& results, Masker& masker);

}  // namespace awrdiff
