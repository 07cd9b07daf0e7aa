// JSON output, one library for all of it: RapidJSON's streaming writers, straight into one buffer (no document
// tree). Used by the comparison's JSON (render/json.cpp), the baseline file (baseline/baseline.cpp), the history
// store's export (history/store.cpp) and check --history's JSON (cli/history_cmd.cpp); the snapshot JSON
// (json/snapshot_json_write.cpp) has its own writer over the same library and shares the UTF-8 repair below.
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

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "json/rapidjson_config.hpp"  // before any RapidJSON header
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

/// A RapidJSON output stream that hands its text on in pieces instead of keeping it whole: a piece goes to
/// `sink` each time the buffer (`chunk` bytes) is full, and the rest at finish(). The output of
/// `awrdiff snapshot --format json` (some 400 KB for a large report) is written straight to standard output or
/// the output file this way, so that its memory is not touched twice more (a buffer grown to the whole text,
/// then its copy). Offers what rapidjson::StringBuffer offers the writers (Put, Push, Pop, Flush and, through
/// PutReserve/PutUnsafe below, reserved room), so IndentedWriter runs on either. Push(n) gives n contiguous
/// bytes: a value longer than a chunk (a long SQL text) grows the buffer. `sink` may throw (a write error);
/// what was handed on before stays handed on.
class ChunkedStream {
public:
  using Ch = char;
  using Sink = std::function<void(std::string_view)>;

  explicit ChunkedStream(const Sink& sink, std::size_t chunk = 64 * 1024)
      : m_sink(sink), m_buffer(std::make_unique_for_overwrite<char[]>(chunk)), m_size(chunk) {
    m_top = m_buffer.get();
    m_end = m_top + m_size;
  }
  ChunkedStream(Sink&&, std::size_t = 0) = delete;  // the stream keeps a reference to its sink: no temporary
  ChunkedStream(const ChunkedStream&) = delete;
  ChunkedStream& operator=(const ChunkedStream&) = delete;

  void Put(char c) {
    if (m_top == m_end) drain(1);
    *m_top++ = c;
  }
  /// Called by RapidJSON after the root value: nothing (the text goes on at finish()).
  void Flush() {}
  /// `n` bytes to write into, contiguous; valid until the next call.
  char* Push(std::size_t n) {
    reserve(n);
    char* const out = m_top;
    m_top += n;
    return out;
  }
  /// Gives back the last `n` bytes of the last Push.
  void Pop(std::size_t n) { m_top -= n; }
  /// Room for `n` bytes written by put_unsafe.
  void reserve(std::size_t n) {
    if (static_cast<std::size_t>(m_end - m_top) < n) drain(n);
  }
  void put_unsafe(char c) { *m_top++ = c; }
  /// Hands on what is left; call once, at the end.
  void finish() { drain(0); }

private:
  // Hands on the buffer's text, then makes room for `n` bytes.
  void drain(std::size_t n) {
    if (m_top != m_buffer.get()) m_sink(std::string_view(m_buffer.get(), static_cast<std::size_t>(m_top - m_buffer.get())));
    if (n > m_size) {
      m_size = n;
      m_buffer = std::make_unique_for_overwrite<char[]>(n);
    }
    m_top = m_buffer.get();
    m_end = m_top + m_size;
  }

  const Sink& m_sink;
  std::unique_ptr<char[]> m_buffer;
  std::size_t m_size;
  char* m_top;
  char* m_end;
};
/// RapidJSON's writers reserve room, then put bytes unchecked (found by argument-dependent lookup).
inline void PutReserve(ChunkedStream& stream, std::size_t n) { stream.reserve(n); }
inline void PutUnsafe(ChunkedStream& stream, char c) { stream.put_unsafe(c); }

/// RapidJSON's PrettyWriter layout, byte for byte (a newline and `indent` spaces per level before each array
/// element and each key, ": " after a key, "," between items, {} and [] when empty), in fewer steps: the
/// separator, newline and indentation are copied at once, a key the program spells (`literal_key`: ASCII
/// without a byte JSON escapes) is copied with its quotes and ": ", and a double holding an integer below
/// 1e15 is written from its integer digits ("1200.0", "-0.0": what RapidJSON's dtoa writes for it). The rest
/// is rapidjson::Writer's own: the level stack, string escaping, other numbers (Grisu2). Used where the
/// writing is most of the work (the snapshot JSON of `awrdiff snapshot --format json` and of the history
/// store). Misuse (a value where a key is due) is a programming error RapidJSON asserts on.
/// `OutputStream`: rapidjson::StringBuffer (the text in memory) or ChunkedStream (below: handed on in pieces).
template <class OutputStream = rapidjson::StringBuffer>
class IndentedWriter : public rapidjson::Writer<OutputStream> {
  using Base = rapidjson::Writer<OutputStream>;
  using Base::hasRoot_;
  using Base::level_stack_;
  using Base::os_;
  using typename Base::Level;

public:
  /// `indent`: spaces per level, at most k_max_indent.
  explicit IndentedWriter(OutputStream& out, unsigned indent = 2) : Base(out), m_indent(indent) {
    RAPIDJSON_ASSERT(indent <= k_max_indent);
  }

