// Reading files as found in the wild: gzip, BOMs, UTF-16, Windows-1252/ISO-8859-1, CRLF.
#include "parse/tokenizer_common.hpp"

#include <awrdiff/input_file.hpp>
#include <awrdiff/parse.hpp>

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cerrno>
#include <cstring>
#include <optional>

namespace awrdiff {
namespace {

// The largest input read, before and after gunzip. Real AWR reports are a few MB, a few tens of MB
// with thousands of SQL statements; anything larger is refused before it is read, so memory stays
// bounded (peak is a small multiple of the input: see docs/benchmark.md).
constexpr std::size_t k_max_input_bytes = std::size_t{512} << 20;
constexpr const char* k_too_large = "larger than 512 MiB; AWR reports are at most a few tens of MB, not read";
// Binary content is recognised from the first bytes, before the rest of a large file is read.
constexpr std::size_t k_probe_bytes = std::size_t{64} << 10;

// Four NUL bytes in a row never occur in text, UTF-16 text included.
bool looks_binary(std::string_view head) { return head.find(std::string_view("\0\0\0\0", 4)) != std::string_view::npos; }

// Decompresses in two passes: the first only measures (and refuses more than the input limit
// without holding any of it: a small gzip bomb costs time, not memory), the second writes into a
// buffer of exactly that size. Memory: the decompressed report, once. Every member of a multi-member
// file is read (`gzip -c a >> f.gz`, log rotation appending): the members' text, one after another, as
// `zcat` gives it. NUL padding after the last member is ignored; other bytes after it are refused.
std::string gunzip(const std::string& bytes, const std::string& source) {
  auto pass = [&](char* out, std::size_t out_size) -> std::size_t {
    z_stream zs{};
    if (inflateInit2(&zs, 15 + 32) != Z_OK) throw Error(source, "cannot initialise gzip decoder");
    std::array<char, 1 << 16> scratch{};
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    zs.avail_in = static_cast<uInt>(std::min<std::size_t>(bytes.size(), UINT32_MAX));
    std::size_t total = 0;
    const bool measuring = out == nullptr;
    std::size_t members = 1;
    while (true) {
      zs.next_out = reinterpret_cast<Bytef*>(measuring ? scratch.data() : out + total);
      zs.avail_out = static_cast<uInt>(measuring ? scratch.size() : std::min<std::size_t>(out_size - total, 1 << 20));
      const uInt before = zs.avail_out;
      int rc = inflate(&zs, Z_NO_FLUSH);
      // Second pass, output full: only gzip trailers (and empty members) are left, which the first pass checked.
      if (rc == Z_BUF_ERROR && !measuring && total == out_size) break;
      if (rc != Z_OK && rc != Z_STREAM_END) {
        inflateEnd(&zs);
        throw Error(source, members == 1 ? std::string("corrupt gzip data")
                                         : fmt::format("corrupt gzip data (in member {} of the file)", members));
      }
      total += before - zs.avail_out;
      if (total > k_max_input_bytes) {
        inflateEnd(&zs);
        throw Error(source, std::string("decompressed report ") + k_too_large);
      }
      if (rc == Z_STREAM_END) {
        // The end of a member: another member follows, or NUL padding, or the end of the file.
        const auto* rest = reinterpret_cast<const unsigned char*>(zs.next_in);
        const std::size_t left = zs.avail_in;
        if (left == 0 || std::all_of(rest, rest + left, [](unsigned char c) { return c == 0; })) break;
        if (left >= 2 && rest[0] == 0x1f && rest[1] == 0x8b && inflateReset(&zs) == Z_OK) {
          ++members;
          continue;
        }
        inflateEnd(&zs);
        throw Error(source, fmt::format("{} byte{} after the end of gzip member {} that are no gzip member: not read", left,
                                        left == 1 ? "" : "s", members));
      }
      if (zs.avail_in == 0) {
        inflateEnd(&zs);
        throw Error(source, members == 1 ? std::string("truncated gzip data (unexpected end of the compressed stream)")
                                         : fmt::format("truncated gzip data (unexpected end of the compressed stream in "
                                                       "member {} of the file)",
                                                       members));
      }
    }
    inflateEnd(&zs);
    return total;
  };
  const std::size_t size = pass(nullptr, 0);
  std::string out(size, '\0');
  if (size > 0) pass(out.data(), size);
  return out;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

std::string from_utf16(std::string_view bytes, bool little_endian) {
  std::string out;
  out.reserve(bytes.size() / 2);
  for (std::size_t i = 0; i + 1 < bytes.size(); i += 2) {
    auto b0 = static_cast<unsigned char>(bytes[i]), b1 = static_cast<unsigned char>(bytes[i + 1]);
    std::uint32_t u = little_endian ? (b0 | (b1 << 8)) : ((b0 << 8) | b1);
    if (u >= 0xD800 && u < 0xDC00 && i + 3 < bytes.size()) {
      auto c0 = static_cast<unsigned char>(bytes[i + 2]), c1 = static_cast<unsigned char>(bytes[i + 3]);
      std::uint32_t lo = little_endian ? (c0 | (c1 << 8)) : ((c0 << 8) | c1);
      if (lo >= 0xDC00 && lo < 0xE000) {
        u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
        i += 2;
      }
    }
    append_utf8(out, u);
  }
  return out;
}

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    i = detail::ascii_run_end(s, i);
    if (i >= s.size()) break;
    auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

// Windows-1252 (a superset of ISO-8859-1's printable range) to UTF-8.
std::string from_cp1252(std::string_view s) {
  static constexpr std::uint16_t k_high[32] = {0x20AC, 0x81,   0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                               0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,   0x017D, 0x8F,
                                               0x90,   0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                               0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,   0x017E, 0x0178};
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t j = detail::ascii_run_end(s, i);  // a run of ASCII is copied at once
    out.append(s.data() + i, j - i);
    if (j >= s.size()) break;
    const auto c = static_cast<unsigned char>(s[j]);
    append_utf8(out, c < 0xA0 ? k_high[c - 0x80] : c);
    i = j + 1;
  }
  return out;
}

// How decode_input reads bytes that are not gzip: UTF-16 (little- or big-endian, with or without a BOM),
// else UTF-8 (then Windows-1252 when not valid UTF-8); `skip`: the BOM's bytes.
struct TextEncoding {
  enum class Kind { utf8, utf16le, utf16be } kind = Kind::utf8;
  std::size_t skip = 0;
};

TextEncoding text_encoding(std::string_view bytes) {
  auto b = [&](std::size_t i) { return i < bytes.size() ? static_cast<unsigned char>(bytes[i]) : 0u; };
  using K = TextEncoding::Kind;
  if (b(0) == 0xEF && b(1) == 0xBB && b(2) == 0xBF) return {K::utf8, 3};
  if (b(0) == 0xFF && b(1) == 0xFE) return {K::utf16le, 2};
  if (b(0) == 0xFE && b(1) == 0xFF) return {K::utf16be, 2};
  if (bytes.size() >= 4 && b(1) == 0 && b(3) == 0 && b(0) != 0 && b(2) != 0) return {K::utf16le, 0};  // no BOM
  if (bytes.size() >= 4 && b(0) == 0 && b(2) == 0 && b(1) != 0 && b(3) != 0) return {K::utf16be, 0};
  return {K::utf8, 0};
}

// decode_input's binary test: a NUL byte in the first 64 KiB of the decoded text.
constexpr std::size_t k_decoded_probe_bytes = std::size_t{1} << 16;
bool nul_in_probe(std::string_view text) {
  return text.substr(0, std::min(text.size(), k_decoded_probe_bytes)).find('\0') != std::string_view::npos;
}

// Whether decode_input is sure to refuse, as binary, bytes (not gzip) that start with `head`: a NUL byte in
// the first 64 KiB of what `head` decodes to is at the same place in what the whole input decodes to (the
// last character decoded from `head` may be cut, never into a NUL). Random or compressed bytes hold NUL
// bytes, if rarely four in a row: told from the first 64 KiB of standard input, not after 512 MiB.
bool decodes_to_binary(std::string_view head) {
  const TextEncoding enc = text_encoding(head);
  if (enc.kind == TextEncoding::Kind::utf8) return nul_in_probe(head.substr(enc.skip));
  return nul_in_probe(from_utf16(head.substr(enc.skip), enc.kind == TextEncoding::Kind::utf16le));
}

}  // namespace

std::string decode_input(std::string bytes, const std::string& source) {
  if (bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1F && static_cast<unsigned char>(bytes[1]) == 0x8B)
    bytes = gunzip(bytes, source);
  std::string text;
  if (const TextEncoding enc = text_encoding(bytes); enc.kind != TextEncoding::Kind::utf8) {
    text = from_utf16(std::string_view(bytes).substr(enc.skip), enc.kind == TextEncoding::Kind::utf16le);
  } else {
    bytes.erase(0, enc.skip);
    text = std::move(bytes);
  }
  // Binary content: NUL bytes in what should be text.
  if (nul_in_probe(text)) throw Error(source, "binary file, not a report");
  if (!valid_utf8(text)) text = from_cp1252(text);
  // Line ends: CRLF and lone CR become LF, in place (no second copy of a large input).
  std::size_t w = text.find('\r');
  if (w == std::string::npos) return text;
  // From one CR to the next, the bytes between are moved down at once.
  std::size_t i = w;
  while (i < text.size()) {  // text[i] == '\r'
    text[w++] = '\n';
    i += i + 1 < text.size() && text[i + 1] == '\n' ? 2 : 1;
    std::size_t next = text.find('\r', i);
    if (next == std::string::npos) next = text.size();
    std::memmove(text.data() + w, text.data() + i, next - i);
    w += next - i;
    i = next;
  }
  text.resize(w);
  return text;
}

InputFileKind report_input_kind() {
  return InputFileKind{"report", k_max_input_bytes, "AWR reports are at most a few tens of MB, not read", true, true, true};
}

namespace {

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

std::string mib(std::size_t bytes) {
  return bytes >= (std::size_t{1} << 20) ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes >> 10) + " KiB";
}

[[noreturn]] void too_large(const std::string& name, const InputFileKind& kind) {
  throw Error(name, "file larger than " + mib(kind.max_bytes) + "; " + std::string(kind.too_large));
}

// A pipe that an open descriptor stands for (`<(zcat ...)`, /dev/fd/N, standard input), not a FIFO with a
// name on disk: Linux names the former "pipe:[inode]" under /proc/self/fd.
bool anonymous_pipe(int fd) {
  std::array<char, 64> target{};
  const std::string link = "/proc/self/fd/" + std::to_string(fd);
  const auto n = ::readlink(link.c_str(), target.data(), target.size() - 1);
  return n > 5 && std::string_view(target.data(), static_cast<std::size_t>(n)).starts_with("pipe:");
}

// Reads `fd` to its end (regular files: `size` bytes expected), in 64 KiB chunks: never more than the limit,
// binary content refused once the first 64 KiB (or all of a shorter input) are in.
std::string read_all(int fd, const std::string& name, const InputFileKind& kind, std::optional<std::size_t> size,
                     const char* empty = "empty file") {
  if (size && *size > kind.max_bytes) too_large(name, kind);
  if (size && *size == 0 && kind.refuse_empty) throw Error(name, empty);
  std::string bytes;
  if (size) bytes.reserve(*size);
  bool probed = !kind.refuse_binary;
  auto probe = [&] {
    probed = true;
    const std::string_view head(bytes.data(), std::min(bytes.size(), k_probe_bytes));
    const bool gzip = kind.gzip && head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1F &&
                      static_cast<unsigned char>(head[1]) == 0x8B;
    // (Bytes that gzip may hold are decoded by decode_input: then its own test, told from the first bytes.)
    if (!gzip && (looks_binary(head) || (kind.gzip && decodes_to_binary(head))))
      throw Error(name, "binary file, not a " + std::string(kind.what));
  };
  std::array<char, k_probe_bytes> chunk{};
  for (;;) {
    const auto got = ::read(fd, chunk.data(), chunk.size());
    if (got < 0) {
      if (errno == EINTR) continue;
      if (errno == EISDIR) throw Error(name, "is a directory, not a " + std::string(kind.what));
      throw Error(name, std::string("read error: ") + std::strerror(errno));
    }
    if (got == 0) break;
    const auto n = static_cast<std::size_t>(got);
    if (bytes.size() + n > kind.max_bytes) too_large(name, kind);
    bytes.append(chunk.data(), n);
    if (!probed && bytes.size() >= k_probe_bytes) probe();
  }
  if (bytes.empty() && kind.refuse_empty) throw Error(name, empty);
  if (!probed) probe();
  return bytes;
}

}  // namespace

