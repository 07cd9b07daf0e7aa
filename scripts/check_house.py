#!/usr/bin/env python3
"""The house rules of docs/design.md, checked on the tree (python3, standard library only).

    scripts/check_house.py [ROOT]        (ROOT: the repository, default: this script's parent folder)

Three measures, each printed in full and each held by a ratchet (RATCHET below): a measure above its ratchet
fails the check (exit 1), so none can grow; a measure below it says so, so that the ratchet is lowered in
the same commit. docs/design.md ("The house rules, checked") describes them.

1. Back arrows: every #include of awrdiff's own headers in src/ and include/awrdiff/, each file mapped to its
   layer (LAYERS): a file in src/ to its folder's (DIR_LAYER, no exceptions), a public header to the layer of
   the folder that defines it (FILE_LAYER); an include of a layer that is not above the includer's in the order is a back
   arrow. Counted as layer pairs (the arrows of the picture) and as include lines.
   And a call up hidden behind a declaration: a function declared at namespace scope in one layer's files (a header
   or a source) and defined only in the folders of layers not above it (a higher layer or a peer), which the
   includes cannot show (higher_declarations).
   And design.md's other "never": only the CLI prints or exits (std::cout, printf, exit, abort... outside src/cli).
2. Special cases: code that names one particular section, comparison table or column, over all of src/ (the
   catalog's own rows aside), matched on the code as clang-format writes it (one SectionDef field per line):
   design.md's three searches, and two more in every file: column ids (ColumnId::x) outside the readers that
   bind their own columns, and strings compared, searched for or tested as a prefix (==, !=, find, rfind,
   starts_with, ends_with) that are a section's key or title, a table's key or group, the start of a title,
   or a piece of a key.
3. Sizes: files in src/ over MAX_FILE_LINES lines (except the pure data tables of DATA_TABLES) and
   functions over MAX_FUNCTION_LINES lines (a brace-matching scan).
"""

import os
import re
import sys

# ---------------------------------------------------------------------------------------------------------------------
# Ratchets: the counts of today's tree. A change that removes a back arrow, a special case or a big function lowers
# its number here; none may rise.
RATCHET = {
    "back arrows (layer pairs)": 0,
    "back arrows (include lines)": 0,
    "declarations of functions of a higher layer": 0,
    "prints or exits outside the CLI": 0,
    "special cases (names)": 14,
    "special cases (lines)": 12,
    "files over the line limit": 0,
    "functions over the line limit": 0,
}

MAX_FILE_LINES = 1000  # a source file longer than this is split (pure data tables excepted)
MAX_FUNCTION_LINES = 120  # a function body longer than this is split into named steps

# Pure data tables (catalog rows, name lists): exempt from the file size limit.
DATA_TABLES = {
    "src/catalog/catalog.cpp",
    "src/catalog/names.cpp",
}

# ---------------------------------------------------------------------------------------------------------------------
# Layers, from the top of design.md's picture down: a file may include its own layer and the layers of a lower
# rank (above it in the picture). Two layers of the same rank are peers and include neither the other.
LAYERS = {
    "support": 0,  # src/support, error.hpp, stats.hpp: plain C++ helpers that know nothing of reports
    "catalog": 1,  # the report's vocabulary as data: sections, columns, names
    "model": 1,  # the Snapshot and its rows, civil time (a peer of the catalog: neither includes the other)
    "metrics": 2,  # src/metrics: the metric registry and the field bindings; read catalog and model, below both
    "json": 3,  # the snapshot JSON (writer, reader, field lists) and the JSON writer every output shares
    "parse": 4,  # bytes -> Snapshot
    "merge": 5,  # several snapshots -> one (a set's typical period); how a generic table's columns read
    "baseline": 6,  # baselines (merged snapshots, Oracle metric dumps)
    "mask": 7,  # src/mask: masking of snapshots and baselines (reads parse and baseline types)
    "diff": 7,  # the pair: Snapshot, Snapshot -> Comparison (tables, attribution, SQL matching, sets, charts)
    "findings": 8,  # the findings rules over what the pair worked out (k_rules)
    "compare": 9,  # compare(), describe(), compare_sets(): the pair, then its findings, then its verdict
    "check": 10,  # a period against its baseline: bands, the check's rules, its table and mail
    "history": 11,  # the store of checks and snapshots
    "timeline": 11,  # one database over many periods: change points, episodes, the timeline's tables and charts
    "fleet": 12,  # the fleet's morning page: every database of a store judged, ranked, explained by its timeline
    "render": 13,  # Comparison -> text, Markdown, Jira, HTML, JSON (and the fleet page)
    "cli": 14,  # the only code that prints or exits
}

