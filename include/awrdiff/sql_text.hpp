// awrdiff — SQL text signatures: the same statement under two sql_ids.
//
// Oracle's sql_id is a hash of the exact text, so a statement whose literals become binds (or whose
// literals differ per call) gets a new sql_id each time. A signature folds those differences away so
// statements can be matched across sql_ids and literal SQL can be recognised.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace awrdiff {

/// The normalised signature of a SQL text: string and numeric literals and bind variables (`:B1`,
/// `:1`, `:name`) replaced by `?`, lists of them (`IN (1, 2, 3)`) collapsed to one, letters folded to
/// lower case, whitespace removed except where it separates two words; comments and hints are kept
/// (they can change the plan). Empty for an empty text.
std::string sql_signature(std::string_view text);

/// The shortest signature (characters) by which two sql_ids are taken for one statement: a shorter one ("select?from
/// dual") is no evidence of the same statement.
inline constexpr std::size_t k_signature_key_min_chars = 40;

/// A fixed-length key of a SQL text's signature, by which the timeline matches one statement across sql_ids: 16
/// lower-case hex digits, the 64-bit FNV-1a hash of sql_signature(text); empty when the signature is shorter than
/// k_signature_key_min_chars. Stable from one version to the next: the history store keeps it with each statement of
/// a period's detail, whose text it cuts (PeriodSql::signature_key).
std::string sql_signature_key(std::string_view text);

/// A SQL text's signature with what was folded into it.
struct SqlShape {
  std::string signature;  ///< as sql_signature()
  int binds = 0;  ///< bind variables replaced
  int literals = 0;  ///< string and numeric literals replaced
};
/// The signature and the counts of binds and literals folded into it.
SqlShape sql_shape(std::string_view text);

/// True when the text is a PL/SQL block or call (BEGIN / DECLARE / CALL): its elapsed time includes
/// the time of the SQL it runs, so its time and its children's are not additive.
bool is_plsql_text(std::string_view text);

/// How sure a match by text signature is.
enum class SignatureMatch {
  none,
  exact,  ///< both signatures equal
  prefix,  ///< one text was cut by the report and the shorter signature (at least 40 characters) is a prefix of the other
  /// the compact signatures (sql_compact_signature) are equal: the same statement but for its comments and hints and
  /// its spacing. The matcher takes it only with the same module and no other plan hash.
  near,
};

/// The signature without comments or hints and without any whitespace: what is left of a statement when the report's
/// line wrapping (a space inserted inside a word or a quoted name: "su bstrb", "\"LONGITUDE \"") and a comment that
/// changes per run (the column directives dbms_stats writes into its "SQL Analyze" queries) are set aside. The
/// sql_id hashes the exact text, so either gives a statement a new sql_id. Empty for an empty text. Not a key
/// by itself: two statements whose hints differ share it.
std::string sql_compact_signature(std::string_view text);

/// Compares two signatures.
SignatureMatch match_signatures(std::string_view a, std::string_view b);

}  // namespace awrdiff
