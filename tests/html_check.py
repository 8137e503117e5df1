"""Checks of the HTML report as Chromium rendered it (tests/html.sh).

usage: html_check.py shot PNG
           the screenshot shows a page: enough pixels off white, some dark
       html_check.py layout DOM WIDTH
           the page Chromium laid out in a window WIDTH px wide, as
           html_layout.js measured it into the DOM: nothing wider than the
           window, no chart taller than it nor any of its text drawn smaller
           than CHART_TEXT_PX, each table fitting its box or its header row
           and first column kept in view (sticky), each legend right under a
           table and every headline table with one
       html_check.py page HTML DOM [--nested] [--best] [--figures] NAME...
           HTML as sqcolor wrote it and DOM as Chromium built it from it:
           only the elements and attributes the renderer writes, every NAME
           as text, a table of contents whose links lead to the headings
           (--nested: a list inside it), header cells (--best: best cells),
           each chart an image with a title in a <figure> (--figures: some)

Prints one line per problem and exits 1 when there is any. Standard library
only: the PNG is decoded with zlib and struct.
"""
import struct
import sys
import zlib
from html.parser import HTMLParser

problems = []


def problem(text):
    if text not in problems:
        problems.append(text)


# ---- the screenshot ---------------------------------------------------------


def png_rows(path):
    """The rows of an 8-bit RGB or RGBA PNG as bytearrays, and its bytes per pixel."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(f"PNG of depth {depth}, color type {color}, interlace {interlace}")
    bpp = 3 if color == 2 else 4
    raw, stride = zlib.decompress(b"".join(idat)), width * bpp
    prev, rows = bytearray(stride), []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        if kind == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:  # Up
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif kind == 3:  # Average
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + (left + prev[i]) // 2) & 255
        elif kind == 4:  # Paeth
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return rows, bpp


def check_shot(path):
    rows, bpp = png_rows(path)
    pixels = off_white = dark = 0
    for line in rows:
        for r, g, b in zip(line[0::bpp], line[1::bpp], line[2::bpp]):
            off_white += min(r, g, b) < 250
            dark += r + g + b < 3 * 128
        pixels += len(line) // bpp
    # Text, table shading and the contents box cover more than this on any
    # page of the report; an empty page has neither.
    print(f"{path}: {off_white / pixels:.1%} of pixels off white, {dark / pixels:.2%} dark")
    if off_white < 0.03 * pixels or dark < 0.005 * pixels:
        problem(f"{path}: the page looks blank")


# ---- the page and its DOM ---------------------------------------------------

# Everything the renderer writes; a name from a file that became markup
# would add an element or an attribute outside these.
ELEMENTS = {
    "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h3",
    "nav", "ul", "li", "a", "main", "p", "div", "pre", "table", "thead", "tbody", "tr",
    "th", "td", "strong", "details", "summary",
    # the charts (figure_draw.c), inline
    "figure", "svg", "defs", "pattern", "g", "rect", "circle", "path", "text",
}
ATTRIBUTES = {"lang", "charset", "name", "content", "id", "class", "href", "scope", "role",
              "aria-labelledby", "tabindex",
              # the charts' (the parser lowercases viewBox and pattern's attributes)
              "xmlns", "width", "height", "viewbox", "style", "x", "y", "cx", "cy", "r", "d",
              "fill", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray",
              "font-size", "font-family", "font-weight", "text-anchor", "patternunits",
              "patterntransform"}
VOID = {"meta", "img", "br", "hr", "link", "input", "source", "area", "base", "col", "embed", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    def text(self):
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self):
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.walk()

    def inside(self, tag):
        n = self.parent
        while n and n.tag != tag:
            n = n.parent
        return n is not None


class Tree(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.at = Node("#document", {}, None)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.at)
        self.at.children.append(node)
        if tag not in VOID:
            self.at = node

    def handle_endtag(self, tag):
        n = self.at
        while n.parent and n.tag != tag:
            n = n.parent
        if n.parent:
            self.at = n.parent

    def handle_data(self, data):
        self.at.children.append(data)


def check_page(html_path, dom_path, nested, best, figures, names):
    page = open(html_path, "rb").read()
    bad = sorted({f"{b:#04x}" for b in page if (b < 0x20 and b != 0x0A) or b == 0x7F})
    if bad:
        problem(f"{html_path}: control characters {' '.join(bad)}")
    tree = Tree()
    tree.feed(open(dom_path, encoding="utf-8").read())
    tree.close()
    nodes = list(tree.root.walk())[1:]
    if not any(n.tag == "body" for n in nodes):
        problem(f"{dom_path}: no body: Chromium did not load the page")
        return
    for n in nodes:
        if n.tag not in ELEMENTS:
            problem(f"{dom_path}: an element <{n.tag}> the renderer never writes")
        for a, v in n.attrs.items():
            if a not in ATTRIBUTES:
                problem(f"{dom_path}: <{n.tag} {a}=...>: an attribute the renderer never writes")
        if n.tag == "a" and not n.attrs.get("href", "").startswith("#"):
            problem(f"{dom_path}: a link out of the page: {n.attrs.get('href')}")
        if n.tag == "ul" and any(
            isinstance(c, Node) and c.tag != "li" or isinstance(c, str) and c.strip()
            for c in n.children
        ):
            problem(f"{dom_path}: a list holding more than items")
    body = next(n for n in nodes if n.tag == "body")
    text = body.text()
    for name in names:
        if name not in text:
            problem(f"{dom_path}: {name!r} is not in the page's text")
    if "**" in text:
        problem(f"{dom_path}: a literal ** in the page's text")

    ids = [n.attrs["id"] for n in nodes if "id" in n.attrs]
    by_id = {n.attrs["id"]: n for n in nodes if "id" in n.attrs}
    if len(ids) != len(by_id):
        problem(f"{dom_path}: an id given twice")
    for n in nodes:
        label = n.attrs.get("aria-labelledby")
        if label is not None and label not in by_id:
            problem(f"{dom_path}: aria-labelledby={label} names no element")
    navs = [n for n in nodes if n.tag == "nav"]
    links = [n for n in navs[0].walk() if n.tag == "a"] if navs else []
    headings = [n for n in nodes if n.tag in ("h2", "h3") and n.inside("main")]
    if not links or len(links) != len(headings):
        problem(f"{dom_path}: {len(links)} links in the contents for {len(headings)} headings")
    for a in links:
        target = by_id.get(a.attrs["href"][1:])
        if target is None or target.tag not in ("h2", "h3") or target.text() != a.text():
            problem(f"{dom_path}: the contents' link {a.attrs['href']} ({a.text()!r}) leads to no such heading")
    if nested and not any(n.tag == "ul" and n.inside("li") for nav in navs for n in nav.walk()):
        problem(f"{dom_path}: the contents are not nested")
    cols = sum(n.tag == "th" and n.attrs.get("scope") == "col" for n in nodes)
    rows = sum(n.tag == "th" and n.attrs.get("scope") == "row" for n in nodes)
    cells = sum(n.tag == "td" for n in nodes)
    if not cols or not rows or not cells:
        problem(f"{dom_path}: {cols} column headers, {rows} row headers, {cells} cells")
    if best and not any(
        n.tag == "td" and n.attrs.get("class") == "best" and any(c.tag == "strong" for c in n.walk())
        for n in nodes
    ):
        problem(f"{dom_path}: no best cell in bold")
    if not all(n.inside("div") for n in nodes if n.tag == "table"):
        problem(f"{dom_path}: a table outside a scrolling box")
    charts = [n for n in nodes if n.tag == "svg"]
    if figures and not charts:
        problem(f"{dom_path}: no chart")
    for n in charts:
        if n.parent.tag != "figure" or n.attrs.get("role") != "img":
            problem(f"{dom_path}: a chart not as an image in a <figure>")
        if not any(isinstance(c, Node) and c.tag == "title" and c.text().strip() for c in n.children):
            problem(f"{dom_path}: a chart without a title")


# ---- the layout --------------------------------------------------------------

# The least size of a chart's text as a 1400 px page draws it: legible
# printed too (issue 38).
CHART_TEXT_PX = 12


def check_layout(dom_path, width):
    import json
    import re

    dom = open(dom_path, encoding="utf-8").read()
    m = re.search(r'<pre id="sqcolor-layout">(.*?)</pre>', dom, re.S)
    if not m:
        problem(f"{dom_path}: no measurements: the page's script did not run")
        return
    from html import unescape

    got = json.loads(unescape(m.group(1)))
    print(f"{dom_path}: window {got['window']} px, page {got['scrollWidth']} px wide, "
          f"{len(got['tables'])} tables, {len(got['charts'])} charts, "
          f"{got['legends']} legends, the tallest chart {max(got['charts'] or [0]):.0f} px")
    if got["window"] != width:
        problem(f"{dom_path}: a window of {got['window']} px, not {width}")
    if got["scrollWidth"] > width:
        problem(f"{dom_path}: the page scrolls sideways: {got['scrollWidth']} px wide in a "
                f"{width} px window")
    if not got["charts"] or not got["tables"]:
        problem(f"{dom_path}: {len(got['charts'])} charts and {len(got['tables'])} tables")
    for i, h in enumerate(got["charts"]):
        if h > width:
            problem(f"{dom_path}: chart {i} is {h:.0f} px tall, more than {width}")
    small = got.get("smallestChartText")
    if small and small["px"] < CHART_TEXT_PX - 0.01:
        problem(f"{dom_path}: chart text drawn at {small['px']:.1f} px, less than "
                f"{CHART_TEXT_PX}: '{small['text']}'")
    for t in got["tables"]:
        if t["overflows"] and not (t["stickyHeader"] and t["stickyFirst"]):
            problem(f"{dom_path}: '{t['name']}' is {t['scrollWidth']} px wide in a "
                    f"{t['clientWidth']} px box, its header or first column not kept in view")
    for name in got["looseLegends"]:
        problem(f"{dom_path}: a legend not right under a table, after '{name}'")
    for name in got["headlinesWithoutLegend"]:
        problem(f"{dom_path}: the headline table '{name}' has no legend under it")


def main(argv):
    if len(argv) == 3 and argv[1] == "shot":
        check_shot(argv[2])
    elif len(argv) == 4 and argv[1] == "layout":
        check_layout(argv[2], int(argv[3]))
    elif len(argv) >= 4 and argv[1] == "page":
        flags = {"--nested", "--best", "--figures"}
        names = [a for a in argv[4:] if a not in flags]
        check_page(argv[2], argv[3], *(f in argv[4:] for f in ("--nested", "--best", "--figures")), names)
    else:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
