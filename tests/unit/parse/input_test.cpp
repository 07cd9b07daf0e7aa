// Reading files as found in the wild (parse.hpp): decode_input and load_report's errors.
#include <awrdiff/error.hpp>
#include <awrdiff/input_file.hpp>
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <chrono>
#include <cstdint>
#include <future>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

std::string decode(const std::string& bytes) { return awrdiff::decode_input(bytes, "input.txt"); }

// gzip-compresses `data` (RFC 1952 wrapper: windowBits 15 + 16).
std::string gzip(const std::string& data) {
  z_stream zs{};
  if (deflateInit2(&zs, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return {};
  std::string out(deflateBound(&zs, static_cast<uLong>(data.size())) + 64, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return rc == Z_STREAM_END ? out : std::string();
}

std::string utf16le(const std::string& ascii) {
  std::string out;
  for (char c : ascii) {
    out.push_back(c);
    out.push_back('\0');
  }
  return out;
}

// A fresh directory under the system temp dir, removed at the end of the test.
class TempDir : public ::testing::Test {
protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    m_dir = std::filesystem::temp_directory_path() /
            (std::string("awrdiff_input_test_") + info->name() + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(m_dir);
    std::filesystem::create_directories(m_dir);
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(m_dir, ec);
  }
  std::filesystem::path write(const std::string& name, const std::string& bytes) {
    const auto p = m_dir / name;
    std::ofstream out(p, std::ios::binary);
    out << bytes;
    return p;
  }
  std::filesystem::path m_dir;
};

// Expects load_report(path) to throw awrdiff::Error naming the file first, with exit code `error`.
void expect_load_error(const std::filesystem::path& path, std::string_view reason_part = {}) {
  try {
    (void)awrdiff::load_report(path);
    ADD_FAILURE() << "load_report accepted " << path;
  } catch (const awrdiff::Error& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(path.string(), 0), 0u) << what;
    EXPECT_EQ(e.file(), path.string());
    EXPECT_EQ(e.exit_code(), awrdiff::ExitCode::error);
    EXPECT_FALSE(e.reason().empty());
    if (!reason_part.empty()) { EXPECT_NE(what.find(reason_part), std::string::npos) << what; }
  }
}

}  // namespace

TEST(DecodeInput, PlainAsciiUnchanged) {
  EXPECT_EQ(decode("Load Profile\nDB Time(s): 1.0\n"), "Load Profile\nDB Time(s): 1.0\n");
}

TEST(DecodeInput, Utf8BomStripped) { EXPECT_EQ(decode("\xEF\xBB\xBFWORKLOAD REPOSITORY\n"), "WORKLOAD REPOSITORY\n"); }

TEST(DecodeInput, CrLfAndLoneCrBecomeLf) {
  EXPECT_EQ(decode("a\r\nb\r\n"), "a\nb\n");
  EXPECT_EQ(decode("a\rb\r"), "a\nb\n");
  EXPECT_EQ(decode("a\r\n\r\nb"), "a\n\nb");
}

TEST(DecodeInput, Utf16LittleEndianWithBom) {
  const std::string bytes = std::string("\xFF\xFE", 2) + utf16le("DB Time:\r\n");
  EXPECT_EQ(decode(bytes), "DB Time:\n");
}

TEST(DecodeInput, Utf16LittleEndianNonAscii) {
  // "é" (U+00E9) and "€" (U+20AC) after a BOM.
  const std::string bytes("\xFF\xFE\xE9\x00\xAC\x20", 6);
  EXPECT_EQ(decode(bytes), "\xC3\xA9\xE2\x82\xAC");
}

TEST(DecodeInput, Utf16BigEndianWithBom) {
  const std::string bytes("\xFE\xFF\x00O\x00K", 6);
  EXPECT_EQ(decode(bytes), "OK");
}

TEST(DecodeInput, Windows1252ToUtf8) {
  EXPECT_EQ(decode("caf\xE9\n"), "caf\xC3\xA9\n");
  EXPECT_EQ(decode("\x80"), "\xE2\x82\xAC");  // euro sign
}

TEST(DecodeInput, ValidUtf8Unchanged) { EXPECT_EQ(decode("caf\xC3\xA9 \xC2\xA0x"), "caf\xC3\xA9 \xC2\xA0x"); }

TEST(DecodeInput, NulBytesAreBinary) {
  const std::string bytes("ab\0\0\0cd\0", 8);
  try {
    (void)awrdiff::decode_input(bytes, "blob.bin");
    FAIL() << "binary content accepted";
  } catch (const awrdiff::Error& e) {
    EXPECT_EQ(e.file(), "blob.bin");
    EXPECT_EQ(std::string(e.what()).rfind("blob.bin", 0), 0u) << e.what();
    EXPECT_EQ(e.exit_code(), awrdiff::ExitCode::error);
  }
}

TEST(DecodeInput, GzipIsDecompressed) {
  const std::string text = "WORKLOAD REPOSITORY report for\r\nDB Name\r\n";
  const std::string gz = gzip(text);
  ASSERT_FALSE(gz.empty());
  ASSERT_EQ(static_cast<unsigned char>(gz[0]), 0x1F);
  ASSERT_EQ(static_cast<unsigned char>(gz[1]), 0x8B);
  EXPECT_EQ(decode(gz), "WORKLOAD REPOSITORY report for\nDB Name\n");
}

TEST(DecodeInput, GzipOfUtf8BomText) {
  const std::string gz = gzip("\xEF\xBB\xBFhello\n");
  ASSERT_FALSE(gz.empty());
  EXPECT_EQ(decode(gz), "hello\n");
}

TEST(DecodeInput, CorruptGzipThrows) {
  std::string gz = gzip(std::string(1000, 'x'));
  ASSERT_GT(gz.size(), 12u);
  for (std::size_t i = 10; i < gz.size(); ++i) gz[i] = static_cast<char>(0xFF);
  EXPECT_THROW((void)awrdiff::decode_input(gz, "broken.gz"), awrdiff::Error);
}

// Multi-member gzip (`gzip -c part2 >> report.gz`, log rotation appending): every member is read, as zcat does;
// the first member alone used to be taken for the whole file.
TEST(DecodeInput, MultiMemberGzipReadsEveryMember) {
  const std::string a = "WORKLOAD REPOSITORY report for\nfirst part\n", b = "second part\nEnd of Report\n";
  const std::string gz = gzip(a) + gzip(b);
  ASSERT_FALSE(gz.empty());
  EXPECT_EQ(decode(gz), a + b);
  // Three members, one of them empty, and NUL padding after the last (tape blocks): read to the end.
  EXPECT_EQ(decode(gzip(a) + gzip("") + gzip(b) + std::string(512, '\0')), a + b);
  // A large first member (several output chunks of the second pass) then a small one.
  std::string big;
  for (int i = 0; i < 200000; ++i) big += "line " + std::to_string(i) + "\n";
  EXPECT_EQ(decode(gzip(big) + gzip(b)), big + b);
}

TEST(DecodeInput, MultiMemberGzipFaultsAreNamed) {
  const std::string a = "first part\n", b = "second part\n";
  // A second member cut short: truncated, naming the member, never the first member's text alone.
  const std::string second = gzip(b);
  try {
    (void)awrdiff::decode_input(gzip(a) + second.substr(0, second.size() / 2), "cut.gz");
    FAIL() << "a cut second member was read";
  } catch (const awrdiff::Error& e) {
    EXPECT_NE(std::string(e.what()).find("truncated gzip data"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("member 2"), std::string::npos) << e.what();
  }
  // Bytes after the last member that are no member: refused, not dropped silently.
  try {
    (void)awrdiff::decode_input(gzip(a) + "garbage", "tail.gz");
    FAIL() << "trailing bytes were ignored";
  } catch (const awrdiff::Error& e) {
    EXPECT_NE(std::string(e.what()).find("7 bytes after the end of gzip member 1"), std::string::npos) << e.what();
  }
}

TEST_F(TempDir, MissingFile) { expect_load_error(m_dir / "does_not_exist.html", "no such file"); }

TEST_F(TempDir, Directory) { expect_load_error(m_dir, "directory"); }

// A FIFO with no writer blocked open() forever: refused at once, naming what to do instead.
TEST_F(TempDir, NamedPipeIsRefusedWithoutWaiting) {
  const auto fifo = m_dir / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto start = std::chrono::steady_clock::now();
  expect_load_error(fifo, "a named pipe (FIFO), not a regular file");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST_F(TempDir, DeviceIsRefused) { expect_load_error("/dev/zero", "not a regular file (a device)"); }

// Each kind of input has its own limit, checked from the size before a byte is read.
TEST_F(TempDir, SizeLimitOfAKind) {
  const awrdiff::InputFileKind policy{"policy file", 1024, "a policy file is a few KB, not read", true, false, false};
  const auto small = write("small.toml", std::string(1024, '#'));
  EXPECT_EQ(awrdiff::read_input_file(small, policy).size(), 1024u);
  const auto big = write("big.toml", std::string(1025, '#'));
  try {
    (void)awrdiff::read_input_file(big, policy);
    ADD_FAILURE() << "a file over the limit was read";
  } catch (const awrdiff::Error& e) { EXPECT_EQ(e.reason(), "file larger than 1 KiB; a policy file is a few KB, not read"); }
  EXPECT_EQ(awrdiff::read_input_file(write("empty.toml", ""), policy), "");  // a policy may be empty
  try {
    (void)awrdiff::read_input_file(m_dir, policy);
    ADD_FAILURE() << "a directory was read";
  } catch (const awrdiff::Error& e) { EXPECT_EQ(e.reason(), "is a directory, not a policy file"); }
}

TEST_F(TempDir, EmptyFile) { expect_load_error(write("empty.txt", ""), "empty"); }

TEST_F(TempDir, WhiteSpaceOnlyFile) { expect_load_error(write("blank.txt", "  \r\n\n\t\n")); }

TEST_F(TempDir, BinaryFile) {
  expect_load_error(write("blob.bin", std::string("\x7F"
                                                  "ELF\0\0\0\x01",
                                                  8)),
                    "binary");
}

TEST_F(TempDir, NotAReport) { expect_load_error(write("notes.txt", "just some notes\nnothing else\n"), "not an AWR report"); }

TEST_F(TempDir, OracleErrorFile) {
  expect_load_error(write("err.txt", "declare\n*\nERROR at line 1:\nORA-20200: The instance was shutdown\n"), "ORA-20200");
}

namespace {

// Reads `bytes` from a pipe whose writer stays open (no end of input), the way a stream of binary data
// arrives on standard input: what read_input_descriptor says, or "blocked" when it waits for more.
std::string read_open_pipe(const std::string& bytes, int seconds = 10) {
  int fds[2];
  if (::pipe(fds) != 0) return "no pipe";
  // As much as the pipe holds without a reader (64 KiB at least: the bytes the refusal is told from).
  (void)::fcntl(fds[1], F_SETPIPE_SZ, 1 << 20);
  (void)::fcntl(fds[1], F_SETFL, O_NONBLOCK);
  std::string result = "written";
  if (::write(fds[1], bytes.data(), bytes.size()) < (64 << 10)) result = "short write";
  auto reading = std::async(std::launch::async, [fd = fds[0]] {
    try {
      return "read " + std::to_string(awrdiff::read_input_descriptor(fd, "-", awrdiff::report_input_kind()).size());
    } catch (const awrdiff::Error& e) { return e.reason(); }
  });
  if (reading.wait_for(std::chrono::seconds(seconds)) != std::future_status::ready) result = "blocked";
  ::close(fds[1]);  // (the end of input: a blocked read returns)
  const std::string got = reading.get();
  ::close(fds[0]);
  return result == "written" ? got : result;
}

}  // namespace

// Binary data on standard input is refused from its first 64 KiB, not read to the 512 MiB limit: random
// or compressed bytes hold NUL bytes, if rarely four in a row (what any input is refused for), and a NUL
// byte in the first 64 KiB of the text is what decode_input refuses a report for.
TEST(ReadInput, BinaryOnStandardInputIsRefusedFromItsFirstBytes) {
  std::string noise(200 << 10, '\0');
  std::uint32_t x = 12345;
  for (auto& c : noise) {
    x = x * 1103515245u + 12345u;
    c = static_cast<char>(x >> 24);
  }
  ASSERT_EQ(noise.find(std::string(4, '\0')), std::string::npos);  // (no run of four NULs)
  ASSERT_NE(noise.substr(0, 64 << 10).find('\0'), std::string::npos);
  EXPECT_EQ(read_open_pipe(noise), "binary file, not a report");
  // UTF-16 text is NUL bytes every other byte: read, decoded, and refused only when it holds a NUL character.
  const std::string text = utf16le(std::string(100 << 10, 'x'));
  EXPECT_EQ(read_open_pipe(std::string("\xFF\xFE", 2) + utf16le("a") + std::string(2, '\0') + text), "binary file, not a report");
  EXPECT_EQ(read_open_pipe(utf16le("a") + std::string(2, '\0') + text), "binary file, not a report");
  EXPECT_EQ(read_open_pipe(std::string("\xFF\xFE", 2) + text, 1), "blocked");  // text: read to its end
  EXPECT_EQ(read_open_pipe(std::string(100 << 10, 'x'), 1), "blocked");
  // The same bytes as a file give the same refusal as decode_input's, which reads the whole file.
  EXPECT_THROW((void)awrdiff::decode_input(noise, "noise.bin"), awrdiff::Error);
}
