// Snapshot -> JSON text (`awrdiff snapshot FILE --format json`), written straight into one buffer by
// json_out::IndentedWriter (RapidJSON's PrettyWriter layout over its Writer): no document tree is built. Absent values are null,
// never 0. Read back by src/json/snapshot_json_read.cpp (docs/snapshot-json.md): writer, reader and their field list
// live together in src/json, below the parser (which reads a saved snapshot wherever a report is) and the outputs.
// It does not use nlohmann::json: building, dumping
// and freeing an nlohmann document costs 20 to 40 times this writer's time, about a fifth to a quarter of
// a whole `awrdiff snapshot` run (docs/benchmark.md), for text equal after a canonical reformat.
//
// The fields are listed once, in snapshot_json_fields.hpp, for this writer and for the reader; every
// object's keys are written in byte-wise ascending order, the order they are listed in there.
#include <awrdiff/snapshot_json.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include "json/snapshot_json_fields.hpp"

#include "json/rapidjson_config.hpp"  // before any RapidJSON header
#include "json/json_writer.hpp"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <rapidjson/stringbuffer.h>

namespace awrdiff {
namespace {

// ---- UTF-8 -------------------------------------------------------------------------------------
// The writer copies bytes as they are, so strings are checked first and an invalid sequence replaced by
// U+FFFD, one per maximal invalid subpart: the repair every JSON output shares (json/json_writer.hpp).
// Valid text, the usual case, is not copied.
using json_out::replace_invalid_utf8;
using json_out::valid_utf8_prefix;

// ---- the writer ----------------------------------------------------------------------------------

// The writer's visitor for snapshot_json_fields.hpp. Field writers: key, then value. Named by the
// value's type rather than overloaded, so that a string literal never turns into a bool.
class Json {
public:
  Json(json_out::ChunkedStream& out, bool with_diagnostics) : m_w(out, 2), m_with_diagnostics(with_diagnostics) {}

  void begin_object() { m_w.StartObject(); }
  void end_object() { m_w.EndObject(); }
  void begin_array() { m_w.StartArray(); }
  void end_array() { m_w.EndArray(); }

  void key(std::string_view k) { m_w.literal_key(k); }  // keys are ASCII literals
  void key_text(std::string_view k) { write_string(k, true); }  // keys from the report

  /// A string value, sanitised (see above).
  void text(std::string_view s) { write_string(s, false); }
  void text(std::string_view k, std::string_view s) {
    key(k);
    text(s);
  }
  /// A string value, or null when empty (text the report may not give).
  void text_or_null(std::string_view k, std::string_view s) {
    key(k);
    if (s.empty()) m_w.Null();
    else text(s);
  }
  /// A string value; nothing at all (not even the key) when empty.
  void text_if_any(std::string_view k, std::string_view s) {
    if (!s.empty()) text(k, s);
  }
  /// An enumerator, by its name.
  template <class E>
  void enumeration(std::string_view k, E e) {
    text(k, detail::snapshot_json::enum_name(e));
  }
  void boolean(std::string_view k, bool b) {
    key(k);
    m_w.Bool(b);
  }
  void boolean(std::string_view k, const std::optional<bool>& b) {
    key(k);
    if (b) m_w.Bool(*b);
    else m_w.Null();
  }
  /// A double, or null when absent, NaN or infinite (RapidJSON would refuse those mid-document).
  void number(const OptDouble& v) {
    if (v && std::isfinite(*v)) m_w.Double(*v);
    else m_w.Null();
  }
  void number(std::string_view k, const OptDouble& v) {
    key(k);
    number(v);
  }
  /// An integer (signed or unsigned as the model holds it), or null when absent.
  template <class T>
  void integer(std::string_view k, const T& v) {
    key(k);
    write_integer(v);
  }
  template <class T>
  void integer(std::string_view k, const std::optional<T>& v) {
    key(k);
    if (v) write_integer(*v);
    else m_w.Null();
  }
  /// An array of strings.
  void texts(std::string_view k, const std::vector<std::string>& items) {
    key(k);
    m_w.StartArray();
    for (const auto& s : items) text(s);
    m_w.EndArray();
  }
  /// `k`: an array with one object per row, its fields written by `fields(*this, row)`.
  template <class Rows, class Fields>
  void rows(std::string_view k, const Rows& items, Fields&& fields) {
    key(k);
    m_w.StartArray();
    for (const auto& r : items) {
      m_w.StartObject();
      fields(*this, r);
      m_w.EndObject();
    }
    m_w.EndArray();
  }
  /// `k`: an object whose fields `fields(*this)` writes.
  template <class Fields>
  void object(std::string_view k, Fields&& fields) {
    key(k);
    m_w.StartObject();
    fields(*this);
    m_w.EndObject();
  }
  /// A value the model computes (a number or a bool), `value()`; the field the reader reads it into
  /// is of no use here.
  template <class F, class... Into>
  void computed(std::string_view k, F&& value, const Into&...) {
    const auto v = value();
    if constexpr (std::is_same_v<std::remove_cv_t<decltype(v)>, bool>) boolean(k, v);
    else number(k, v);
  }
  void version(std::string_view k) { integer(k, snapshot_json_version); }
  bool with_diagnostics() const { return m_with_diagnostics; }

