#!/usr/bin/env python3
"""The HTML report in a real browser (headless Chromium), and its escaping.

usage: html_browser_test.py AWRDIFF SOURCE_DIR [--screenshots DIR]

For the samples (good -> bad, a set comparison, a check against a baseline, a timeline of a synthetic series) and for a report whose SQL
text, module, parameter value, database name and file name hold markup (<script>, </textarea>, quotes,
javascript: URLs):
  - the page is one file: no external reference (src=, href= other than #anchors, url(), @import);
  - every string from a report is escaped: the page has exactly one <script> element (awrdiff's own),
    no javascript: link, and the hostile strings show as text;
  - in Chromium with JavaScript on: no console message (errors, CSP violations), the enhancements ran
    (copy buttons), clicking a column header sorts each table, the charts (inline SVG) are there, and a
    screenshot is not blank;
  - with JavaScript off (the page's scripts blocked by its Content-Security-Policy, see below): the same
    charts and tables, drawn (their colours are on the screenshot);
  - at 1,400 px: no horizontal scrollbar, and no two axis labels of a chart whose boxes intersect.
A page built to fail (a script error) proves the console check can fail.
With the corpus of real reports (AWRDIFF_CORPUS, default ../shared/corpus beside SOURCE_DIR; skipped with a line when
absent):
  - each pair of CORPUS_PAIRS (RAC, Exadata and single-instance pairs of one database) gives a page under 500 KB
    that still holds every row of every table: the rows of each table in the JSON output are in its section
    of the page, as table rows or in the list of rows 0 in both periods;
  - one RAC page goes through the browser checks above too, and Copy as CSV gives every row of each table;
  - RMGTIBP's storm (jdmoreno 8-11) as a timeline and as a pair: the layout checks at 1,400 px.
The fleet's morning page (awrdiff fleet, a synthetic fleet from tests/browser/fleet_series.py): one file with no script
at all and no external reference, one chart per database sorted as the text; in Chromium it loads without a console
message, has no horizontal scrollbar at 1,400 px, and its screenshot shows the failing periods' red dots.
Without Chromium the browser part is skipped with one line saying so; the static checks still run, and
the exit status is 77 (ctest: skipped) when they pass.
--screenshots DIR keeps the screenshots (docs/img is made this way, see docs/html.md).
"""

import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
import json

HOSTILE = "<script>document.title='PWNED'</script></textarea>\"'<a href=\"javascript:alert(1)\">x</a><img src=x onerror=\"document.title='PWNED'\">"

failures = []

# Appended to a copy of a page, at 1,400 px: the page has no horizontal scrollbar (nothing outside a scrolling box
# is wider than the window), and no two axis labels (text.ax) of a chart intersect.
LAYOUT_PROBE = """<script>(function(){var out=[],V=window.innerWidth;
function clipped(e){for(var p=e.parentElement;p&&p!==document.body;p=p.parentElement)if(getComputedStyle(p).overflowX!=='visible')return true;return false;}
if(document.documentElement.scrollWidth>V+1){out.push('scrolls sideways: '+document.documentElement.scrollWidth+' px');
Array.prototype.forEach.call(document.querySelectorAll('body *'),function(e){var r=e.getBoundingClientRect();
if(r.right>V+1&&r.width>0&&!clipped(e)&&out.length<4)out.push(e.tagName+'.'+e.className+' to '+Math.round(r.right)+' px');});}
Array.prototype.forEach.call(document.querySelectorAll('svg.chart'),function(svg){
var b=Array.prototype.map.call(svg.querySelectorAll('text.ax'),function(t){return {r:t.getBoundingClientRect(),s:t.textContent};})
.filter(function(x){return x.r.width>0;});
for(var i=0;i<b.length;i++)for(var j=i+1;j<b.length;j++){var p=b[i].r,q=b[j].r;
if(p.left<q.right-0.5&&q.left<p.right-0.5&&p.top<q.bottom-0.5&&q.top<p.bottom-0.5&&out.length<8)
out.push(svg.getAttribute('aria-label')+': '+b[i].s+' over '+b[j].s);}});
document.body.setAttribute('data-layout',out.length?out.join(' | '):'ok');})();</script>"""

