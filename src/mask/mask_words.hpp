// The masker's vocabulary (src/mask/mask.cpp uses it): Oracle's own schemas, objects and words, which
// are never masked; finders of IP addresses and paths in text; the SQL lexer; and the classes of the
// cells of a table awrdiff does not interpret, by header.
#pragma once

#include <awrdiff/mask.hpp>

#include "support/text.hpp"

#include <cctype>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace awrdiff::detail::masking {

inline bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

inline bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

inline bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

inline bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

/// A character of an Oracle identifier (unquoted): letters, digits, _ $ #.
inline bool is_ident(char c) { return is_alnum(c) || c == '_' || c == '$' || c == '#'; }

/// A character of a host or service name: identifier characters, '.' and '-'.
inline bool is_host_char(char c) { return is_ident(c) || c == '.' || c == '-'; }

std::string upper(std::string_view s);

inline bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

const char* prefix_of(MaskKind kind);

/// Names masked in free text too (objects, partitions and tablespaces only in SQL text and their own
/// columns: an object called EVENTS must not turn a statistic's name into "OBJ3").
bool free_text_kind(MaskKind kind);

/// Schema and user names match whole identifiers only (SCOTT, not the SCOTT of SCOTT_JOB); the others
/// match between any non-alphanumeric characters (PRODDB in PRODDB_batch and awrrpt_PRODDB.html).
inline bool identifier_bounded(MaskKind kind) { return kind == MaskKind::schema || kind == MaskKind::user; }

// Oracle-maintained schemas and users: not site names, and what they own is Oracle's.
const std::unordered_set<std::string>& oracle_schemas();

bool oracle_schema(const std::string& up);

bool builtin_tablespace(const std::string& up);

/// Dictionary and other Oracle objects named without an owner in SQL text (DUAL, V$SESSION, DBA_...).
bool oracle_object(const std::string& up);

bool numeric(std::string_view s);

/// SQL words never replaced, whatever a site called its objects.
const std::unordered_set<std::string>& sql_keywords();

/// Words of parameter values and connect descriptors that are settings, not names.
/// Words of hints' argument lists that name no object: OPT_ESTIMATE(@qb, TABLE, t, ROWS=10),
/// PQ_DISTRIBUTE(t HASH HASH), PARALLEL(t DEFAULT), USE_HASH_AGGREGATION, INDEX_SS ...
const std::unordered_set<std::string>& hint_words();

const std::unordered_set<std::string>& setting_words();

/// Parameters whose value is a list of names of one kind.
const std::map<std::string, MaskKind, std::less<>>& name_parameters();

/// Parameters whose value is a release number (12.2.0.1): never taken for an IP address.
bool version_parameter(std::string_view name);

/// Programs whose name comes before '@' in "program@host" (Oracle's v$session.program): kept.
bool known_program(std::string_view s);

/// The length of an IPv4 address at s[i] (four dot-separated numbers of 0-255, not part of a longer
/// dotted number), else 0.
std::size_t ipv4_at(std::string_view s, std::size_t i);

/// The length of an IPv6 address at s[i] (hex groups and colons with "::" or seven colons), else 0.
std::size_t ipv6_at(std::string_view s, std::size_t i);

/// A character that may continue a path.
bool is_path_char(char c);

/// The length of a file path starting at s[i] ("/u01/...", "?/dbs/...", "~/...", "C:\...",
/// "\\server\share", "+DATA/...", "$ORACLE_BASE/..."), else 0.
std::size_t path_at(std::string_view s, std::size_t i);

/// The extension of a file name kept by masking (".dbf", ".log", ".ctl"; not the ".259" of an ASM file).
std::string extension_of(std::string_view base);

// ---- SQL lexing --------------------------------------------------------------------------------

enum class Tok { space, comment, hint, string, number, bind, ident, qident, punct };
struct Token {
  Tok kind;
  std::string text;
};

std::vector<Token> lex_sql(std::string_view s);

std::string unquote(const Token& t);

/// Column classes of a table awrdiff does not interpret: what its cells hold, by header.
enum class CellClass {
  text,
  sql,
  schema,
  user,
  object,
  partition,
  tablespace,
  path,
  host,
  instance,
  database,
  service,
  pdb,
  plsql
};

CellClass classify(std::string_view header);

bool common_word(const std::string& up);

bool is_blank_cell(std::string_view v);

}  // namespace awrdiff::detail::masking
