// The masker's vocabulary: see mask_words.hpp.
#include "mask/mask_words.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <array>

namespace awrdiff::detail::masking {

std::string upper(std::string_view s) {
  std::string r(s);
  for (auto& c : r) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return r;
}

const char* prefix_of(MaskKind kind) {
  switch (kind) {
    case MaskKind::database:
      return "DB";
    case MaskKind::instance:
      return "INST";
    case MaskKind::host:
      return "HOST";
    case MaskKind::domain:
      return "DOMAIN";
    case MaskKind::service:
      return "SERVICE";
    case MaskKind::pdb:
      return "PDB";
    case MaskKind::schema:
      return "SCHEMA";
    case MaskKind::user:
      return "USER";
    case MaskKind::object:
      return "OBJ";
    case MaskKind::partition:
      return "PART";
    case MaskKind::tablespace:
      return "TS";
    case MaskKind::dblink:
      return "DBLINK";
    case MaskKind::ip:
      return "IP";
  }
  return "NAME";
}

/// Names masked in free text too (objects, partitions and tablespaces only in SQL text and their own
/// columns: an object called EVENTS must not turn a statistic's name into "OBJ3").
bool free_text_kind(MaskKind kind) {
  return kind != MaskKind::object && kind != MaskKind::partition && kind != MaskKind::tablespace;
}

// Oracle-maintained schemas and users: not site names, and what they own is Oracle's.
const std::unordered_set<std::string>& oracle_schemas() {
  static const std::unordered_set<std::string> s = {"SYS",
                                                    "SYSTEM",
                                                    "SYSMAN",
                                                    "DBSNMP",
                                                    "XDB",
                                                    "OUTLN",
                                                    "MDSYS",
                                                    "CTXSYS",
                                                    "ORDSYS",
                                                    "ORDDATA",
                                                    "ORDPLUGINS",
                                                    "SI_INFORMTN_SCHEMA",
                                                    "WMSYS",
                                                    "EXFSYS",
                                                    "OLAPSYS",
                                                    "APPQOSSYS",
                                                    "AUDSYS",
                                                    "GSMADMIN_INTERNAL",
                                                    "GSMCATUSER",
                                                    "GSMUSER",
                                                    "GSMROOTUSER",
                                                    "LBACSYS",
                                                    "OJVMSYS",
                                                    "DVSYS",
                                                    "DVF",
                                                    "DBSFWUSER",
                                                    "REMOTE_SCHEDULER_AGENT",
                                                    "SYSBACKUP",
                                                    "SYSDG",
                                                    "SYSKM",
                                                    "SYSRAC",
                                                    "SYS$UMF",
                                                    "XS$NULL",
                                                    "ANONYMOUS",
                                                    "MDDATA",
                                                    "SPATIAL_CSW_ADMIN_USR",
                                                    "SPATIAL_WFS_ADMIN_USR",
                                                    "FLOWS_FILES",
                                                    "APEX_PUBLIC_USER",
                                                    "ORACLE_OCM",
                                                    "DIP",
                                                    "PUBLIC",
                                                    "GGSYS",
                                                    "DGPDB_INT",
                                                    "MGMT_VIEW",
                                                    "PERFSTAT",
                                                    "TSMSYS",
                                                    "OWBSYS",
                                                    "OWBSYS_AUDIT",
                                                    "SYSMAN_MDS",
                                                    "DBSFWUSER",
                                                    "PDBADMIN",
                                                    "GSMADMIN",
                                                    "OPS$ORACLE",
                                                    "C##DBSNMP",
                                                    "BACKGROUND",
                                                    "MISSING"};
  return s;
}

bool oracle_schema(const std::string& up) {
  return oracle_schemas().count(up) > 0 || starts_with(up, "APEX_") || starts_with(up, "FLOWS_") ||
         up.find('$') != std::string::npos || up == "** MISSING **" || starts_with(up, "**");
}

bool builtin_tablespace(const std::string& up) {
  return up == "SYSTEM" || up == "SYSAUX" || up == "USERS" || starts_with(up, "TEMP") || starts_with(up, "UNDO") ||
         up == "EXAMPLE" || up == "** MISSING **" || starts_with(up, "**");
}

/// Dictionary and other Oracle objects named without an owner in SQL text (DUAL, V$SESSION, DBA_...).
bool oracle_object(const std::string& up) {
  static const std::array<std::string_view, 14> prefixes = {"DBA_", "ALL_", "USER_", "CDB_", "DBMS_", "UTL_", "SYS_",
                                                            "V_$",  "GV_$", "WRH$",  "WRM$", "WRI$",  "OWA_", "HTP"};
  if (up == "DUAL" || up.find('$') != std::string::npos || starts_with(up, "**")) return true;
  for (auto p : prefixes)
    if (starts_with(up, p)) return true;
  return false;
}

bool numeric(std::string_view s) {
  s = trim(s);
  if (s.empty()) return false;
  for (char c : s)
    if (!is_digit(c) && c != '.' && c != ',' && c != '-' && c != '+') return false;
  return true;
}

/// SQL words never replaced, whatever a site called its objects.
const std::unordered_set<std::string>& sql_keywords() {
  static const std::unordered_set<std::string> s = {
      "SELECT",    "FROM",       "WHERE",        "AND",       "OR",         "NOT",          "NULL",     "IN",
      "IS",        "AS",         "BY",           "ORDER",     "GROUP",      "HAVING",       "INSERT",   "INTO",
      "VALUES",    "UPDATE",     "SET",          "DELETE",    "MERGE",      "USING",        "ON",       "JOIN",
      "INNER",     "OUTER",      "LEFT",         "RIGHT",     "FULL",       "CROSS",        "NATURAL",  "UNION",
      "ALL",       "MINUS",      "INTERSECT",    "EXCEPT",    "DISTINCT",   "CASE",         "WHEN",     "THEN",
      "ELSE",      "END",        "BEGIN",        "DECLARE",   "EXCEPTION",  "FOR",          "LOOP",     "WHILE",
      "IF",        "ELSIF",      "RETURN",       "RETURNING", "WITH",       "TABLE",        "INDEX",    "VIEW",
      "CREATE",    "ALTER",      "DROP",         "TRUNCATE",  "LOCK",       "COMMIT",       "ROLLBACK", "SAVEPOINT",
      "GRANT",     "REVOKE",     "EXISTS",       "BETWEEN",   "LIKE",       "ESCAPE",       "CONNECT",  "START",
      "PRIOR",     "LEVEL",      "ROWNUM",       "ROWID",     "SYSDATE",    "SYSTIMESTAMP", "USER",     "UID",
      "NOWAIT",    "WAIT",       "SKIP",         "LOCKED",    "OF",         "FETCH",        "FIRST",    "NEXT",
      "ROWS",      "ROW",        "ONLY",         "OFFSET",    "PARTITION",  "SUBPARTITION", "OVER",     "WITHIN",
      "MATCHED",   "CALL",       "EXECUTE",      "IMMEDIATE", "BULK",       "COLLECT",      "FORALL",   "OPEN",
      "CLOSE",     "CURSOR",     "TYPE",         "DEFAULT",   "PRIMARY",    "KEY",          "FOREIGN",  "REFERENCES",
      "CHECK",     "CONSTRAINT", "UNIQUE",       "SAMPLE",    "SEED",       "LATERAL",      "APPLY",    "PIVOT",
      "UNPIVOT",   "MODEL",      "DUAL",         "TRUE",      "FALSE",      "ASC",          "DESC",     "NULLS",
      "LAST",      "CAST",       "DATE",         "TIMESTAMP", "INTERVAL",   "NUMBER",       "VARCHAR2", "CHAR",
      "CLOB",      "BLOB",       "ANY",          "SOME",      "LOG",        "ERRORS",       "REJECT",   "LIMIT",
      "UNLIMITED", "PROCEDURE",  "FUNCTION",     "PACKAGE",   "BODY",       "TRIGGER",      "SEQUENCE", "SYNONYM",
      "OR",        "REPLACE",    "ANALYZE",      "COMPUTE",   "STATISTICS", "ESTIMATE",     "PURGE",    "FLASHBACK",
      "AT",        "SCN",        "VERSIONS",     "NOCOPY",    "IN",         "OUT",          "PRAGMA",   "AUTONOMOUS_TRANSACTION",
      "RAISE",     "OTHERS",     "NO_DATA_FOUND"};
  return s;
}

/// Words of parameter values and connect descriptors that are settings, not names.
/// Words of hints' argument lists that name no object: OPT_ESTIMATE(@qb, TABLE, t, ROWS=10),
/// PQ_DISTRIBUTE(t HASH HASH), PARALLEL(t DEFAULT), USE_HASH_AGGREGATION, INDEX_SS ...
const std::unordered_set<std::string>& hint_words() {
  static const std::unordered_set<std::string> s = {"TABLE",
                                                    "INDEX",
                                                    "INDEX_FILTER",
                                                    "INDEX_SCAN",
                                                    "INDEX_SKIP_SCAN",
                                                    "JOIN",
                                                    "NLJ_INDEX_SCAN",
                                                    "NLJ_INDEX_FILTER",
                                                    "GROUP_BY",
                                                    "QUERY_BLOCK",
                                                    "ROWS",
                                                    "SCALE_ROWS",
                                                    "MIN",
                                                    "MAX",
                                                    "DEFAULT",
                                                    "AUTO",
                                                    "MANUAL",
                                                    "LIMIT",
                                                    "HASH",
                                                    "BROADCAST",
                                                    "NONE",
                                                    "PARTITION",
                                                    "RANDOM",
                                                    "RANDOM_LOCAL",
                                                    "ROUND_ROBIN",
                                                    "KEEP",
                                                    "TRUE",
                                                    "FALSE",
                                                    "ON",
                                                    "OFF",
                                                    "ADAPTIVE",
                                                    "IGNORE",
                                                    "FORCE",
                                                    "LEFT",
                                                    "RIGHT",
                                                    "SWAP_JOIN_INPUTS",
                                                    "NO_SWAP_JOIN_INPUTS"};
  return s;
}

const std::unordered_set<std::string>& setting_words() {
  static const std::unordered_set<std::string> s = {"LOCATION",
                                                    "SERVICE",
                                                    "SERVICE_NAME",
                                                    "DB_UNIQUE_NAME",
                                                    "VALID_FOR",
                                                    "ALL_LOGFILES",
                                                    "ALL_ROLES",
                                                    "ONLINE_LOGFILES",
                                                    "ONLINE_LOGFILE",
                                                    "STANDBY_LOGFILES",
                                                    "STANDBY_LOGFILE",
                                                    "PRIMARY_ROLE",
                                                    "STANDBY_ROLE",
                                                    "ASYNC",
                                                    "SYNC",
                                                    "AFFIRM",
                                                    "NOAFFIRM",
                                                    "DG_CONFIG",
                                                    "NODG_CONFIG",
                                                    "SEND",
                                                    "NOSEND",
                                                    "RECEIVE",
                                                    "NORECEIVE",
                                                    "PROTOCOL",
                                                    "TCP",
                                                    "TCPS",
                                                    "IPC",
                                                    "HOST",
                                                    "PORT",
                                                    "ADDRESS",
                                                    "ADDRESS_LIST",
                                                    "DESCRIPTION",
                                                    "CONNECT_DATA",
                                                    "USE_DB_RECOVERY_FILE_DEST",
                                                    "DB_RECOVERY_FILE_DEST",
                                                    "REOPEN",
                                                    "MAX_FAILURE",
                                                    "NET_TIMEOUT",
                                                    "COMPRESSION",
                                                    "ENABLE",
                                                    "DISABLE",
                                                    "MANDATORY",
                                                    "OPTIONAL",
                                                    "DELAY",
                                                    "NODELAY",
                                                    "ALTERNATE",
                                                    "ARCH",
                                                    "LGWR",
                                                    "XDB",
                                                    "SID",
                                                    "INSTANCE_NAME",
                                                    "DISPATCHERS",
                                                    "SESSIONS",
                                                    "CONNECTIONS",
                                                    "POOL",
                                                    "MULTIPLEX",
                                                    "TRUE",
                                                    "FALSE",
                                                    "NONE",
                                                    "DEFAULT",
                                                    "ON",
                                                    "OFF",
                                                    "YES",
                                                    "NO",
                                                    "LOCAL",
                                                    "REMOTE",
                                                    "SERVER",
                                                    "DEDICATED",
                                                    "SHARED",
                                                    "KEY",
                                                    "LISTENER",
                                                    "NET",
                                                    "MAX_CONNECTIONS",
                                                    "DB_DOMAIN",
                                                    "NOREGISTER",
                                                    "REGISTER",
                                                    "VALUE",
                                                    "PRIORITY",
                                                    "GROUP",
                                                    "NAME",
                                                    "OS",
                                                    "EXCLUSIVE",
                                                    "MEMORY",
                                                    "SPFILE",
                                                    "BOTH",
                                                    "SCOPE"};
  return s;
}

/// Parameters whose value is a list of names of one kind.
const std::map<std::string, MaskKind, std::less<>>& name_parameters() {
  static const std::map<std::string, MaskKind, std::less<>> m = {{"db_name", MaskKind::database},
                                                                 {"db_unique_name", MaskKind::database},
                                                                 {"log_archive_config", MaskKind::database},
                                                                 {"instance_name", MaskKind::instance},
                                                                 {"service_names", MaskKind::service},
                                                                 {"fal_server", MaskKind::service},
                                                                 {"fal_client", MaskKind::service},
                                                                 {"db_domain", MaskKind::domain},
                                                                 {"instance_groups", MaskKind::service},
                                                                 {"parallel_instance_group", MaskKind::service},
                                                                 {"local_listener", MaskKind::service},
                                                                 {"remote_listener", MaskKind::service},
                                                                 {"cluster_database_name", MaskKind::database},
                                                                 {"standby_archive_dest", MaskKind::service}};
  return m;
}

/// Parameters whose value is a release number (12.2.0.1): never taken for an IP address.
bool version_parameter(std::string_view name) {
  const auto n = lower(name);
  return n.find("compatible") != std::string::npos || n.find("features_enable") != std::string::npos ||
         n.find("version") != std::string::npos;
}

/// Programs whose name comes before '@' in "program@host" (Oracle's v$session.program): kept.
bool known_program(std::string_view s) {
  static const std::array<std::string_view, 30> programs = {
      "oracle",  "sqlplus",  "rman",   "java",   "jdbc",    "perl",    "python", "python2", "python3",      "sqlldr",
      "exp",     "imp",      "expdp",  "impdp",  "tnslsnr", "emagent", "httpd",  "frmweb",  "rwserver",     "ogg",
      "extract", "replicat", "dgmgrl", "srvctl", "crsctl",  "asmcmd",  "node",   "toad",    "sqldeveloper", "oraagent"};
  auto l = lower(s);
  while (!l.empty() && (is_digit(l.back()) || l.back() == '.')) l.pop_back();  // python3.8
  if (l.size() > 4 && l.substr(l.size() - 4) == ".exe") return true;
  return std::find(programs.begin(), programs.end(), l) != programs.end();
}

/// The length of an IPv4 address at s[i] (four dot-separated numbers of 0-255, not part of a longer
/// dotted number), else 0.
std::size_t ipv4_at(std::string_view s, std::size_t i) {
  if (i > 0 && (is_alnum(s[i - 1]) || s[i - 1] == '.')) return 0;
  std::size_t j = i;
  for (int part = 0; part < 4; ++part) {
    if (part > 0) {
      if (j >= s.size() || s[j] != '.') return 0;
      ++j;
    }
    std::size_t k = j;
    while (k < s.size() && is_digit(s[k]) && k - j < 4) ++k;
    if (k == j || k - j > 3 || std::stoi(std::string(s.substr(j, k - j))) > 255) return 0;
    j = k;
  }
  if (j < s.size() && (is_alnum(s[j]) || (s[j] == '.' && j + 1 < s.size() && is_digit(s[j + 1])))) return 0;
  // An Oracle release (9.0.1.x, 9.2.0.x, 10.2.0.4, 11.2.0.4, 12.1.0.2, 12.2.0.1, 19.3.0.0), not an address.
  int octet[4] = {0, 0, 0, 0};
  std::size_t k = i;
  for (int part = 0; part < 4; ++part) {
    while (k < j && is_digit(s[k])) octet[part] = octet[part] * 10 + (s[k++] - '0');
    ++k;
  }
  const bool release = (octet[0] >= 8 && octet[0] <= 12 && octet[1] >= 1 && octet[1] <= 2 && octet[2] == 0) ||
                       (octet[0] == 9 && octet[1] == 0 && octet[2] == 0) ||
                       (octet[0] >= 18 && octet[0] <= 23 && octet[2] == 0 && octet[3] == 0);
  if (release) return 0;
  return j - i;
}

/// The length of an IPv6 address at s[i] (hex groups and colons with "::" or seven colons), else 0.
std::size_t ipv6_at(std::string_view s, std::size_t i) {
  if (i > 0 && (is_alnum(s[i - 1]) || s[i - 1] == ':')) return 0;
  std::size_t j = i, colons = 0, group = 0;
  bool dbl = false, hex_letter = false;
  while (j < s.size()) {
    const char c = s[j];
    if (std::isxdigit(static_cast<unsigned char>(c))) {
      if (++group > 4) return 0;
      if (is_alpha(c)) hex_letter = true;
    } else if (c == ':') {
      if (j > i && s[j - 1] == ':') dbl = true;
      ++colons;
      group = 0;
    } else {
      break;
    }
    ++j;
  }
  if (j < s.size() && (is_alnum(s[j]) || s[j] == '.')) return 0;
  if (colons < 2 || colons > 7 || !(dbl || colons == 7)) return 0;
  if (!dbl && !hex_letter) return 0;  // 01:30:13 is a time
  return j - i;
}

/// A character that may continue a path.
bool is_path_char(char c) {
  if (is_space(c)) return false;
  static const std::string_view stop = "'\"(),;<>|=`*[]{}";
  return stop.find(c) == std::string_view::npos && static_cast<unsigned char>(c) > 32;
}

/// The length of a file path starting at s[i] ("/u01/...", "?/dbs/...", "~/...", "C:\...",
/// "\\server\share", "+DATA/...", "$ORACLE_BASE/..."), else 0.
std::size_t path_at(std::string_view s, std::size_t i) {
  const char prev = i == 0 ? ' ' : s[i - 1];
  if (is_ident(prev) || prev == '.' || prev == '/' || prev == '\\' || prev == ')' || prev == ']') return 0;
  const auto rest = s.substr(i);
  std::size_t start_ok = 0;  // the prefix checked
  if (rest.size() >= 2 && (rest[0] == '/' || rest[0] == '\\') &&
      (is_alnum(rest[1]) || rest[1] == '_' || rest[1] == '.' || rest[1] == '~' || rest[1] == rest[0] || rest[1] == '$'))
    start_ok = 1;
  else if (rest.size() >= 3 && (rest[0] == '?' || rest[0] == '~') && rest[1] == '/') start_ok = 2;
  else if (rest.size() >= 4 && is_alpha(rest[0]) && rest[1] == ':' && (rest[2] == '\\' || rest[2] == '/') &&
           is_path_char(rest[3]))
    start_ok = 3;
  else if (rest.size() >= 3 && (rest[0] == '+' || rest[0] == '$') && is_alpha(rest[1])) {
    std::size_t k = 1;
    while (k < rest.size() && is_ident(rest[k])) ++k;
    if (k < rest.size() && (rest[k] == '/' || rest[k] == '\\') && k + 1 < rest.size() && is_path_char(rest[k + 1]))
      start_ok = k + 1;
    // An ASM disk group alone ("+DATA": db_create_file_dest, db_recovery_file_dest, LOCATION=+RECO): a
    // directory, where it stands alone (after the start, a space, '=', ',', '(' or a quote; before the end or one).
    else if (rest[0] == '+' && (k == rest.size() || std::string_view(" \t,;)'\"").find(rest[k]) != std::string_view::npos) &&
             (i == 0 || std::string_view(" \t=,('\"").find(prev) != std::string_view::npos))
      return k;
  }
  if (start_ok == 0) return 0;
  std::size_t j = start_ok;
  while (j < rest.size() && is_path_char(rest[j])) ++j;
  while (j > start_ok && (rest[j - 1] == '.' || rest[j - 1] == ':')) --j;  // end of a sentence, "path:"
  if (rest[0] == '/' && j == 1) return 0;
  return j;
}

/// The extension of a file name kept by masking (".dbf", ".log", ".ctl"; not the ".259" of an ASM file).
std::string extension_of(std::string_view base) {
  const auto dot = base.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || base.size() - dot - 1 > 5 || dot + 1 == base.size()) return "";
  bool letter = false;
  for (char c : base.substr(dot + 1)) {
    if (!is_alnum(c)) return "";
    letter = letter || is_alpha(c);
  }
  return letter ? std::string(base.substr(dot)) : "";
}