  bool Null() {
    prefix();
    return this->WriteNull();
  }
  bool Bool(bool b) {
    prefix();
    return this->WriteBool(b);
  }
  bool Int64(std::int64_t i) {
    prefix();
    return this->WriteInt64(i);
  }
  bool Uint64(std::uint64_t u) {
    prefix();
    return this->WriteUint64(u);
  }
  /// A finite double (RapidJSON refuses NaN and infinities).
  bool Double(double d) {
    prefix();
    if (std::fabs(d) < 1e15 && d == std::trunc(d)) {
      // Grisu2 gives the integer's digits for these (an integer below 1e15 is exact, and its rounding
      // interval holds no other number of as few digits), and Prettify appends ".0".
      char* const begin = os_->Push(24);
      char* end = begin;
      if (d == 0) {
        if (std::signbit(d)) *end++ = '-';
        *end++ = '0';
      } else {
        end = rapidjson::internal::i64toa(static_cast<std::int64_t>(d), begin);
      }
      *end++ = '.';
      *end++ = '0';
      os_->Pop(static_cast<std::size_t>(24 - (end - begin)));
      return true;
    }
    return this->WriteDouble(d);
  }
  bool String(const char* s, rapidjson::SizeType n, bool = false) {
    prefix();
    return this->WriteString(s, n);
  }
  bool Key(const char* s, rapidjson::SizeType n, bool copy = false) { return String(s, n, copy); }
  /// `k`, then ": ": the key of the next value. `k` is ASCII with no byte JSON escapes (a name the program
  /// spells, not text from a report: use Key for that).
  void literal_key(std::string_view k) {
    Level* level = level_stack_.template Top<Level>();
    RAPIDJSON_ASSERT(!level->inArray && level->valueCount % 2 == 0);
    separator(level);
    char* out = os_->Push(k.size() + 4);
    out[0] = '"';
    std::memcpy(out + 1, k.data(), k.size());
    std::memcpy(out + 1 + k.size(), "\": ", 3);
    level->valueCount += 2;  // the key and its value, whose prefix() then writes nothing
    m_after_key = true;
  }
  /// `s` as a string value, copied as it is: valid UTF-8 with no byte JSON escapes (no control character,
  /// '"' or '\\'), which the caller has checked.
  void plain_string(std::string_view s) {
    prefix();
    char* out = os_->Push(s.size() + 2);
    out[0] = '"';
    std::memcpy(out + 1, s.data(), s.size());
    out[s.size() + 1] = '"';
  }
  /// `json` (valid JSON text of type `type`) written as the next value, as it is.
  bool RawValue(const char* json, std::size_t n, rapidjson::Type) {
    prefix();
    return this->WriteRawValue(json, n);
  }
  bool StartObject() {
    prefix();
    new (level_stack_.template Push<Level>()) Level(false);
    return this->WriteStartObject();
  }
  bool EndObject(rapidjson::SizeType = 0) { return end('}'); }
  bool StartArray() {
    prefix();
    new (level_stack_.template Push<Level>()) Level(true);
    return this->WriteStartArray();
  }
  bool EndArray(rapidjson::SizeType = 0) { return end(']'); }

private:
  static constexpr unsigned k_max_indent = 8;
  static constexpr std::size_t k_run = 128;  // spaces copied at once; deeper levels take more copies

  // Before a value: ",\n" or "\n" and the indentation before an array element or a key, ": " before the
  // value of a key given by Key, nothing after literal_key.
  void prefix() {
    if (m_after_key) {
      m_after_key = false;
      return;
    }
    if (level_stack_.Empty()) {
      RAPIDJSON_ASSERT(!hasRoot_);
      hasRoot_ = true;
      return;
    }
    Level* level = level_stack_.template Top<Level>();
    if (!level->inArray && level->valueCount % 2 == 1) {
      std::memcpy(os_->Push(2), ": ", 2);
    } else {
      separator(level);
    }
    ++level->valueCount;
  }
  // ",\n" (or "\n" for the first item) and the indentation of the current level.
  void separator(const Level* level) {
    static constexpr auto k_text = [] {
      std::array<char, 2 + k_run> t{};
      t[0] = ',';
      t[1] = '\n';
      for (std::size_t i = 2; i < t.size(); ++i) t[i] = ' ';
      return t;
    }();
    const std::size_t first = level->valueCount > 0 ? 0 : 1;
    std::size_t spaces = level_stack_.GetSize() / sizeof(Level) * m_indent;
    const std::size_t n = std::min(spaces, k_run);
    std::memcpy(os_->Push(2 - first + n), k_text.data() + first, 2 - first + n);
    for (spaces -= n; spaces > 0; spaces -= std::min(spaces, k_run))
      std::memcpy(os_->Push(std::min(spaces, k_run)), k_text.data() + 2, std::min(spaces, k_run));
  }
  bool end(char close) {
    RAPIDJSON_ASSERT(level_stack_.GetSize() >= sizeof(Level));
    RAPIDJSON_ASSERT(level_stack_.template Top<Level>()->inArray == (close == ']'));
    const bool empty = level_stack_.template Pop<Level>(1)->valueCount == 0;
    if (!empty) {
      // "\n" and the indentation of the enclosing level.
      const Level first(false);  // valueCount 0: no comma
      separator(&first);
    }
    os_->Put(close);
    return true;
  }

  unsigned m_indent;
  bool m_after_key = false;
};

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