# The layer of a file: its folder under src/ (DIR_LAYER; folder = layer, no file placed elsewhere); the public
# headers of include/awrdiff/ by name (FILE_LAYER), each with the folder of the code that defines it.
DIR_LAYER = {
    "src/support": "support",
    "src/json": "json",
    "src/catalog": "catalog",
    "src/model": "model",
    "src/metrics": "metrics",
    "src/parse": "parse",
    "src/merge": "merge",
    "src/baseline": "baseline",
    "src/mask": "mask",
    "src/diff": "diff",
    "src/findings": "findings",
    "src/compare": "compare",
    "src/check": "check",
    "src/timeline": "timeline",
    "src/history": "history",
    "src/fleet": "fleet",
    "src/render": "render",
    "src/cli": "cli",
}
FILE_LAYER = {
    # include/awrdiff/: each public header with the code that defines it
    "include/awrdiff/error.hpp": "support",
    "include/awrdiff/catalog.hpp": "catalog",
    "include/awrdiff/model.hpp": "model",
    "include/awrdiff/printable.hpp": "model",
    "include/awrdiff/time.hpp": "model",
    "include/awrdiff/section_fields.hpp": "metrics",
    "include/awrdiff/metrics.hpp": "metrics",
    "include/awrdiff/period_detail.hpp": "metrics",
    "include/awrdiff/number.hpp": "parse",
    "include/awrdiff/parse.hpp": "parse",
    "include/awrdiff/input_file.hpp": "parse",
    "include/awrdiff/compare_report.hpp": "parse",
    "include/awrdiff/snapshot_json.hpp": "json",
    "include/awrdiff/merge.hpp": "merge",
    "include/awrdiff/baseline.hpp": "baseline",
    "include/awrdiff/sysmetric.hpp": "parse",
    "include/awrdiff/mask.hpp": "mask",
    "include/awrdiff/diff.hpp": "diff",
    "include/awrdiff/findings.hpp": "findings",
    "include/awrdiff/compare.hpp": "compare",
    "include/awrdiff/check.hpp": "check",
    "include/awrdiff/stats.hpp": "support",
    "include/awrdiff/sql_text.hpp": "diff",
    "include/awrdiff/timeline.hpp": "timeline",
    "include/awrdiff/history.hpp": "history",
    "include/awrdiff/fleet.hpp": "fleet",
    "include/awrdiff/fleet_render.hpp": "render",
    "include/awrdiff/render.hpp": "render",
    "include/awrdiff/monitoring.hpp": "render",
}

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def rel(root, path):
    return os.path.relpath(path, root).replace(os.sep, "/")


def layer_of(path):
    if path.startswith("include/"):
        return FILE_LAYER.get(path)
    folder = path.rsplit("/", 1)[0]
    return DIR_LAYER.get(folder)


def resolve(root, includer, target, quoted):
    """The repository path of an included awrdiff header, else None (system and third-party headers)."""
    candidates = []
    if quoted:
        candidates.append(os.path.join(os.path.dirname(includer), target))
    candidates += [os.path.join("src", target), os.path.join("include", target)]
    for c in candidates:
        c = os.path.normpath(c).replace(os.sep, "/")
        if os.path.isfile(os.path.join(root, c)) and (c.startswith("src/") or c.startswith("include/awrdiff/")):
            return c
    return None


