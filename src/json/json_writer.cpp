// The UTF-8 repair of every JSON output (json_writer.hpp). RapidJSON's writers copy bytes as they are (no
// kWriteValidateEncodingFlag: that would only make them fail), so strings are checked first and an invalid
// sequence replaced by U+FFFD, one per maximal invalid subpart. Valid text, the usual case, is not copied.
#include "json/json_writer.hpp"

#include "support/text.hpp"

#include <charconv>
#include <cstring>

namespace awrdiff::json_out {
namespace {

constexpr std::string_view k_replacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the well-formed UTF-8 sequence (Unicode Table 3-7) starting at s[i], or 0 when there is
// none; then `subpart` is the length of the invalid bytes to replace (at least 1).
std::size_t utf8_sequence(std::string_view s, std::size_t i, std::size_t& subpart) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    if (b0 == 0xE0) lo = 0xA0;  // overlong
    if (b0 == 0xED) hi = 0x9F;  // surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    if (b0 == 0xF0) lo = 0x90;  // overlong
    if (b0 == 0xF4) hi = 0x8F;  // beyond U+10FFFF
  } else {
    subpart = 1;
    return 0;
  }
  std::size_t k = 1;
  for (; k < n && i + k < s.size(); ++k) {
    const auto c = static_cast<unsigned char>(s[i + k]);
    if (c < lo || c > hi) break;
    lo = 0x80;
    hi = 0xBF;
  }
  if (k == n) return n;
  subpart = k;
  return 0;
}

}  // namespace

std::size_t valid_utf8_prefix(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    i = detail::ascii_run_end(s, i);
    if (i >= s.size()) break;
    std::size_t subpart = 0;
    const std::size_t n = utf8_sequence(s, i, subpart);
    if (n == 0) return i;
    i += n;
  }
  return i;
}

void replace_invalid_utf8(std::string_view s, std::size_t from, std::string& out) {
  out.assign(s.substr(0, from));
  for (std::size_t i = from; i < s.size();) {
    std::size_t subpart = 0;
    if (const std::size_t n = utf8_sequence(s, i, subpart); n > 0) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      out.append(k_replacement);
      i += subpart;
    }
  }
}

std::size_t format_double(double v, char* out) {
  // The shortest round-trip digits, from the scientific form "-d.ddde+XX".
  char sci[40];
  const auto r = std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific);
  const char* p = sci;
  char* o = out;
  if (*p == '-') *o++ = *p++;
  char digits[20];
  int k = 0;
  for (; p < r.ptr && *p != 'e'; ++p)
    if (*p != '.' && k < 20) digits[k++] = *p;
  int exp10 = 0;
  std::from_chars(p + 1 + (p[1] == '+' ? 1 : 0), r.ptr, exp10);
  const int n = exp10 + 1;  // the value is 0.d1d2...dk x 10^n
  constexpr int min_exp = -4, max_exp = 15;
  if (k <= n && n <= max_exp) {  // an integer value: 1234e7 -> 12340000000.0
    std::memcpy(o, digits, static_cast<std::size_t>(k));
    o += k;
    for (int i = k; i < n; ++i) *o++ = '0';
    *o++ = '.';
    *o++ = '0';
  } else if (0 < n && n <= max_exp) {  // 1234e-2 -> 12.34
    std::memcpy(o, digits, static_cast<std::size_t>(n));
    o += n;
    *o++ = '.';
    std::memcpy(o, digits + n, static_cast<std::size_t>(k - n));
    o += k - n;
  } else if (min_exp < n && n <= 0) {  // 1234e-6 -> 0.001234
    *o++ = '0';
    *o++ = '.';
    for (int i = n; i < 0; ++i) *o++ = '0';
    std::memcpy(o, digits, static_cast<std::size_t>(k));
    o += k;
  } else {  // 1.234e-05, 1e+16
    *o++ = digits[0];
    if (k > 1) {
      *o++ = '.';
      std::memcpy(o, digits + 1, static_cast<std::size_t>(k - 1));
      o += k - 1;
    }
    *o++ = 'e';
    int e = n - 1;
    *o++ = e < 0 ? '-' : '+';
    if (e < 0) e = -e;
    if (e >= 100) *o++ = static_cast<char>('0' + e / 100);
    *o++ = static_cast<char>('0' + e / 10 % 10);
    *o++ = static_cast<char>('0' + e % 10);
  }
  return static_cast<std::size_t>(o - out);
}

}  // namespace awrdiff::json_out
