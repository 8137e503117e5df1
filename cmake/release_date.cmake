# The date of a release, the one date the man pages (.TH) and the Debian
# changelog print: CHANGELOG.md's for a version it dates ("## 0.1.0 -
# 2026-11-27"); for one not released yet ("## 0.2.0 - Unreleased"), the date
# of the tree's last commit, so that one commit always builds the same pages
# (else SOURCE_DATE_EPOCH's, else today's). Included by cmake/commit.cmake and
# cmake/debian_changelog.cmake.

# VAR: the date of VERSION as YYYY-MM-DD, from CHANGELOG (a path) and the
# git tree at SRC.
function(sq_release_date var changelog src version)
  file(READ "${changelog}" _text)
  string(REPLACE "." "\\." _v "${version}")
  if(_text MATCHES "\n## ${_v} - ([0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9])")
    set(${var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
    return()
  endif()
  execute_process(COMMAND git log -1 --format=%cs WORKING_DIRECTORY "${src}"
                  OUTPUT_VARIABLE _date OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT _date MATCHES "^[0-9]+-[0-9]+-[0-9]+$")
    string(TIMESTAMP _date "%Y-%m-%d" UTC) # SOURCE_DATE_EPOCH's where it is set
  endif()
  set(${var} "${_date}" PARENT_SCOPE)
endfunction()

# VAR: YYYY-MM-DD as Debian's changelog writes a date, "Fri, 27 Nov 2026
# 00:00:00 +0000" (the days since 1970 by Howard Hinnant's days_from_civil).
function(sq_rfc2822_date var iso)
  string(REGEX MATCH "^([0-9]+)-0*([0-9]+)-0*([0-9]+)$" _ "${iso}")
  set(_y ${CMAKE_MATCH_1})
  set(_m ${CMAKE_MATCH_2})
  set(_d ${CMAKE_MATCH_3})
  if(_m LESS_EQUAL 2)
    math(EXPR _y "${_y} - 1")
  endif()
  math(EXPR _era "${_y} / 400")
  math(EXPR _yoe "${_y} - ${_era} * 400")
  math(EXPR _doy "(153 * ((${_m} + 9) % 12) + 2) / 5 + ${_d} - 1")
  math(EXPR _doe "${_yoe} * 365 + ${_yoe} / 4 - ${_yoe} / 100 + ${_doy}")
  math(EXPR _epoch "(${_era} * 146097 + ${_doe} - 719468) * 86400")
  set(_saved "$ENV{SOURCE_DATE_EPOCH}")
  set(ENV{SOURCE_DATE_EPOCH} ${_epoch})
  string(TIMESTAMP _date "%a, %d %b %Y 00:00:00 +0000" UTC)
  set(ENV{SOURCE_DATE_EPOCH} "${_saved}")
  set(${var} "${_date}" PARENT_SCOPE)
endfunction()