def sources(root, folders, exts=(".cpp", ".hpp")):
    out = []
    for folder in folders:
        for dp, dn, fn in os.walk(os.path.join(root, folder)):
            dn[:] = sorted(d for d in dn if d != "third_party")
            out += [rel(root, os.path.join(dp, f)) for f in sorted(fn) if f.endswith(exts)]
    return sorted(out)


def back_arrows(root):
    arrows = {}  # (from layer, to layer) -> [(file, line, include)]
    unmapped = []
    for path in sources(root, ["src", "include/awrdiff"]):
        mine = layer_of(path)
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE_RE.match(line)
                if not m:
                    continue
                target = resolve(root, path, m.group(2), m.group(1) == '"')
                if target is None:
                    continue
                theirs = layer_of(target)
                if mine is None or theirs is None:
                    unmapped.append(f"{path}:{n}: {m.group(2)} (no layer for {path if mine is None else target})")
                    continue
                if theirs == mine or LAYERS[theirs] < LAYERS[mine]:
                    continue
                arrows.setdefault((mine, theirs), []).append(f"{path}:{n}: #include {m.group(2)}")
    return arrows, unmapped


PRINTS_OR_EXITS = re.compile(r"std::(cout|cerr|clog)\b|\bfmt::print\(|(?<![\w.>:])((std|fmt)::)?(printf|fprintf|puts|perror)\(|"
                             r"(?<![\w.>:])(std::)?(exit|_Exit|quick_exit|abort)\(")


def prints_or_exits(root):
    out = []
    for path in sources(root, ["src"]):
        if path.startswith("src/cli/"):
            continue
        for n, line in enumerate(open(os.path.join(root, path), encoding="utf-8", errors="replace"), 1):
            code = strip_comment(line)
            if PRINTS_OR_EXITS.search(re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)):
                out.append(f"{path}:{n}: {line.strip()}")
    return out


# ---------------------------------------------------------------------------------------------------------------------
# Calls up hidden behind a declaration: a function declared (at namespace scope, in a header or a source file) in one
# layer and defined only in the folders of layers that are not above it (a higher layer, or a peer). The include
# order cannot see it (the lower layer includes nothing of the higher one), yet the lower layer calls the higher.
DECL_RE = re.compile(r"(?s)^(?:template\s*<.*>\s*)?(?:\[\[[^\]]*\]\]\s*)?[\w:<>,\s\*&]*?[\s\*&]([A-Za-z_]\w*)\s*\(.*\)"
                     r"\s*(?:const\s*)?(?:noexcept\s*)?(?:->\s*[\w:<>\s\*&]+)?$")
NOT_DECL = re.compile(r"^(using|typedef|return|namespace|class|struct|union|enum|static_assert|friend|template\s*class)\b")


def namespace_items(text):
    """(kind, name, line) of every function defined ("def") or declared ("decl") at namespace scope outside an
    anonymous namespace; class members and local code aside."""
    code = strip_code(text)
    out = []
    stack = []  # per open brace: "namespace", "anon", "class", "function" or "other"
    last = 0
    for i, c in enumerate(code):
        if c not in "{};":
            continue
        head = code[last:i].strip()
        scope = all(k == "namespace" for k in stack)  # namespace scope, outside anonymous namespaces
        if c == "{":
            if any(k in ("class", "function", "other") for k in stack):
                kind = "other"
            elif re.fullmatch(r"(inline\s+)?namespace", head):
                kind = "anon"
            elif re.search(r"\bnamespace\b", head) or re.fullmatch(r'extern\s*""', head):
                kind = "namespace"
            elif re.search(r"\b(struct|class|union|enum)\b", head) and "(" not in head:
                kind = "class"
            elif ")" in head and not re.search(r"=\s*$|\breturn\b", head) and not head.endswith(","):
                kind = "function"
                m = re.search(r"([A-Za-z_][\w:]*)\s*\((?!.*\b[A-Za-z_][\w:]*\s*\()", head.split("->")[0], re.S)
                if scope and m and "::" not in m.group(1):
                    out.append(("def", m.group(1), code.count("\n", 0, i) + 1))
            else:
                kind = "other"
            stack.append(kind)
        elif c == "}":
            if stack:
                stack.pop()
        elif scope and head and not NOT_DECL.match(head) and "=" not in head.split("(")[0]:
            m = DECL_RE.match(head)
            if m:
                out.append(("decl", m.group(1), code.count("\n", 0, i) + 1))
        last = i + 1
    return out