# Appended to a copy of a page: clicks the first numeric column header of every table with numbers twice and
# checks the order of all its rows (both parts of a long table) after each click.
SORT_PROBE = """<script>(function(){var out='ok',n=0;
Array.prototype.forEach.call(document.querySelectorAll('section.tbl'),function(s){
var t=s.querySelector('table.data');var th=t&&t.tHead?t.tHead.querySelector('th.n'):null;if(!th)return;
var i=Array.prototype.indexOf.call(th.parentNode.cells,th);
function key(c){if(!c)return null;var x=c.getAttribute('data-v');if(x!==null)return parseFloat(x);var t=c.textContent.trim();
return /^[+-]?[0-9,]*[.]?[0-9]+%?$/.test(t)?parseFloat(t.replace(/[,+%]/g,'')):null;}
function vals(){var v=[];Array.prototype.forEach.call(s.querySelectorAll('table.data tbody tr'),function(r){
var x=key(r.cells[i]);if(x!==null)v.push(x);});return v;}
var before=vals().length;
[1,-1].forEach(function(dir){th.click();var v=vals();if(v.length!==before)out='rows lost in '+s.id;
for(var k=1;k<v.length;k++)if(dir*(v[k-1]-v[k])<0)out='not sorted: '+s.id;});n++;});
document.body.setAttribute('data-sorted',out+' ('+n+' tables)');})();</script>"""


# Appended to a copy of a page: after the page's script ran, no row is left as a ditto of the one above, and
# Copy as CSV (the clipboard caught) gives the header and every row of each table, its listed rows 0 in both
# periods included.
COPY_PROBE = """<script>(function(){var out='ok',n=0,got=null;
try{Object.defineProperty(navigator,'clipboard',{configurable:true,value:{writeText:function(t){got=t;return Promise.resolve();}}});}
catch(e){out='no clipboard stub';}
Array.prototype.forEach.call(document.querySelectorAll('table.data tr[class]'),function(r){if(/^d[0-9]$/.test(r.className))out='ditto left: '+r.textContent;});
Array.prototype.forEach.call(document.querySelectorAll('section.tbl'),function(s){
var b=Array.prototype.filter.call(s.querySelectorAll('.tools button'),function(x){return x.textContent==='Copy as CSV';})[0];if(!b)return;
var rows=s.querySelectorAll('table.data tbody tr').length+s.querySelectorAll('ul.z li').length;got=null;b.click();
var lines=got===null?-1:got.replace(/\\n$/,'').split('\\n').length;if(lines!==rows+1)out='copy of '+s.id+': '+lines+' lines for '+rows+' rows';n++;});
document.body.setAttribute('data-copied',out+' ('+n+' tables)');})();</script>"""

# Pairs of reports of one database in the corpus whose pages must stay under 500 KB with every row
# (docs/html.md lists their sizes). The first goes through the browser checks as well.
CORPUS_PAIRS = [
    ("awr-html_19c_rac_pcambell_5.html", "awr-html_19c_rac_pcambell_1.html"),
    ("awr-html_19c_rac_pcambell_2.html", "awr-html_19c_rac_pcambell_1.html"),
    ("awr-html_12.2_rac_azure_1.html", "awr-html_12.2_rac_azure_2.html"),
    ("awr-html_11.2_rac_pcambell_1.html", "awr-html_11.2_rac_pcambell_3.html"),
    ("awr-html_12.1_sarthi_1.html", "awr-html_12.1_sarthi_3.html"),
    ("awr-html_19c_jdmoreno_8.html", "awr-html_19c_jdmoreno_9.html"),
    ("awr-html_19c_jdmoreno_2.html", "awr-html_19c_jdmoreno_5.html"),
    ("awr-text_12.1_getperf_1.lst", "statspack_12.1_getperf_2.lst"),
    # Global RAC reports (awrgrpt): their generic tables (System Statistics (Global), Wait Event Histogram
    # (Global)) are compared one row per item, with the per-instance columns and histogram buckets as numbers.
    ("awr-rac-html_19c_rac_azure_1.html", "awr-rac-html_19c_rac_azure_2.html"),
    ("awr-rac-html_19c_rac_azure_1.html", "awr-rac-html_19c_rac_azure_3.html"),
]
# Pairs shown with their size but not failed when over 500 KB (none at present).
CORPUS_OVER = []


