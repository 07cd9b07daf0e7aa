// Snapshot JSON -> Snapshot: the reverse of src/json/snapshot_json_write.cpp (snapshot_from_json).
//
// RapidJSON's reader builds a document (iteratively: no recursion however deep the input nests; its
// pool allocator frees the document at once, without walking it), and the fields are taken from it
// by name. Numbers do not go through RapidJSON's own conversion: they reach the document as text and
// are converted by std::from_chars, which rounds correctly, so every double the writer printed comes
// back with the same bits.
//
// The fields are those of snapshot_json_fields.hpp, listed once for the writer and this reader, which
// visits them in the writer's order: an object's members are searched from where the last one was
// found, so text the writer produced is read in one pass.
#include "json/snapshot_json_fields.hpp"

#include "json/rapidjson_config.hpp"  // before any RapidJSON header

#include <awrdiff/snapshot_json.hpp>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

namespace awrdiff::detail {

// The reader's stream over a text parsed where it lies (RapidJSON's), which knows where the text ends: white space is
// skipped eight spaces at a time there (the writer indents every line: a third of a stored body's bytes).
struct InPlaceStream : rapidjson::InsituStringStream {
  InPlaceStream(char* begin, char* end) : rapidjson::InsituStringStream(begin), end_(end) {}
  char* end_;  // the text's end, where its NUL is
};

// Found by the reader (argument-dependent lookup) ahead of its own template, which takes one byte at a time.
inline void SkipWhitespace(InPlaceStream& is) {
  constexpr std::uint64_t k_spaces = 0x2020202020202020ULL;
  char* p = is.src_;
  for (;;) {
    for (std::uint64_t w = 0; is.end_ - p >= 8; p += 8) {
      std::memcpy(&w, p, 8);
      if (w != k_spaces) break;
    }
    const char c = *p;  // the NUL at the end stops it
    if (c != ' ' && c != '\n' && c != '\r' && c != '\t') break;
    ++p;
  }
  is.src_ = p;
}

}  // namespace awrdiff::detail

namespace rapidjson {
// Copied into the reader's locals as its own stream is (a pointer or two).
template <>
struct StreamTraits<awrdiff::detail::InPlaceStream> {
  enum { copyOptimization = 1 };
};
}  // namespace rapidjson

namespace awrdiff {
namespace {

using Value = rapidjson::Value;
using Document = rapidjson::Document;

constexpr std::string_view k_version_key = "awrdiff_snapshot";

// GenericTable::rows of other_sections get this many empty rows at most, over all tables: a count in
// the text must not make the reader allocate without bound.
constexpr std::size_t k_max_generic_rows = std::size_t{1} << 20;

// ---- where in the text: "sql[3].elapsed_s" ------------------------------------------------------

// One step of a JSON path; the chain lives on the stack of the readers and is put into words only
// for an error.
struct Path {
  const Path* parent = nullptr;
  std::string_view key;  // a member's name, or empty for an array element
  std::size_t index = 0;
  bool is_index = false;
};

// A key as shown in a message: one line, not too long.
void append_key(std::string& out, std::string_view key) {
  constexpr std::size_t k_max = 60;
  for (std::size_t i = 0; i < key.size() && i < k_max; ++i) {
    const auto c = static_cast<unsigned char>(key[i]);
    out += c < 0x20 || c == 0x7F ? '?' : key[i];
  }
  if (key.size() > k_max) out += "...";
}

void append_path(std::string& out, const Path* p) {
  if (p == nullptr) return;
  append_path(out, p->parent);
  if (p->is_index) {
    out += fmt::format("[{}]", p->index);
  } else if (!p->key.empty() || p->parent != nullptr) {
    if (!out.empty()) out += '.';
    append_key(out, p->key);
  }
}

// ---- parsing: RapidJSON's document, numbers by std::from_chars --------------------------------

// Forwards the reader's events to the document, except numbers: they arrive as text
// (kParseNumbersAsStringsFlag) and become an integer when they have no fraction or exponent and fit
// 64 bits, else a double. A number out of the range of a double stops the parse.
class NumberHandler {
public:
  explicit NumberHandler(Document& d) : m_d(d) {}
  bool Null() { return m_d.Null(); }
  bool Bool(bool b) { return m_d.Bool(b); }
  bool Int(int i) { return m_d.Int(i); }
  bool Uint(unsigned u) { return m_d.Uint(u); }
  bool Int64(std::int64_t i) { return m_d.Int64(i); }
  bool Uint64(std::uint64_t u) { return m_d.Uint64(u); }
  bool Double(double v) { return m_d.Double(v); }
  bool String(const char* s, rapidjson::SizeType n, bool copy) { return m_d.String(s, n, copy); }
  bool StartObject() { return m_d.StartObject(); }
  bool Key(const char* s, rapidjson::SizeType n, bool copy) { return m_d.Key(s, n, copy); }
  bool EndObject(rapidjson::SizeType n) { return m_d.EndObject(n); }
  bool StartArray() { return m_d.StartArray(); }
  bool EndArray(rapidjson::SizeType n) { return m_d.EndArray(n); }