def higher_declarations(root):
    """Declarations of functions defined only in a layer not above the declaring file's: "path:line: name (defined in
    layer)"."""
    items = {}
    defined = {}  # name -> layers defining it
    for path in sources(root, ["src", "include/awrdiff"]):
        layer = layer_of(path)
        if layer is None:
            continue
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            items[path] = namespace_items(f.read())
        for kind, name, _ in items[path]:
            if kind == "def":
                defined.setdefault(name, set()).add(layer)
    out = []
    for path, found in items.items():
        mine = layer_of(path)
        for kind, name, line in found:
            where = defined.get(name, set())
            if kind == "decl" and where and not any(l == mine or LAYERS[l] < LAYERS[mine] for l in where):
                out.append(f"{path}:{line}: {name} (defined in {', '.join(sorted(where))}, declared in {mine})")
    return sorted(out)


# ---------------------------------------------------------------------------------------------------------------------
# Special cases: design.md's method. Scope and the three searches, as regular expressions over each line.
# Scope: every file of src/. The catalog's data tables (CATALOG_ROWS) name sections and columns by definition;
# the snapshot builder's readers (READERS) bind their own section's columns (ColumnId), as the catalog row names
# the reader.
CATALOG_ROWS = {"src/catalog/catalog.cpp", "src/catalog/names.cpp", "src/catalog/compare_catalog.cpp"}
READERS = re.compile(r"src/parse/snapshot_builder\w*\.cpp$")
# Searches 2 and 3 (a section key written anywhere, keys and labels compared, name lists) were written for the
# code that compares, merges and shows sections, where every string is a candidate; elsewhere (the history
# store's SQL, masking's parameter names, the registry's rows) they would read other vocabularies as sections.
# Searches 1, 4 and 5 run on every file.
NAMES_SCOPE = re.compile(r"src/parse/snapshot_builder\w*\.cpp$|src/(merge|diff|findings|compare|check|timeline|render)/\w+\.cpp$")

SEARCH1 = re.compile(r"SectionId::([a-z0-9_]+)")
# 4. Column ids in code (outside the catalog's rows and the readers binding their own columns).
SEARCH4 = re.compile(r"ColumnId::([a-z0-9_]+)")
# 5. A string compared, searched or tested as a prefix: counted when the string is a section key or title, a
# comparison table's key or group, or the start of a title (a display string used as a type); and any
# literal searched for in a key (`c.key.find("per_exec")`: a key's spelling used as a property).
SEARCH5 = re.compile(r'(==|!=) *"((?:[^"\\]|\\.)*)"|\.(find|rfind|starts_with|ends_with)\("((?:[^"\\]|\\.)*)"')
KEY_SEARCH = re.compile(r'\bkey\.(find|ends_with)\("')
SEARCH3 = re.compile(r'(key|list|\bk) *(==|!=) *"|(\.|->)(num|text)\(r, *"|\bcol\("|rows_moving\(out|find_table\(out|'
                     r'segments\("|\[\] *= *\{|find\("(wait|busy)"\)|"segments_"|"Key |rfind\("key"|'
                     r'ColumnId::load_average|\*(first|name) *(==|!=) *"')
STRING_RE = re.compile(r'"((?:[^"\\]|\\.)*)"')
# Not counted (design.md's rules a search can apply): a table defining its own key or columns.
DEFINES_OWN = re.compile(r'\b\w+\.key = "|SideBySide spec\{|columns\.push_back\(\{"|\b\w+\.columns = \{\{"')