def anchor(key):
    return "t-" + "".join(c.lower() if c.isalnum() and c.isascii() or c in "-_" else "-" for c in key)


def corpus_pages(awrdiff, corpus, tmp):
    """The corpus pairs' pages: size and every row; returns the first page's path (None without the corpus)."""
    if not os.path.isdir(corpus):
        print("SKIP corpus pages: no %s (AWRDIFF_CORPUS names the corpus of real reports)" % corpus)
        return None
    first = None
    for base, target in CORPUS_PAIRS + CORPUS_OVER:
        a, b = os.path.join(corpus, base), os.path.join(corpus, target)
        if not (os.path.exists(a) and os.path.exists(b)):
            print("SKIP %s -> %s: not in the corpus" % (base, target))
            continue
        name = "%s -> %s" % (base, target)
        page = run([awrdiff, "-f", "html", a, b])
        size = len(page.encode("utf-8"))
        if (base, target) in CORPUS_OVER:
            print("note %s: %d KB (over 500 KB, see CORPUS_OVER)" % (name, size // 1024))
            continue
        static_checks(name, page)
        tables = json.loads(run([awrdiff, "-f", "json", a, b]))["tables"]
        missing, seen = [], {}
        for t in tables:
            seen[t["key"]] = seen.get(t["key"], 0) + 1  # a key given twice: its second table is "t-<key>-2"
            tid = anchor(t["key"]) + ("" if seen[t["key"]] == 1 else "-%d" % seen[t["key"]])
            m = re.search(r'<section class="tbl" id="%s">(.*?)</section>' % re.escape(tid), page, re.S)
            if m is None:
                missing.append(t["key"] + " (no section)")
                continue
            body = "".join(re.findall(r"<tbody[^>]*>(.*?)</tbody>", m.group(1), re.S))
            shown = len(re.findall(r"<tr\b", body)) + len(re.findall(r"<li>", m.group(1)))
            if shown != len(t["rows"]):
                missing.append("%s (%d of %d rows)" % (t["key"], shown, len(t["rows"])))
        ids = re.findall(r' id="([^"]*)"', page)
        check(len(ids) == len(set(ids)), "%s: every id once (%d ids)" % (name, len(ids)))
        check(not missing, "%s: every row of the %d tables is in the page%s" % (name, len(tables), (": " + ", ".join(missing[:5])) if missing else ""))
        if first is None:
            first = os.path.join(tmp, "rac.html")
            with open(first, "w", encoding="utf-8") as f:
                f.write(page)
    return first


def check(ok, what):
    if ok:
        print("ok   " + what)
    else:
        print("FAIL " + what)
        failures.append(what)


def html_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#39;")


def hostile_report(samples, out_dir):
    """bad.html with markup in a module, a SQL text, a parameter value and the database name."""
    with open(os.path.join(samples, "bad.html"), encoding="utf-8") as f:
        page = f.read()
    payload = html_escape(HOSTILE)
    replacements = [
        ("JDBC Thin Client", "JDBC " + payload),
        ("SELECT PARAM_VALUE FROM APP.APP_CONFIG WHERE PARAM_NAME = :1", "SELECT '" + payload + "' FROM DUAL"),
        ("/u01/app/oracle/admin/ORCL19/adump", "javascript:alert(1)//" + payload),
    ]
    for old, new in replacements:
        if old not in page:
            raise SystemExit("fixture: %r not in samples/bad.html (the sample changed?)" % old)
        page = page.replace(old, new)
    name = os.path.join(out_dir, "evil<script>'\"&.html")
    with open(name, "w", encoding="utf-8") as f:
        f.write(page)
    return name


def run(cmd, cwd=None):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode not in (0, 1):
        raise SystemExit("%s: exit %d\n%s" % (" ".join(cmd), p.returncode, p.stderr.decode(errors="replace")))
    return p.stdout.decode("utf-8")


def static_checks(name, page, hostile=False):
    check(len(page.encode("utf-8")) < 500 * 1024, "%s: under 500 KB (%d KB)" % (name, len(page.encode("utf-8")) // 1024))
    check(page.count("<script") == 1 and page.count("</script>") == 1, "%s: one <script> element, awrdiff's own" % name)
    tags = re.findall(r"<[a-zA-Z][^>]*>", page)  # the page's own elements: a report's '<' is escaped
    check(not any(re.search(r"\s(src|srcset|action|formaction|xlink:href|on[a-z]+)\s*=", t, re.I) for t in tags),
          "%s: no src, action or on... attribute" % name)
    hrefs = [h for t in tags for h in re.findall(r"\shref\s*=\s*\"([^\"]*)\"", t)]
    check(all(h.startswith("#") for h in hrefs), "%s: every link is an anchor in the page (%d links)" % (name, len(hrefs)))
    check("url(" not in page and "@import" not in page, "%s: no url() or @import" % name)
    check(page.count("<svg") >= 1, "%s: inline SVG charts (%d)" % (name, page.count("<svg")))
    check(re.search(r"<title>[^<]*</title>", page) is not None, "%s: a title" % name)
    # No path of the checkout anywhere (the samples are read from it), none of /tmp in the header. The body's commands
    # (a timeline's "compare the periods either side: awrdiff --base ...") name the inputs whole, to be run as given:
    # a checkout under /tmp, beside the test's own temporary inputs, is no finding.
    clone_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + "/"
    check(clone_root not in page and "/tmp/" not in page.split("<main>")[0], "%s: the header names files, not paths" % name)
    if hostile:
        check("javascript:" not in " ".join(hrefs), "%s: no javascript: link" % name)
        check("<img" not in page and "<textarea" not in page and "</textarea>" not in page, "%s: no markup from the report" % name)
        check(html_escape("<script>document.title='PWNED'</script>") in page, "%s: the SQL text / module shows escaped" % name)
        check("evil&lt;script&gt;&#39;&quot;&amp;.html" in page, "%s: the file name shows escaped" % name)


# ---- PNG: is the screenshot blank? ------------------------------------------------------------------

def png_pixels(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width, height, ctype, depth = 8, b"", 0, 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", chunk[:10])
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    if depth != 8 or ctype not in (2, 6):
        raise ValueError("PNG colour type %d depth %d not handled" % (ctype, depth))
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        ftype = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 255
            elif ftype == 2:
                line[x] = (line[x] + b) & 255
            elif ftype == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def not_blank(path):
    width, height, bpp, rows = png_pixels(path)
    colours, inked, total = set(), 0, 0
    for y in range(0, height, 4):
        row = rows[y]
        for x in range(0, width, 4):
            px = row[x * bpp:x * bpp + 3]
            colours.add(px)
            total += 1
            if sum(px) < 600:
                inked += 1
    return len(colours) >= 16 and inked / max(total, 1) > 0.01, "%dx%d, %d colours sampled, %.1f%% ink" % (
        width, height, len(colours), 100.0 * inked / max(total, 1))


def chart_pixels(path, colours):
    """How many pixels of the screenshot have one of the charts' fill colours (exactly)."""
    width, height, bpp, rows = png_pixels(path)
    n = 0
    for y in range(0, height, 2):
        row = rows[y]
        for x in range(0, width, 2):
            if row[x * bpp:x * bpp + 3] in colours:
                n += 1
    return n


# ---- Chromium ---------------------------------------------------------------------------------------

def chromium_binary():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def browse(browser, page_path, tmp, screenshot=None, width=1400, height=1400):
    profile = tempfile.mkdtemp(dir=tmp, prefix="profile-")
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
           "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0", "--hide-scrollbars",
           "--window-size=%d,%d" % (width, height), "--virtual-time-budget=2000"]
    cmd.append("--screenshot=" + screenshot if screenshot else "--dump-dom")
    cmd.append("file://" + os.path.abspath(page_path))
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    err = p.stderr.decode(errors="replace")
    console = [l for l in err.splitlines() if "CONSOLE" in l or "Content Security Policy" in l or "Uncaught" in l]
    return p.returncode, p.stdout.decode(errors="replace"), console


def fleet_page(awrdiff, source, tmp):
    """The fleet page of tests/browser/fleet_series.py's fleet, and its static checks. Returns its path."""
    series = os.path.join(tmp, "fleet")
    run([sys.executable, os.path.join(source, "tests", "browser", "fleet_series.py"), series])
    store = os.path.join(tmp, "fleet.sqlite")
    run([awrdiff, "history", "add", "--db", store] + sorted(os.path.join(series, f) for f in os.listdir(series)))
    # Five hours of 10-minute periods, no daily cycle to match: every period is like (--match all).
    page = run([awrdiff, "fleet", "--db", store, "--from", "2025-03-14T08:00", "--to", "2025-03-14T13:00", "--match", "all",
                "-f", "html"])
    path = os.path.join(tmp, "fleet.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    check("<script" not in page, "fleet: no script at all")
    tags = re.findall(r"<[a-zA-Z][^>]*>", page)
    check(not any(re.search(r"\s(src|srcset|href|action|formaction|xlink:href|on[a-z]+)\s*=", t, re.I) for t in tags),
          "fleet: no src, href, action or on... attribute")
    check("url(" not in page and "@import" not in page, "fleet: no url() or @import")
    check(page.count("<svg") == 5, "fleet: one chart per database (%d)" % page.count("<svg"))
    order = [m for m in re.findall(r"<b>([A-Z]+)</b>", page)]
    check(order == ["PAYROLL", "ORDERS", "LEDGER", "CRM", "WMS"], "fleet: sorted as the text (%s)" % order)
    check(page.count('class="episode"') + page.count("fill=\"#c62828\"") > 0, "fleet: the failing periods are marked")
    return path


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        raise SystemExit(__doc__)
    awrdiff, source = os.path.abspath(args[0]), os.path.abspath(args[1])
    shots = None
    if "--screenshots" in args:
        shots = os.path.abspath(args[args.index("--screenshots") + 1])
        os.makedirs(shots, exist_ok=True)
    samples = os.path.join(source, "samples")
    tmp = tempfile.mkdtemp(prefix="awrdiff-html-")
    skipped = False
    try:
        evil = hostile_report(samples, tmp)
        baseline = os.path.join(tmp, "normal.json")
        run([awrdiff, "baseline", "save", "good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html", "-o", baseline],
            cwd=samples)
        # A timeline of a synthetic series (the samples' workload, then its hard-parsing storm): tests/browser/timeline_series.py.
        series = os.path.join(tmp, "series")
        run([sys.executable, os.path.join(source, "tests", "browser", "timeline_series.py"), series])
        series_files = sorted(os.path.join(series, f) for f in os.listdir(series))
        pages = {
            "good_bad": [awrdiff, "-f", "html", "good.html", "bad.html"],
            "timeline": [awrdiff, "timeline", "-f", "html"] + series_files,
            "sets": [awrdiff, "-f", "html", "--base", "good.html", "good_1.html", "good_2.html", "--target", "good_3.html",
                     "good_4.html", "bad.html"],
            "check": [awrdiff, "check", "-f", "html", "--baseline", baseline, "bad.html"],
            "report": [awrdiff, "report", "-f", "html", "commit_spike.html"],
            "hostile": [awrdiff, "-f", "html", "good.html", evil],
        }
        files = {}
        corpus = os.environ.get("AWRDIFF_CORPUS") or os.path.join(os.path.dirname(os.path.abspath(source)), "shared", "corpus")
        rac = corpus_pages(awrdiff, corpus, tmp)
        if rac is not None:
            files["rac"] = rac
        # Real pages for the layout checks only: RMGTIBP's storm as a timeline (periods hours apart) and as a pair
        # (findings from 0.0001 to 61.6 AAS, a wide Service Wait Class table).
        layout_only = {}
        jd = [os.path.join(corpus, "awr-html_19c_jdmoreno_%d.html" % k) for k in (8, 9, 10, 11)]
        if all(os.path.exists(f) for f in jd):
            for name, cmd in (("rmgtibp_timeline", [awrdiff, "timeline", "-f", "html"] + jd),
                              ("rmgtibp_pair", [awrdiff, "-f", "html", jd[0], jd[3]])):
                layout_only[name] = os.path.join(tmp, name + ".html")
                with open(layout_only[name], "w", encoding="utf-8") as f:
                    f.write(run(cmd))
        for name, cmd in pages.items():
            page = run(cmd, cwd=samples)
            path = os.path.join(tmp, name + ".html")
            with open(path, "w", encoding="utf-8") as f:
                f.write(page)
            files[name] = path
            static_checks(name, page, hostile=name == "hostile")
        fleet = fleet_page(awrdiff, source, tmp)
        with open(files["timeline"], encoding="utf-8") as f:
            page = f.read()
        check('<div class="vlabel">Timeline</div>' in page and "Single report" not in page,
              "timeline: the verdict card says it is a timeline")
        check("54 periods <small>from 2025-03-14 08:00 to 2025-03-14 17:00" in page, "timeline: its periods and span")
        check('id="c-timeline_db_time"' in page and 'id="t-timeline_sql"' in page,
              "timeline: the stacked DB time chart and the top SQL over time")

        browser = chromium_binary()
        if browser is None:
            print("SKIP browser checks: no chromium on PATH (Debian: apt-get install chromium fonts-dejavu-core)")
            skipped = True
        else:
            # The console check can fail: a page with a script error is caught.
            broken = os.path.join(tmp, "broken.html")
            with open(broken, "w") as f:
                f.write("<!DOCTYPE html><title>x</title><p>x</p><script>not_defined_anywhere();</script>")
            _, _, console = browse(browser, broken, tmp)
            check(len(console) > 0, "the console check sees a script error (self-test)")
            # The fleet page: no script of its own, so only the layout probe runs in it.
            with open(fleet, encoding="utf-8") as f:
                page = f.read()
            rc, dom, console = browse(browser, fleet, tmp)
            check(rc == 0 and "</html>" in dom and not console, "fleet: loads in Chromium, no console message")
            probe = os.path.join(tmp, "fleet-layout.html")
            with open(probe, "w", encoding="utf-8") as f:
                f.write(page.replace("</body>", LAYOUT_PROBE + "</body>"))
            _, dom, _ = browse(browser, probe, tmp, width=1400)
            m = re.search(r'data-layout="([^"]*)"', dom)
            check(m is not None and m.group(1) == "ok", "fleet: at 1,400 px no horizontal scrollbar (%s)" % (m.group(1) if m else "no result"))
            png = os.path.join(shots if shots else tmp, "fleet.png")
            rc, _, _ = browse(browser, fleet, tmp, screenshot=png, height=1000)
            ok, how = (False, "no file")
            if rc == 0 and os.path.exists(png):
                ok, how = not_blank(png)
            check(ok, "fleet: the screenshot is not blank (%s)" % how)
            check(rc == 0 and chart_pixels(png, {bytes.fromhex("c62828")}) > 20, "fleet: the failing periods' red is drawn")
            for name, path in list(files.items()) + list(layout_only.items()):
                with open(path, encoding="utf-8") as f:
                    page = f.read()
                probe = os.path.join(tmp, name + "-layout.html")
                with open(probe, "w", encoding="utf-8") as f:
                    f.write(page.replace("</body>", LAYOUT_PROBE + "</body>"))
                _, dom, _ = browse(browser, probe, tmp, width=1400)
                m = re.search(r'data-layout="([^"]*)"', dom)
                check(m is not None and m.group(1) == "ok",
                      "%s: at 1,400 px no horizontal scrollbar and no axis labels overlap (%s)" % (name, m.group(1) if m else "no result"))
                if name in layout_only:
                    continue
                # JavaScript off: Chromium's headless mode needs JavaScript itself for --dump-dom and --screenshot
                # (with --blink-settings=scriptEnabled=false it writes nothing), so the page's own scripts are
                # turned off instead, by its Content-Security-Policy: script-src 'none'.
                nojs = os.path.join(tmp, name + "-nojs.html")
                with open(nojs, "w", encoding="utf-8") as f:
                    f.write(page.replace("script-src 'unsafe-inline'", "script-src 'none'"))
                fills = set(bytes.fromhex(x) for x in re.findall(r"<(?:rect|polygon)[^>]* fill=\"#([0-9a-f]{6})\"", page))
                doms, pixels = {}, {}
                for js in (True, False):
                    mode = "JavaScript " + ("on" if js else "off")
                    rc, dom, console = browse(browser, path if js else nojs, tmp)
                    doms[js] = dom
                    check(rc == 0 and "</html>" in dom, "%s: loads in Chromium, %s" % (name, mode))
                    if js:
                        check(not console, "%s: no console messages%s" % (name, "" if not console else ": " + " | ".join(console[:3])))
                    else:
                        check(len(console) >= 1 and all("Content Security Policy" in l for l in console),
                              "%s: the script is blocked, nothing else in the console" % name)
                    ran = re.search(r"<html[^>]*class=\"[^\"]*\bjs\b", dom) is not None
                    check(ran == js, "%s: the script %s" % (name, "ran" if js else "did not run"))
                    check((dom.count("<button") > 0) == js, "%s: the table tools %s" % (name, "are there" if js else "are not"))
                    check(dom.count("<svg") >= 1 and ("<rect" in dom or "<circle" in dom), "%s: charts, %s (%d svg)" % (
                        name, mode, dom.count("<svg")))
                    check("PWNED" not in re.sub(r"&[^;]+;|<[^>]*>", "", dom.split("<body")[0]),
                          "%s: no injected script ran (the title is awrdiff's), %s" % (name, mode))
                    check(len(re.findall(r"<script\b", dom)) == 1, "%s: one script element in the DOM, %s" % (name, mode))
                    png = os.path.join(shots if shots and js else tmp, name + (".png" if js else "-nojs.png"))
                    rc, _, console = browse(browser, path if js else nojs, tmp, screenshot=png)
                    ok, how = (False, "no file")
                    if rc == 0 and os.path.exists(png):
                        ok, how = not_blank(png)
                        pixels[js] = chart_pixels(png, fills)
                    check(ok, "%s: the screenshot is not blank, %s (%s)" % (name, mode, how))
                # Sorting: click the first numeric header of each table twice; the rows must come out in
                # descending, then ascending order of their numbers (all tables' rows, the collapsed ones too).
                probe = os.path.join(tmp, name + "-sort.html")
                with open(probe, "w", encoding="utf-8") as f:
                    f.write(page.replace("</body>", SORT_PROBE + "</body>"))
                _, dom, console = browse(browser, probe, tmp)
                m = re.search(r'data-sorted="([^"]*)"', dom)
                check(m is not None and m.group(1).startswith("ok") and not console,
                      "%s: clicking a header sorts the table (%s)" % (name, m.group(1) if m else "no result"))
                # Copy as CSV: every row of each table, the rows listed as 0 in both periods too; no ditto left.
                probe = os.path.join(tmp, name + "-copy.html")
                with open(probe, "w", encoding="utf-8") as f:
                    f.write(page.replace("</body>", COPY_PROBE + "</body>"))
                _, dom, console = browse(browser, probe, tmp)
                m = re.search(r'data-copied="([^"]*)"', dom)
                check(m is not None and m.group(1).startswith("ok") and not console,
                      "%s: Copy as CSV gives every row (%s)" % (name, m.group(1) if m else "no result"))
                check(doms[True].count("<svg") == doms[False].count("<svg") and
                      doms[True].count("<table") == doms[False].count("<table"),
                      "%s: the same charts and tables with JavaScript on and off" % name)
                on, off = pixels.get(True, 0), pixels.get(False, 0)
                check(on > 0 and off > 0.5 * on, "%s: the charts are drawn with JavaScript on and off (%d and %d chart pixels)" % (
                    name, on, off))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d failure(s)" % len(failures))
    if failures:
        return 1
    return 77 if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