  bool RawNumber(const char* s, rapidjson::SizeType n, bool) {
    const char* end = s + n;
    if (std::memchr(s, '.', n) == nullptr && std::memchr(s, 'e', n) == nullptr && std::memchr(s, 'E', n) == nullptr) {
      if (n > 0 && s[0] == '-') {
        std::int64_t v = 0;
        if (const auto r = std::from_chars(s, end, v); r.ec == std::errc() && r.ptr == end) return m_d.Int64(v);
      } else {
        std::uint64_t v = 0;
        if (const auto r = std::from_chars(s, end, v); r.ec == std::errc() && r.ptr == end) return m_d.Uint64(v);
      }
    }
    double v = 0;
    const auto r = std::from_chars(s, end, v);
    if (r.ec != std::errc() || r.ptr != end) {
      m_bad_number = true;
      return false;
    }
    return m_d.Double(v);
  }

  bool bad_number() const { return m_bad_number; }

private:
  Document& m_d;
  bool m_bad_number = false;
};

// Runs the reader for Document::Populate: over `text`, or over `in_place` (the same text, which the reader may
// overwrite: its strings are decoded where they lie and the document points into it, no copy made; the text holds
// no NUL, where the reader would take it to end).
struct Generator {
  std::string_view text;
  char* in_place;
  rapidjson::Reader* reader;
  bool* bad_number;
  bool operator()(Document& d) {
    NumberHandler handler(d);
    constexpr unsigned flags = rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag;
    if (in_place != nullptr) {
      detail::InPlaceStream in(in_place, in_place + text.size());
      reader->Parse<flags | rapidjson::kParseInsituFlag>(in, handler);
    } else {
      rapidjson::MemoryStream in(text.data(), text.size());
      reader->Parse<flags>(in, handler);
    }
    *bad_number = handler.bad_number();
    return !reader->HasParseError();
  }
};

[[noreturn]] void fail(const std::string& source, const Path* path, std::string_view what) {
  std::string where;
  append_path(where, path);
  throw Error(source, fmt::format("snapshot JSON: {}{}{}", where, where.empty() ? "" : " ", what));
}

// The document of `text` (with `in_place`, its text to parse where it lies: see Generator). An error names the same
// byte and reads the same either way: the reader writes only behind where it reads, and the text after the error is
// the text's own.
void parse(Document& d, std::string_view text, const std::string& source, char* in_place = nullptr) {
  rapidjson::Reader reader;
  bool bad_number = false;
  Generator g{text, in_place, &reader, &bad_number};
  d.Populate(g);
  if (!reader.HasParseError()) return;
  const std::size_t at = reader.GetErrorOffset();
  if (bad_number) throw Error(source, fmt::format("snapshot JSON: a number out of the range of a double at byte {}", at));
  // Where the text stops in the middle of a value (or of an escape: the error is then at its
  // backslash), it was cut short.
  std::size_t last = text.size();
  while (last > 0 && std::string_view(" \n\r\t").find(text[last - 1]) != std::string_view::npos) --last;
  if (last == 0) throw Error(source, "snapshot JSON: empty");
  const auto code = reader.GetParseErrorCode();
  const bool in_escape = code == rapidjson::kParseErrorStringEscapeInvalid ||
                         code == rapidjson::kParseErrorStringUnicodeEscapeInvalidHex ||
                         code == rapidjson::kParseErrorStringUnicodeSurrogateInvalid;
  const bool at_end = at >= last && code != rapidjson::kParseErrorDocumentRootNotSingular;
  if (at_end || (in_escape && text.find('"', at + 1) == std::string_view::npos))
    throw Error(source, fmt::format("snapshot JSON: ends at byte {} in the middle of a value (truncated?)", text.size()));
  throw Error(source, fmt::format("snapshot JSON: not valid JSON at byte {}: {}", at,
                                  rapidjson::GetParseError_En(reader.GetParseErrorCode())));
}

// ---- reading a value of the document into the model --------------------------------------------

std::string_view name_of(const Value& v) { return {v.GetString(), v.GetStringLength()}; }

// An integer of type T from `v`, or false when `v` is not an integer (words in `why`).
template <class T>
bool to_integer(const Value& v, T& out, const char*& why) {
  static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>);
  if (!v.IsNumber() || v.IsDouble()) {
    why = "is not an integer";
    return false;
  }
  why = "is out of range";
  if constexpr (std::is_signed_v<T>) {
    if (!v.IsInt64()) return false;
    const std::int64_t x = v.GetInt64();
    if (x < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
        x > static_cast<std::int64_t>(std::numeric_limits<T>::max()))
      return false;
    out = static_cast<T>(x);
  } else {
    if (!v.IsUint64()) return false;
    const std::uint64_t x = v.GetUint64();
    if (x > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return false;
    out = static_cast<T>(x);
  }
  return true;
}

// What the readers of all objects share.
struct ReadState {
  const std::string& source;
  std::size_t generic_rows = 0;  // other_sections' rows so far, against k_max_generic_rows
};

// The reader's visitor for snapshot_json_fields.hpp: one JSON object of the text, whose fields it reads
// into a model object constructed for them. A field missing from the object leaves the model's default
// (absent, empty, false, no rows); null is absent or empty; a field of the wrong type throws, naming
// its path.
class Object {
public:
  Object(ReadState& state, const Value& v, const Path& path) : m_state(state), m_v(v), m_path(path) {}