# design.md's other rules, as far as a search can apply them: each (file, what the line holds, why it is not counted).
NOT_COUNTED = [
    (r".*", r"\bj\.key\(", "a key of the JSON output"),
    (r".*", r"Diagnostic::Level::\w+, \"", "a reader's diagnostic under its own section"),
    (r"src/check/check(_policy)?\.cpp", r"\b(r|m)\.key == \"|\bkey == \"(load_matters|spread_floor_pct|metric)\"",
     "metric keys, policy-file keys"),
    (r"src/check/check\.cpp", r"\bbasis == \"", "a baseline's basis"),
    (r"src/findings/findings(_[a-z]+)?\.cpp", r"\bf\.rule = \"", "finding-rule keys"),
    (r"src/diff/summary_tables\.cpp", r"\bkey == \"db_(time|cpu)\"", "Load Profile row keys"),
    (r"src/parse/snapshot_builder_rac\.cpp", r"\badd\(\"db_time\"", "Load Profile row keys"),
    (r"src/parse/snapshot_builder_summary\.cpp", r"\bh\.load_average_", "host_cpu binding its own columns"),
    (r"src/diff/generic_tables\.cpp", r"find\(\"wait\"\)", "a header word of the generic tables, no section"),
    (r"src/diff/diff\.cpp", r"^return \"[a-z_ ]+\";$", "a verdict's or a contributor kind's name (to_string), no section"),
    (r"src/metrics/metrics\.cpp", r"\bkind == \"", "a metric family in a metric key"),
]
# Arrays that hold no section, table or column names (their lines are skipped whole).
NOT_NAME_LISTS = [
    (r"src/diff/headline\.cpp", r"\bk_edges\[\]", "Oracle time model statistics"),
    (r"src/(check/check_rules|diff/headline|diff/replay)\.cpp", r"\bk_units\[\]", "metric keys"),
    (r"src/render/monitoring\.cpp", r"\bk_columns\[\]|\bk_state\[\]", "metric names, Nagios states"),
    (r"src/merge/generic_columns\.cpp", r"\bk_state\[\]", "header words of the generic tables, no section"),
    (r"src/render/html_charts\.cpp", r"\bp\[\] = \{\"#", "colours"),
    (r"src/findings/findings(_[a-z]+)?\.cpp", r"\bk_rules\[\]|\bk_topics\[\]", "finding-rule keys"),
    (r"src/check/check_rules\.cpp", r"\bk_check_rules\[\]", "check-rule keys"),
    (r"src/findings/findings(_[a-z]+)?\.cpp", r"\bk_key_parameters\[\]", "Oracle parameter names"),
]
# Names never counted: the columns both table engines give every table, the unknown section, and base_/target_
# measure columns built from a measure's key.
NOT_COUNTED_NAMES = re.compile(r'^"(name|assessment|change|rate_change_pct|delta_pct_db_time|unknown|target_)"$')
MEASURE_COLUMNS = (re.compile(r'^"(base|target)_[a-z0-9_]+"$'), {"src/diff/sections.cpp", "src/diff/section_table.cpp"})


# The folders of the comparison, whose tables define their own keys (section_keys).
COMPARISON_FOLDERS = ["src/diff", "src/findings", "src/compare", "src/check", "src/timeline"]


def scope_files(root):
    """Every source file of src/ (third-party code aside)."""
    return sources(root, ["src"])


