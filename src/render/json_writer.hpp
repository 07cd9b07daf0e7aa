// JSON output, one library for all of it: RapidJSON's streaming writers, straight into one buffer (no document
// tree). Used by the comparison's JSON (render/json.cpp), the baseline file (baseline/baseline.cpp), the history
// store's export (history/store.cpp) and check --history's JSON (cli/history_cmd.cpp); the snapshot JSON
// (render/snapshot_json.cpp) has its own writer over the same library and shares the UTF-8 repair below.
//
// What every writer here guarantees, whatever the input:
// - valid UTF-8 and valid JSON: a string (or key) with an invalid byte sequence is written with U+FFFD for
//   each maximal invalid subpart (what nlohmann::json's error_handler_t::replace did before);
// - a double that is NaN or infinite is written as null (RapidJSON would refuse it mid-document);
// - a double as the shortest text that reads back to the same double (std::to_chars), in the layout
//   nlohmann::json gave these outputs before ("600.0", "0.1", "0.0001", "1e-05", "1e+15", "-0.0"), so their
//   bytes did not change with the library; integers as integers.
// Keys are written in the order the caller gives them: each caller keeps its format's documented order.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "parse/rapidjson_config.hpp"  // before any RapidJSON header
#include <rapidjson/memorystream.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace awrdiff::json_out {

/// Offset of the first invalid UTF-8 sequence in `s` (Unicode Table 3-7: no overlong form, surrogate or code
/// point above U+10FFFF), or s.size() when all of it is valid.
std::size_t valid_utf8_prefix(std::string_view s);
/// `s` with every invalid sequence from byte `from` on replaced by U+FFFD (one per maximal invalid subpart),
/// into `out`; the bytes before `from` are copied as they are.
void replace_invalid_utf8(std::string_view s, std::size_t from, std::string& out);
/// `s` itself when it is valid UTF-8, else its repaired copy, kept in `scratch`.
inline std::string_view valid_utf8(std::string_view s, std::string& scratch) {
  const std::size_t bad = valid_utf8_prefix(s);
  if (bad == s.size()) return s;
  replace_invalid_utf8(s, bad, scratch);
  return scratch;
}

/// `v` (finite) as JSON text into `out` (32 bytes at least): the shortest digits that read back to `v`, positional
/// for 1e-4 <= |v| < 1e15 (".0" after an integer value), else as d.ddde±XX (nlohmann::json's layout). Returns the
/// length.
std::size_t format_double(double v, char* out);

/// A JSON text written value by value. `W`: rapidjson::Writer (compact, one line) or rapidjson::PrettyWriter
/// (indented). Misuse (a value where a key is due) is a programming error RapidJSON asserts on.
template <class W>
class Writer {
public:
  /// `indent`: spaces per level (PrettyWriter only).
  explicit Writer(unsigned indent = 2) : m_w(m_buffer) {
    if constexpr (std::is_base_of_v<rapidjson::PrettyWriter<rapidjson::StringBuffer>, W>) m_w.SetIndent(' ', indent);
  }

  void begin_object() { m_w.StartObject(); }
  void end_object() { m_w.EndObject(); }
  void begin_array() { m_w.StartArray(); }
  void end_array() { m_w.EndArray(); }

  /// An object's key, made valid UTF-8.
  Writer& key(std::string_view k) {
    const auto s = valid_utf8(k, m_scratch);
    m_w.Key(s.data(), s.size());
    return *this;
  }
  /// A string, made valid UTF-8.
  void string(std::string_view v) {
    const auto s = valid_utf8(v, m_scratch);
    m_w.String(s.data(), s.size());
  }
  void string(const char* v) { string(std::string_view(v)); }
  /// A string, or null when empty.
  void string_or_null(std::string_view v) {
    if (v.empty()) null();
    else string(v);
  }
  void null() { m_w.Null(); }
  void boolean(bool v) { m_w.Bool(v); }
  /// A double; null when NaN or infinite.
  void number(double v) {
    if (!std::isfinite(v)) {
      m_w.Null();
      return;
    }
    char text[32];
    m_w.RawValue(text, format_double(v, text), rapidjson::kNumberType);
  }
  /// A double, or null when absent, NaN or infinite.
  void number(const std::optional<double>& v) {
    if (v) number(*v);
    else null();
  }
  /// An integer, signed or unsigned as given.
  template <class T>
  requires(std::is_integral_v<T> && !std::is_same_v<T, bool>) void integer(T v) {
    if constexpr (std::is_signed_v<T>) m_w.Int64(static_cast<std::int64_t>(v));
    else m_w.Uint64(static_cast<std::uint64_t>(v));
  }
  /// An integer, or null when absent.
  template <class T>
  void integer(const std::optional<T>& v) {
    if (v) integer(*v);
    else null();
  }
  /// An array of strings.
  void strings(const std::vector<std::string>& items) {
    begin_array();
    for (const auto& s : items) string(s);
    end_array();
  }

  /// The JSON text `text` (one value, as another writer wrote it) written here as a value, in this writer's
  /// layout: keys in their order, numbers copied as written (no conversion), strings as they read. False, with
  /// nothing sensible written, when `text` is not valid JSON.
  bool json(std::string_view text) {
    Copy copy{m_w};
    rapidjson::Reader reader;
    rapidjson::MemoryStream in(text.data(), text.size());
    return !reader.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag>(in, copy).IsError();
  }

  /// The RapidJSON writer itself (a parsed value's Accept()).
  W& raw() { return m_w; }
  /// The text written so far (a complete document once the outermost value is closed).
  std::string_view text() const { return {m_buffer.GetString(), m_buffer.GetSize()}; }
  /// Empties the text, for another document.
  void clear() {
    m_buffer.Clear();
    m_w.Reset(m_buffer);
  }

private:
  // A reader's events into the writer; a number as its text (RawNumber: kParseNumbersAsStringsFlag), which
  // RapidJSON's own RawNumber would quote.
  struct Copy {
    W& w;
    bool Null() { return w.Null(); }
    bool Bool(bool b) { return w.Bool(b); }
    bool Int(int i) { return w.Int(i); }
    bool Uint(unsigned u) { return w.Uint(u); }
    bool Int64(std::int64_t i) { return w.Int64(i); }
    bool Uint64(std::uint64_t u) { return w.Uint64(u); }
    bool Double(double d) { return w.Double(d); }
    bool RawNumber(const char* s, rapidjson::SizeType n, bool) { return w.RawValue(s, n, rapidjson::kNumberType); }
    bool String(const char* s, rapidjson::SizeType n, bool) { return w.String(s, n); }
    bool StartObject() { return w.StartObject(); }
    bool Key(const char* s, rapidjson::SizeType n, bool) { return w.Key(s, n); }
    bool EndObject(rapidjson::SizeType n) { return w.EndObject(n); }
    bool StartArray() { return w.StartArray(); }
    bool EndArray(rapidjson::SizeType n) { return w.EndArray(n); }
  };

  rapidjson::StringBuffer m_buffer;
  W m_w;
  std::string m_scratch;  // the repaired copy of an invalid string
};

using PrettyWriter = Writer<rapidjson::PrettyWriter<rapidjson::StringBuffer>>;
using CompactWriter = Writer<rapidjson::Writer<rapidjson::StringBuffer>>;

}  // namespace awrdiff::json_out