  /// The value of member `key`, or nullptr. Searched from the member after the last one found: the
  /// writer's order is the order of the readers, so each search usually succeeds at once.
  const Value* find(std::string_view key) {
    const std::size_t n = m_v.MemberCount();
    const auto members = m_v.MemberBegin();
    for (std::size_t k = 0; k < n; ++k) {
      std::size_t i = m_cursor + k;
      if (i >= n) i -= n;
      if (name_of(members[i].name) == key) {
        m_cursor = i + 1 == n ? 0 : i + 1;
        return &members[i].value;
      }
    }
    return nullptr;
  }

  [[noreturn]] void fail_at(std::string_view key, std::string_view what) const {
    const Path p{&m_path, key};
    fail(m_state.source, &p, what);
  }

  /// The value of `key` to read into `out`, or nullptr: absent (`out` left as it is) or null (`out` emptied).
  template <class T>
  const Value* non_null(std::string_view key, T& out) {
    const Value* v = find(key);
    if (v != nullptr && v->IsNull()) {
      out = T{};
      return nullptr;
    }
    return v;
  }

  /// A number or null.
  void number(std::string_view key, OptDouble& out) {
    const Value* v = non_null(key, out);
    if (v == nullptr) return;
    if (!v->IsNumber()) fail_at(key, "is not a number");
    out = v->GetDouble();
  }
  /// An integer or null.
  template <class T>
  void integer(std::string_view key, std::optional<T>& out) {
    const Value* v = non_null(key, out);
    if (v == nullptr) return;
    T x{};
    if (const char* why = nullptr; !to_integer(*v, x, why)) fail_at(key, why);
    out = x;
  }
  /// An integer.
  template <class T>
  void integer(std::string_view key, T& out) {
    const Value* v = find(key);
    if (v == nullptr) return;
    if (const char* why = nullptr; !to_integer(*v, out, why)) fail_at(key, why);
  }
  /// A string, or null for an empty one (the writer's text, text_or_null and text_if_any alike).
  void text(std::string_view key, std::string& out) {
    const Value* v = non_null(key, out);
    if (v == nullptr) return;
    if (!v->IsString()) fail_at(key, "is not a string");
    out.assign(v->GetString(), v->GetStringLength());
  }
  void text_or_null(std::string_view key, std::string& out) { text(key, out); }
  void text_if_any(std::string_view key, std::string& out) { text(key, out); }
  /// true or false.
  void boolean(std::string_view key, bool& out) {
    const Value* v = find(key);
    if (v == nullptr) return;
    if (!v->IsBool()) fail_at(key, "is not true or false");
    out = v->GetBool();
  }
  /// true, false or null.
  void boolean(std::string_view key, std::optional<bool>& out) {
    const Value* v = non_null(key, out);
    if (v == nullptr) return;
    if (!v->IsBool()) fail_at(key, "is not true, false or null");
    out = v->GetBool();
  }
  /// The array of `key` to read into `out`, or nullptr: absent (`out` left as it is) or null (`out` emptied).
  template <class T>
  const Value* array_of(std::string_view key, std::vector<T>& out) {
    const Value* v = find(key);
    if (v == nullptr) return nullptr;
    out.clear();
    if (v->IsNull()) return nullptr;
    if (!v->IsArray()) fail_at(key, "is not an array");
    out.reserve(v->Size());
    return v;
  }
  /// An array of strings.
  void texts(std::string_view key, std::vector<std::string>& out) {
    const Value* v = array_of(key, out);
    if (v == nullptr) return;
    const Path here{&m_path, key};
    for (std::size_t i = 0; i < v->Size(); ++i) {
      const Value& item = (*v)[i];
      if (!item.IsString()) {
        const Path p{&here, {}, i, true};
        fail(m_state.source, &p, "is not a string");
      }
      out.emplace_back(item.GetString(), item.GetStringLength());
    }
  }
  /// One of the names of enum_name.
  template <class E>
  void enumeration(std::string_view key, E& out) {
    const Value* v = find(key);
    if (v == nullptr) return;
    const auto& values = detail::snapshot_json::EnumValues<E>::values;
    if (v->IsString())
      for (const E e : values)
        if (name_of(*v) == detail::snapshot_json::enum_name(e)) {
          out = e;
          return;
        }
    std::string names;
    for (const E e : values) names += fmt::format("{}{}", names.empty() ? "" : ", ", detail::snapshot_json::enum_name(e));
    fail_at(key, fmt::format("is not one of {}", names));
  }
  /// An array of objects, one model row each, read by `fields(Object&, T&)`.
  template <class T, class Fields>
  void rows(std::string_view key, std::vector<T>& out, Fields&& fields) {
    const Value* v = array_of(key, out);
    if (v == nullptr) return;
    const Path here{&m_path, key};
    for (std::size_t i = 0; i < v->Size(); ++i) {
      const Path p{&here, {}, i, true};
      const Value& item = (*v)[i];
      if (!item.IsObject()) fail(m_state.source, &p, "is not an object");
      Object row(m_state, item, p);
      fields(row, out.emplace_back());
    }
  }
  /// An object, read by `fields(Object&)`; nothing when missing or null.
  template <class Fields>
  void object(std::string_view key, Fields&& fields) {
    const Value* v = find(key);
    if (v == nullptr || v->IsNull()) return;
    if (!v->IsObject()) fail_at(key, "is not an object");
    const Path p{&m_path, key};
    Object o(m_state, *v, p);
    fields(o);
  }
  /// A value the model computes: not read...
  template <class F>
  void computed(std::string_view, F&&) {}
  /// ... unless the model keeps it in `into` (a number).
  template <class F>
  void computed(std::string_view key, F&&, OptDouble& into) {
    number(key, into);
  }
  /// Checked before any field is read (check_version).
  void version(std::string_view) {}
  bool with_diagnostics() const { return true; }  // read when there