def section_keys(root):
    """Search 2's keys: the catalog's section keys, the comparison tables' keys and the rows of sections()."""
    keys = set()
    cat = open(os.path.join(root, "src/catalog/catalog.cpp"), encoding="utf-8").read()
    keys |= set(re.findall(r'\{SectionId::[a-z0-9_]+,\s*"([a-z0-9_]+)"', cat))
    for folder, f in sorted((d, f) for d in COMPARISON_FOLDERS for f in os.listdir(os.path.join(root, d))):
        if f.endswith(".cpp"):
            text = open(os.path.join(root, folder, f), encoding="utf-8").read()
            keys |= set(re.findall(r'SideBySide spec\{\s*"([a-z_]+)"|(?:t|out)\.key = "([a-z_]+)"', text) and
                        [a or b for a, b in re.findall(r'SideBySide spec\{\s*"([a-z_]+)"|(?:t|out)\.key = "([a-z_]+)"',
                                                      text)])
    # The rows of sections(): clang-format writes one field per line, the key alone after the row's brace and
    # the title (capitalised) on the next line.
    sec = open(os.path.join(root, "src/diff/section_table.cpp"), encoding="utf-8").read()
    keys |= set(re.findall(r'\{\.key = "([a-z_]+)",\s*\.title = ', sec))  # a row, not a measure
    # The sections compared by their binding: their declaration's key.
    bound = open(os.path.join(root, "include/awrdiff/section_fields.hpp"), encoding="utf-8").read()
    keys |= set(re.findall(r'std::string_view key = "([a-z_]+)";', bound))
    return keys


def section_titles(root):
    """Search 5's names beside the keys: every section's display title and the titles it has carried (the
    catalog's rows and its AWRDIFF_NAMES(t_...) lists), and the groups of the comparison tables."""
    cat = open(os.path.join(root, "src/catalog/catalog.cpp"), encoding="utf-8").read()
    titles = set(re.findall(r'\{SectionId::[a-z0-9_]+,\s*"[a-z0-9_]+",\s*"([^"]+)"', cat))
    for body in re.findall(r'AWRDIFF_NAMES\(t_\w+,((?:[^;])*?)\);', cat):
        titles |= set(re.findall(r'"([^"]+)"', body))
    groups = set()
    for path in sources(root, ["src"]):
        groups |= set(re.findall(r'\bgroup = "([a-z_]+)"', open(os.path.join(root, path), encoding="utf-8").read()))
    return {t.rstrip("*") for t in titles if t.strip()}, groups


def names_compared(code, keys, titles, groups):
    """Search 5 on one line: the string literals compared with, searched for or tested as a prefix that name a
    section, a table, a group or the start of a title, and any literal searched for in a key."""
    out = {}
    for m in SEARCH5.finditer(code):
        lit = m.group(2) if m.group(2) is not None else m.group(4)
        span = m.span(2) if m.group(2) is not None else m.span(4)
        prefix = m.group(3) in ("starts_with", "rfind", "find") if m.group(3) else False
        stem = lit.rstrip(": ")
        hit = lit in keys or lit in titles or lit in groups
        if not hit and prefix and " " in stem:  # "Instance Activity": the start of a title, two words or more
            hit = any(t.startswith(stem) for t in titles)
        if not hit and m.group(3) and KEY_SEARCH.search(code[max(0, m.start() - 8):m.end()]):
            hit = True
        if hit:
            out[(span[0] - 1, span[1] + 1)] = '"' + lit + '"'
    return out


def strip_comment(line):
    """The code of a line, without a // comment (string literals kept)."""
    out, i, quote = [], 0, None
    while i < len(line):
        c = line[i]
        if quote:
            out.append(c)
            if c == "\\" and i + 1 < len(line):
                out.append(line[i + 1])
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'":
            quote = c
            out.append(c)
        elif line.startswith("//", i):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)


