# The Debian package: `cpack -G DEB` in a build folder (after its build) writes awrdiff_VERSION_ARCH.deb.
# README.md, "Debian package", gives the command; docs/packaging.md what it holds and lintian's word on it.
#
# Runtime dependencies: dpkg-shlibdeps reads them from the libraries the binary links (libc6, zlib1g; libstdc++
# and libgcc are linked statically). The libraries awrdiff opens with dlopen() when it needs them
# (src/support/lazy_library.hpp) are invisible to it, so they are declared here: libxml2 (HTML that is not
# well-formed XML, common in real reports) as Depends, libsqlite3-0 and libpq5 (a history store, SQLite or
# PostgreSQL) as Recommends: `awrdiff compare` and `check --baseline` run without them.

set(AWRDIFF_DEB_MAINTAINER "The awrdiff authors <awrdiff@example.org>" CACHE STRING
    "Maintainer field of the Debian package (cpack -G DEB)")

set(CPACK_PACKAGE_NAME awrdiff)
set(CPACK_PACKAGE_VENDOR "The awrdiff authors")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "compare Oracle AWR and Statspack reports")
set(CPACK_PACKAGE_CONTACT "${AWRDIFF_DEB_MAINTAINER}")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${AWRDIFF_DEB_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION database)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The extended description (CPack puts CPACK_PACKAGE_DESCRIPTION_SUMMARY above it as the synopsis).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "awrdiff reads two Oracle AWR or Statspack reports (HTML or text, 10gR2 to
23ai) and says what changed between the two periods and why: DB time, wait
classes, SQL, host figures, with a verdict in one line. It also checks a
report against a baseline or a moving window of like hours kept in a history
store (SQLite or PostgreSQL), for cron, systemd, Prometheus and Nagios, and
follows one database over time.
.
The package installs a systemd service and timer for the hourly check, run as
the system user awrdiff in /var/lib/awrdiff; the timer is not enabled.")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libxml2")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libsqlite3-0, libpq5")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${PROJECT_SOURCE_DIR}/packaging/debian/postinst
    ${PROJECT_SOURCE_DIR}/packaging/debian/prerm ${PROJECT_SOURCE_DIR}/packaging/debian/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_GENERATOR DEB)
include(CPack)