std::string read_input_file(const std::filesystem::path& file, const InputFileKind& kind) {
  const std::string name = file.string();
  const std::string what(kind.what);
  if (name.empty()) throw Error("''", "no " + what + " given (an empty file name)");
  // The kind of file first, from its name: a device or a FIFO is refused before it is opened.
  struct stat st {};
  if (::stat(name.c_str(), &st) != 0) {
    if (errno == EACCES) throw Error(name, "cannot open for reading (permission denied?)");
    if (errno == ENOENT || errno == ENOTDIR) throw Error(name, "no such file");
    throw Error(name, std::string("cannot open for reading: ") + std::strerror(errno));
  }
  auto refuse_kind = [&](mode_t mode) {
    if (S_ISDIR(mode)) throw Error(name, "is a directory, not a " + what);
    if (S_ISCHR(mode) || S_ISBLK(mode)) throw Error(name, "not a regular file (a device), not a " + what);
    if (S_ISSOCK(mode)) throw Error(name, "not a regular file (a socket), not a " + what);
  };
  refuse_kind(st.st_mode);
  // O_NONBLOCK: opening a FIFO for reading then returns at once, writer or not (it is refused below).
  Fd in{::open(name.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (in.fd < 0) {
    if (errno == EACCES || errno == EPERM) throw Error(name, "cannot open for reading (permission denied?)");
    throw Error(name, std::string("cannot open for reading: ") + std::strerror(errno));
  }
  if (::fstat(in.fd, &st) != 0) throw Error(name, std::string("cannot read: ") + std::strerror(errno));
  refuse_kind(st.st_mode);  // the file may have been replaced between the two looks
  const bool pipe = S_ISFIFO(st.st_mode);
  if (pipe && !anonymous_pipe(in.fd))
    throw Error(name,
                "a named pipe (FIFO), not a regular file: it blocks until something writes to it; read it as "
                "standard input instead (- < " +
                    name + ")");
  if (!pipe && !S_ISREG(st.st_mode)) throw Error(name, "not a regular file, not a " + what);
  if (const int flags = ::fcntl(in.fd, F_GETFL); flags >= 0) ::fcntl(in.fd, F_SETFL, flags & ~O_NONBLOCK);
  return read_all(in.fd, name, kind, pipe ? std::nullopt : std::optional<std::size_t>(static_cast<std::size_t>(st.st_size)));
}

std::string read_input_descriptor(int fd, const std::string& name, const InputFileKind& kind) {
  if (::isatty(fd) == 1) throw Error(name, "is a terminal: pipe a " + std::string(kind.what) + " into awrdiff, or give its file");
  struct stat st {};
  std::optional<std::size_t> size;
  if (::fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw Error(name, "is a directory, not a " + std::string(kind.what));
    // A regular file redirected in: its size is known (the part after the current offset is what is read).
    if (S_ISREG(st.st_mode)) {
      const auto at = ::lseek(fd, 0, SEEK_CUR);
      if (at >= 0 && at <= st.st_size) size = static_cast<std::size_t>(st.st_size - at);
    }
  }
  return read_all(fd, name, kind, size, "empty input");
}

std::string read_input(const std::filesystem::path& file) {
  return decode_input(read_input_file(file, report_input_kind()), file.string());
}

Snapshot load_report(const std::filesystem::path& file) { return parse_report(read_input(file), file.string()); }

std::vector<Snapshot> load_each_report(const std::filesystem::path& file) {
  return parse_reports(read_input(file), file.string());
}

}  // namespace awrdiff