def special_cases(root):
    keys = section_keys(root)
    titles, groups = section_titles(root)
    key_re = re.compile('"(' + "|".join(sorted(map(re.escape, keys), key=len, reverse=True)) + ')"')
    found = []  # (file, line, names, text)
    for path in scope_files(root):
        if path in CATALOG_ROWS:
            continue
        lines = open(os.path.join(root, path), encoding="utf-8").read().split("\n")
        in_sections = False
        n = 0
        skip_to = 0
        while n < len(lines):
            raw = lines[n]
            code = strip_comment(raw)
            n += 1
            if re.match(r"^(const )?(std::vector<SectionDef>&?|SectionDef) \w+\(\)", code):
                in_sections = True
            elif in_sections and code.startswith("}"):
                in_sections = False
            if n <= skip_to:
                continue
            if any(re.fullmatch(f, path) and re.search(w, code) for f, w, _ in NOT_NAME_LISTS):
                k = n - 1
                while k < len(lines) and "};" not in strip_comment(lines[k]):
                    k += 1
                skip_to = k + 1
                continue
            if not code.strip():
                continue
            if DEFINES_OWN.search(code):  # the whole statement, when it runs on
                k = n - 1
                while k < len(lines) and ";" not in strip_comment(lines[k]):
                    k += 1
                skip_to = k + 1
                continue
            if any(re.fullmatch(f, path) and re.search(w, code.strip()) for f, w, _ in NOT_COUNTED):
                continue
            literals = [m for m in STRING_RE.finditer(code)]
            spans = {}  # one occurrence is one name, whichever searches found it: keyed by its place in the line
            for m in SEARCH1.finditer(code):
                if m.group(1) != "unknown":
                    spans[m.span()] = m.group(0)
            if not READERS.search(path):
                for m in SEARCH4.finditer(code):
                    if m.group(1) != "unknown":
                        spans[m.span()] = m.group(0)
            for span, name in names_compared(code, keys, titles, groups).items():
                if not any(a <= span[0] < b for a, b in spans if isinstance(b, int)):
                    spans[span] = name
            if not in_sections and NAMES_SCOPE.search(path):  # the rows of sections() define their own keys
                for m in key_re.finditer(code):
                    spans[m.span()] = m.group(0)
            for m in SEARCH3.finditer(code) if NAMES_SCOPE.search(path) else ():
                if "[]" in m.group(0):
                    # a name list: every string of the array, read whole
                    body, k = code[m.end():], n
                    while "};" not in body and k < len(lines):
                        body += "\n" + strip_comment(lines[k])
                        k += 1
                    skip_to = k
                    for j, lit in enumerate(STRING_RE.findall(body.split("};")[0])):
                        spans[(m.end(), j)] = '"' + lit + '"'
                    continue
                if m.group(0).startswith("ColumnId::"):
                    spans[m.span()] = m.group(0)
                    continue
                # the string literal the match ends in, else one right after it (find_table(out, "x"))
                lit = next((x for x in literals if x.start() <= m.end() - 1 < x.end()), None)
                if lit is None:
                    lit = next((x for x in literals if x.start() >= m.end() and
                                re.fullmatch(r"[\s,]*", code[m.end():x.start()])), None)
                if lit is not None:
                    spans[lit.span()] = lit.group(0)
            uniq = [spans[k] for k in sorted(spans) if not NOT_COUNTED_NAMES.match(spans[k]) and
                    not (path in MEASURE_COLUMNS[1] and MEASURE_COLUMNS[0].match(spans[k]))]
            if uniq:
                found.append((path, n, uniq, raw.strip()))
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Sizes.
def strip_code(text):
    """The text with comments, string and character literals blanked (newlines kept), for brace matching."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if m:
                end = text.find(")" + m.group(1) + '"', i)
                end = n if end < 0 else end + len(m.group(1)) + 2
                out.append('""' + re.sub(r"[^\n]", "", text[i:end]))
                i = end
            else:
                out.append(c)
                i += 1
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


CONTAINER_RE = re.compile(r"\b(namespace|struct|class|union|enum)\b[^;()]*$|\bextern\s*\"\"\s*$")


def long_functions(text):
    """(first line, lines, name) of every function body (outside other functions) longer than the limit."""
    code = strip_code(text)
    out = []
    stack = []  # per open brace: ("container" | "function" | "other", start offset, name)
    last_stmt = 0  # offset after the last ';', '{' or '}' at the current level
    for i, c in enumerate(code):
        if c == "{":
            head = code[last_stmt:i].strip()
            inside_function = any(kind == "function" for kind, _, _ in stack)
            if inside_function:
                kind = "other"
            elif CONTAINER_RE.search(head.replace("\n", " ")) or head == "":
                kind = "container" if re.search(r"\b(namespace|struct|class|union|enum)\b", head) else "other"
            elif ")" in head and not re.search(r"=\s*$|\breturn\b", head) and not head.endswith(","):
                kind = "function"
            else:
                kind = "other"
            name = ""
            if kind == "function":
                m = re.search(r"([~A-Za-z_][\w:<>~]*)\s*\(", head)
                name = m.group(1) if m else head[:40]
            stack.append((kind, i, name))
            last_stmt = i + 1
        elif c == "}":
            if stack:
                kind, start, name = stack.pop()
                if kind == "function":
                    first = code.count("\n", 0, start) + 1
                    last = code.count("\n", 0, i) + 1
                    if last - first + 1 > MAX_FUNCTION_LINES:
                        out.append((first, last - first + 1, name))
            last_stmt = i + 1
        elif c == ";":
            if not any(kind == "function" for kind, _, _ in stack) or True:
                last_stmt = i + 1
    return out


def sizes(root):
    big_files, big_functions = [], []
    for path in sources(root, ["src"]):
        text = open(os.path.join(root, path), encoding="utf-8", errors="replace").read()
        lines = text.count("\n")
        if lines > MAX_FILE_LINES and path not in DATA_TABLES:
            big_files.append((path, lines))
        for first, length, name in long_functions(text):
            big_functions.append((path, first, length, name))
    return big_files, big_functions


# ---------------------------------------------------------------------------------------------------------------------
def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    counts = {}

    arrows, unmapped = back_arrows(root)
    print("== Back arrows: includes against the layer order (docs/design.md) ==")
    order = " -> ".join(sorted(LAYERS, key=lambda k: (LAYERS[k], k)))
    print(f"   layers, top down: {order}")
    for (a, b), where in sorted(arrows.items(), key=lambda kv: (LAYERS[kv[0][0]], kv[0])):
        print(f"{a} -> {b} ({len(where)} include{'s' if len(where) > 1 else ''}):")
        for w in where:
            print(f"    {w}")
    for u in unmapped:
        print(f"UNMAPPED {u}")
    counts["back arrows (layer pairs)"] = len(arrows) + len(unmapped)
    counts["back arrows (include lines)"] = sum(len(w) for w in arrows.values()) + len(unmapped)

    hidden = higher_declarations(root)
    print("\n== Calls up behind a declaration: functions declared in a layer, defined only in one not above it ==")
    for h in hidden:
        print(h)
    counts["declarations of functions of a higher layer"] = len(hidden)

    printing = prints_or_exits(root)
    print("\n== Prints or exits outside src/cli ==")
    for p in printing:
        print(p)
    counts["prints or exits outside the CLI"] = len(printing)

    found = special_cases(root)
    print("\n== Special cases: code naming one section, table or column, all of src/ (design.md's searches) ==")
    for path, n, names, text in found:
        print(f"{path}:{n}: {len(names)}: {', '.join(names)}    | {text[:110]}")
    counts["special cases (names)"] = sum(len(f[2]) for f in found)
    counts["special cases (lines)"] = len(found)

    big_files, big_functions = sizes(root)
    print(f"\n== Sizes: files over {MAX_FILE_LINES} lines (data tables excepted), functions over {MAX_FUNCTION_LINES} ==")
    for path, lines in big_files:
        print(f"file {path}: {lines} lines")
    for path, first, length, name in big_functions:
        print(f"function {path}:{first}: {name}: {length} lines")
    counts["files over the line limit"] = len(big_files)
    counts["functions over the line limit"] = len(big_functions)

    print("\n== Counts (ratchet: none may rise) ==")
    failed = False
    for what, n in counts.items():
        limit = RATCHET[what]
        state = "ok"
        if n > limit:
            state, failed = f"FAIL: above the ratchet {limit}", True
        elif n < limit:
            state = f"below the ratchet {limit}: lower RATCHET in scripts/check_house.py"
        print(f"{what}: {n} ({state})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