  /// Wait histogram buckets as one object, label -> percent (below).
  void histogram(std::string_view k, const std::vector<HistogramBucket>& buckets);
  /// A generic table's columns: {column, header, unit} per header ("unknown" / "none" where the
  /// table has no catalog column or unit for it).
  void generic_columns(std::string_view k, const GenericTable& g) {
    key(k);
    m_w.StartArray();
    for (std::size_t i = 0; i < g.headers.size(); ++i) {
      m_w.StartObject();
      text("column", i < g.columns.size() ? std::string_view(g.columns[i]) : "unknown");
      text("header", g.headers[i]);
      text("unit", i < g.units.size() ? std::string_view(g.units[i]) : "none");
      m_w.EndObject();
    }
    m_w.EndArray();
  }
  /// A generic table's rows: per row, its cells as printed.
  void cells(std::string_view k, const std::vector<std::vector<std::string>>& rows) {
    key(k);
    m_w.StartArray();
    for (const auto& r : rows) {
      m_w.StartArray();
      for (const auto& c : r) write_string(c, false);
      m_w.EndArray();
    }
    m_w.EndArray();
  }

private:
  template <class T>
  void write_integer(T v) {
    static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>);
    if constexpr (std::is_signed_v<T>) m_w.Int64(static_cast<std::int64_t>(v));
    else m_w.Uint64(static_cast<std::uint64_t>(v));
  }
  void write_string(std::string_view s, bool as_key) {
    // Most strings are short names of plain ASCII: valid UTF-8 with nothing to escape, copied at once.
    if (!as_key && s.size() < 16 && plain_ascii(s)) {
      m_w.plain_string(s);
      return;
    }
    const std::size_t bad = valid_utf8_prefix(s);
    if (bad != s.size()) {
      replace_invalid_utf8(s, bad, m_scratch);
      s = m_scratch;
    }
    if (as_key) {
      m_w.Key(s.data(), s.size());
    } else if (s.size() >= 16 && nothing_to_escape(s)) {
      // Long text with nothing to escape (most SQL text) is copied at once too. RapidJSON escapes byte
      // by byte (its SSE2 scan is not used: see above).
      m_w.plain_string(s);
    } else {
      m_w.String(s.data(), s.size());
    }
  }

  // Only ASCII bytes JSON does not escape (no control character, '"' or '\\').
  static bool plain_ascii(std::string_view s) {
    for (const char ch : s) {
      const auto c = static_cast<unsigned char>(ch);
      if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return false;
    }
    return true;
  }

  // No byte JSON escapes: control characters (below 0x20), '"' and '\\'.
  static bool nothing_to_escape(std::string_view s) {
    const char* p = s.data();
    std::size_t i = 0;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), top = _mm_set1_epi8(0x1F);
    for (; i + 16 <= s.size(); i += 16) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
      const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(x, top), top);  // x <= 0x1F, unsigned
      if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)), control)) != 0)
        return false;
    }