  /// pct_waits: label -> percent, one bucket per member, in the text's order.
  void histogram(std::string_view key, std::vector<HistogramBucket>& buckets) {
    const Value* v = find(key);
    if (v == nullptr) return;
    buckets.clear();
    if (v->IsNull()) return;
    if (!v->IsObject()) fail_at(key, "is not an object");
    const Path here{&m_path, key};
    buckets.reserve(v->MemberCount());
    for (auto m = v->MemberBegin(); m != v->MemberEnd(); ++m) {
      auto& b = buckets.emplace_back();
      b.label.assign(m->name.GetString(), m->name.GetStringLength());
      if (m->value.IsNull()) continue;
      if (!m->value.IsNumber()) {
        const Path p{&here, b.label};
        fail(m_state.source, &p, "is not a number");
      }
      b.pct = m->value.GetDouble();
    }
  }
  /// other_sections[].columns: {column, header, unit} per column.
  void generic_columns(std::string_view key, GenericTable& g) {
    struct Column {
      std::string column, header, unit;
    };
    std::vector<Column> columns;
    rows(key, columns, [](Object& o, Column& c) {
      o.text("column", c.column);
      o.text("header", c.header);
      o.text("unit", c.unit);
    });
    g.headers.clear();
    g.columns.clear();
    g.units.clear();
    for (auto& c : columns) {
      g.headers.push_back(std::move(c.header));
      g.columns.push_back(std::move(c.column));
      g.units.push_back(std::move(c.unit));
    }
  }
  /// other_sections[].rows: per row an array of its cells (strings); a file written before the cells were
  /// kept: a count, read as that many empty rows.
  void cells(std::string_view key, std::vector<std::vector<std::string>>& rows) {
    const Value* v = find(key);
    if (v == nullptr) return;
    if (v->IsArray()) {
      if (v->Size() > k_max_generic_rows - m_state.generic_rows)
        fail_at(key, fmt::format("makes more than {} rows in other_sections", k_max_generic_rows));
      m_state.generic_rows += v->Size();
      rows.clear();
      rows.reserve(v->Size());
      for (const auto& r : v->GetArray()) {
        if (!r.IsArray()) fail_at(key, "holds a row that is not an array of cells");
        std::vector<std::string> cells;
        cells.reserve(r.Size());
        for (const auto& c : r.GetArray()) {
          if (!c.IsString()) fail_at(key, "holds a cell that is not a string");
          cells.emplace_back(c.GetString(), c.GetStringLength());
        }
        rows.push_back(std::move(cells));
      }
      return;
    }
    std::size_t n = 0;
    if (const char* why = nullptr; !to_integer(*v, n, why)) fail_at(key, why);
    if (n > k_max_generic_rows - m_state.generic_rows)
      fail_at(key, fmt::format("makes more than {} rows in other_sections", k_max_generic_rows));
    m_state.generic_rows += n;
    rows.assign(n, {});
  }

private:
  ReadState& m_state;
  const Value& m_v;
  const Path& m_path;
  std::size_t m_cursor = 0;
};

// The version key: present, an integer, the version this reader knows.
void check_version(Object& root, const std::string& source) {
  const Value* v = root.find(k_version_key);
  if (v == nullptr)
    fail(source, nullptr,
         fmt::format("no \"{}\" key: not a snapshot written by `awrdiff snapshot` (a snapshot written before "
                     "the key was added must be written again)",
                     k_version_key));
  std::int64_t version = 0;
  if (const char* why = nullptr; !to_integer(*v, version, why)) root.fail_at(k_version_key, "is not an integer");
  if (version > snapshot_json_version)
    fail(source, nullptr,
         fmt::format("version {} is newer than this awrdiff reads (version {}): read it with a later awrdiff", version,
                     snapshot_json_version));
  if (version != snapshot_json_version)
    fail(source, nullptr, fmt::format("version {} is not one this awrdiff reads (version {})", version, snapshot_json_version));
}

// The snapshot of a parsed document.
Snapshot from_document(const Document& d, const std::string& source) {
  if (!d.IsObject()) fail(source, nullptr, "is not a JSON object: not a snapshot written by `awrdiff snapshot`");
  ReadState state{source};
  const Path root_path;
  Object root(state, d, root_path);
  check_version(root, source);
  Snapshot s;
  s.source = source;  // unless the text names its report
  detail::snapshot_json::snapshot_fields(root, s);
  // Defaults the model cannot hold: a text without the key had SQL sections if it has SQL; the
  // header's DB time is not in the text where the time model's is (see interval_fields).
  if (root.find("has_sql_sections") == nullptr) s.has_sql_sections = !s.sql.empty();
  if (const TimeModelRow* db_time = s.time_model_row("DB time"); db_time != nullptr && db_time->time_s)
    s.interval.db_time_s.reset();
  return s;
}

}  // namespace

Snapshot snapshot_from_json(std::string_view json, const std::string& source) {
  Document d;
  parse(d, json, source);
  return from_document(d, source);
}

Snapshot snapshot_from_json_in_place(std::string& json, const std::string& source) {
  // A NUL, which the reader in place would take for the end of the text: read as a view, which says where it is.
  if (json.find('\0') != std::string::npos) return snapshot_from_json(json, source);
  Document d;
  parse(d, json, source, json.data());  // json.data()[json.size()] is its NUL
  return from_document(d, source);
}

bool looks_like_snapshot_json(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos || text[first] != '{') return false;
  // The writer's first key: a snapshot cut short before its version key is still one (and the reader
  // says it is cut short), as is one written before there was a version key (the reader says so).
  if (const std::size_t key = text.find_first_not_of(" \t\r\n", first + 1);
      key != std::string_view::npos && text.substr(key).starts_with("\"activity\""))
    return true;
  // The key, as a key: a quote, the name, a quote, then ':' after white space. Inside a JSON string
  // the quotes would be escaped (\"), so text that merely mentions it does not match.
  const std::string_view needle = "\"awrdiff_snapshot\"";
  for (std::size_t at = text.find(needle, first); at != std::string_view::npos; at = text.find(needle, at + 1)) {
    const std::size_t next = text.find_first_not_of(" \t\r\n", at + needle.size());
    if (next != std::string_view::npos && text[next] == ':') return true;
  }
  return false;
}

}  // namespace awrdiff
