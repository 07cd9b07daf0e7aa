// {fmt}'s compiled part, built once here instead of in every translation unit.
//
// awrdiff used fmt in header-only mode (FMT_HEADER_ONLY), which compiles fmt's whole implementation
// (format-inl.h: the float formatting, vformat, the locale helpers) in each of the ~35 sources that
// include <fmt/format.h>: about 4.5 s of CPU per source at -O2 -g, a third of the build. Debian's
// libfmt-dev ships that implementation as a header but only a shared library, and linking libfmt.so
// costs every run the dynamic loader's time. So this file is fmt's own src/format.cc (fmt 9.1.0, MIT
// licence, Copyright (c) 2012 - present, Victor Zverovich): the implementation and its explicit
// instantiations, linked statically into awrdiff_core. Every other source includes <fmt/format.h>
// without FMT_HEADER_ONLY and finds these definitions at link time.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

template FMT_API auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template FMT_API auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;

#ifndef FMT_STATIC_THOUSANDS_SEPARATOR
template FMT_API locale_ref::locale_ref(const std::locale& loc);
template FMT_API auto locale_ref::get<std::locale>() const -> std::locale;
#endif

// Explicit instantiations for char.
template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API void buffer<char>::append(const char*, const char*);
template FMT_API void vformat_to(buffer<char>&, string_view, basic_format_args<FMT_BUFFER_CONTEXT(char)>,
                                 locale_ref);

// Explicit instantiations for wchar_t.
template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<wchar_t>;
template FMT_API auto decimal_point_impl(locale_ref) -> wchar_t;
template FMT_API void buffer<wchar_t>::append(const wchar_t*, const wchar_t*);

}  // namespace detail
FMT_END_NAMESPACE