std::vector<Token> lex_sql(std::string_view s) {
  std::vector<Token> out;
  std::size_t i = 0;
  const auto n = s.size();
  auto push = [&](Tok k, std::size_t from, std::size_t to) { out.push_back({k, std::string(s.substr(from, to - from))}); };
  while (i < n) {
    const char c = s[i];
    const std::size_t b = i;
    if (is_space(c)) {
      while (i < n && is_space(s[i])) ++i;
      push(Tok::space, b, i);
    } else if (c == '-' && i + 1 < n && s[i + 1] == '-') {
      while (i < n && s[i] != '\n') ++i;
      push(i > b + 2 && s[b + 2] == '+' ? Tok::hint : Tok::comment, b, i);
    } else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
      const auto e = s.find("*/", i + 2);
      i = e == std::string_view::npos ? n : e + 2;
      push(i > b + 2 && s[b + 2] == '+' ? Tok::hint : Tok::comment, b, i);
    } else if ((c == 'q' || c == 'Q') && i + 2 < n && s[i + 1] == '\'') {
      // q'[...]', q'{...}', q'!...!'
      char close = s[i + 2];
      if (close == '[') close = ']';
      else if (close == '{') close = '}';
      else if (close == '(') close = ')';
      else if (close == '<') close = '>';
      std::size_t e = i + 3;
      while (e + 1 < n && !(s[e] == close && s[e + 1] == '\'')) ++e;
      i = e + 1 < n ? e + 2 : n;
      push(Tok::string, b, i);
    } else if (c == '\'') {
      ++i;
      while (i < n) {
        if (s[i] == '\'') {
          if (i + 1 < n && s[i + 1] == '\'') {
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        ++i;
      }
      push(Tok::string, b, i);
    } else if (c == '"') {
      const auto e = s.find('"', i + 1);
      i = e == std::string_view::npos ? n : e + 1;
      push(Tok::qident, b, i);
    } else if (c == ':' && i + 1 < n && (is_ident(s[i + 1]) || s[i + 1] == '"')) {
      ++i;
      if (s[i] == '"') {
        const auto e = s.find('"', i + 1);
        i = e == std::string_view::npos ? n : e + 1;
      } else {
        while (i < n && is_ident(s[i])) ++i;
      }
      push(Tok::bind, b, i);
    } else if (c == '&' && i + 1 < n && is_ident(s[i + 1])) {  // SQL*Plus substitution variable
      ++i;
      while (i < n && (is_ident(s[i]) || s[i] == '&')) ++i;
      push(Tok::bind, b, i);
    } else if (is_digit(c) || (c == '.' && i + 1 < n && is_digit(s[i + 1]))) {
      while (i < n && is_digit(s[i])) ++i;
      if (i < n && s[i] == '.' && !(i + 1 < n && s[i + 1] == '.')) {
        ++i;
        while (i < n && is_digit(s[i])) ++i;
      }
      if (i < n && (s[i] == 'e' || s[i] == 'E') && i + 1 < n &&
          (is_digit(s[i + 1]) || ((s[i + 1] == '+' || s[i + 1] == '-') && i + 2 < n && is_digit(s[i + 2])))) {
        i += 2;
        while (i < n && is_digit(s[i])) ++i;
      }
      if (i < n && (s[i] == 'f' || s[i] == 'F' || s[i] == 'd' || s[i] == 'D') && !(i + 1 < n && is_ident(s[i + 1]))) ++i;
      if (i < n && is_ident(s[i])) {  // 1abc: not a number; an identifier-ish run
        while (i < n && is_ident(s[i])) ++i;
        push(Tok::ident, b, i);
      } else {
        push(Tok::number, b, i);
      }
    } else if (is_alpha(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80) {
      while (i < n && (is_ident(s[i]) || static_cast<unsigned char>(s[i]) >= 0x80)) ++i;
      // N'...' national literal: the N is part of the literal.
      if (i - b == 1 && (c == 'N' || c == 'n') && i < n && s[i] == '\'') {
        push(Tok::punct, b, i);
      } else {
        push(Tok::ident, b, i);
      }
    } else {
      ++i;
      push(Tok::punct, b, i);
    }
  }
  return out;
}

std::string unquote(const Token& t) {
  if (t.kind == Tok::qident) {
    auto v = std::string_view(t.text);
    v.remove_prefix(1);
    if (!v.empty() && v.back() == '"') v.remove_suffix(1);
    return std::string(v);
  }
  return t.text;
}

CellClass classify(std::string_view header) {
  const auto h = lower(header);
  auto has = [&](std::string_view w) { return h.find(w) != std::string::npos; };
  if (has("sql text") || has("sql_text")) return CellClass::sql;
  if (has("release") || has("version")) return CellClass::text;  // 12.2.0.1 is no IP address
  if (has("subobject") || has("partition name")) return CellClass::partition;
  if (has("owner") || has("schema")) return CellClass::schema;
  if (h == "user" || has("user name") || has("username") || has("user_name") || h == "user id") return CellClass::user;
  if (has("object name") || has("segment name") || has("obj name") || has("table name") || has("index name") || h == "object" ||
      has("object (type)"))
    return CellClass::object;
  if (has("tablespace") && !has("#")) return CellClass::tablespace;
  if (has("file name") || has("filename") || has("datafile") || has("tempfile") || h == "file" || has("file path"))
    return CellClass::path;
  if (has("host") || has("machine")) return CellClass::host;
  if ((h == "instance" || h == "inst" || has("instance name")) && !has("num") && !has("#")) return CellClass::instance;
  if (has("db name") || has("database name")) return CellClass::database;
  if (has("service")) return CellClass::service;
  if (has("pdb") || has("container name") || has("con name")) return CellClass::pdb;
  if (has("pl/sql") || has("plsql") || has("procedure") || has("entry")) return CellClass::plsql;
  return CellClass::text;
}

bool common_word(const std::string& up) {
  static const std::unordered_set<std::string> common = {"ORACLE",  "LOCALHOST", "DATABASE", "SERVER", "PRIMARY",
                                                         "STANDBY", "INSTANCE",  "DEFAULT",  "CLIENT", "BACKGROUND"};
  return common.count(up) > 0;
}

bool is_blank_cell(std::string_view v) {
  v = trim(v);
  // An IPv4 address is digits and dots too, and no number (Cluster Interconnect, Interconnect Device Statistics).
  return v.empty() || (numeric(v) && ipv4_at(v, 0) != v.size()) || v == "-" || v == "&#160;" || v == "\xC2\xA0";
}

}  // namespace awrdiff::detail::masking