#endif
    for (; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(p[i]);
      if (c < 0x20 || c == '"' || c == '\\') return false;
    }
    return true;
  }

  json_out::IndentedWriter<json_out::ChunkedStream> m_w;
  std::string m_scratch;  // the sanitised copy of an invalid string
  bool m_with_diagnostics;
};

// A histogram's buckets as one object, label -> percent: keys sorted byte-wise, a label given twice
// keeping its last value (as a map assigned in report order would). Labels are made valid UTF-8
// before they are compared, so that two labels that differ only in invalid bytes give one key.
void Json::histogram(std::string_view k, const std::vector<HistogramBucket>& buckets) {
  key(k);
  std::vector<std::pair<std::string_view, const OptDouble*>> order;
  order.reserve(buckets.size());
  std::vector<std::string> repaired;  // the labels that were not valid UTF-8, repaired
  repaired.reserve(buckets.size());  // never reallocated: `order` points into it
  for (const auto& b : buckets) {
    const std::size_t bad = valid_utf8_prefix(b.label);
    if (bad == b.label.size()) {
      order.emplace_back(b.label, &b.pct);
    } else {
      replace_invalid_utf8(b.label, bad, repaired.emplace_back());
      order.emplace_back(repaired.back(), &b.pct);
    }
  }
  // Stable: equal labels stay in report order, and the last of them is the one written.
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  m_w.StartObject();
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (i + 1 < order.size() && order[i + 1].first == order[i].first) continue;
    key_text(order[i].first);
    number(*order[i].second);
  }
  m_w.EndObject();
}

// The text's end: the final newline, and what the stream still holds.
void finish(json_out::ChunkedStream& out) {
  out.Put('\n');
  out.finish();
}

// A sink that appends to `text`.
json_out::ChunkedStream::Sink append_to(std::string& text) {
  return [&text](std::string_view piece) { text.append(piece); };
}

}  // namespace

// Room for a snapshot's JSON, so that the text returned whole is not grown (and copied) a score of times:
// about 300 bytes a row of every section plus the SQL text, which is most of a large report's JSON.
std::size_t snapshot_json_size_hint(const Snapshot& s) {
  std::size_t size = 64 * 1024;
  for (const auto& q : s.sql) size += q.text.size() + 1024;
  size += 300 * (s.activity.size() + s.parameters.size() + s.latches.size() + s.segments.size() + s.file_io.size() +
                 s.tablespace_io.size() + s.wait_histograms.size() + s.foreground_events.size() + s.background_events.size());
  return size;
}

void write_snapshot_json(const Snapshot& snapshot, bool with_diagnostics, const TextSink& sink) {
  json_out::ChunkedStream out(sink);
  Json j(out, with_diagnostics);
  j.begin_object();
  detail::snapshot_json::snapshot_fields(j, snapshot);
  j.end_object();
  finish(out);
}

std::string snapshot_json_text(const Snapshot& snapshot, bool with_diagnostics) {
  std::string text;
  text.reserve(snapshot_json_size_hint(snapshot));
  write_snapshot_json(snapshot, with_diagnostics, append_to(text));
  return text;
}

void write_snapshot_array(const std::vector<SnapshotArrayItem>& items, bool with_diagnostics, const TextSink& sink) {
  json_out::ChunkedStream out(sink);
  Json j(out, with_diagnostics);
  j.begin_array();
  for (const auto& r : items) {
    j.begin_object();
    if (r.snapshot) {
      j.text("file", r.file);
      j.object("snapshot", [&](Json& o) { detail::snapshot_json::snapshot_fields(o, *r.snapshot); });
    } else {
      if (r.error) j.text("error", *r.error);
      j.text("file", r.file);
    }
    j.end_object();
  }
  j.end_array();
  finish(out);
}

}  // namespace awrdiff
