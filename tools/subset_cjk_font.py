#!/usr/bin/env python3
"""Build memviz's bundled Simplified Chinese UI font (a subset of Noto Sans CJK SC).

Why this exists
---------------
memviz shows Chinese text (site names, labels, messages).  A bare Linux box
with no CJK font installed draws every hanzi as a box ("tofu"), and on
Windows/macOS Qt will not fall back to a font the app ships unless the app
registers it and asks for it.  So memviz ships its own font.  The full Noto
Sans CJK face is ~16 MB and covers Japanese/Korean/Traditional Chinese as well;
this script cuts it down to what a Simplified Chinese UI needs (a few MB):

* printable ASCII, Latin-1 punctuation/symbols (U+00A0-U+00BF, plus x and /),
* General Punctuation (U+2000-U+206F),
* CJK Symbols and Punctuation (U+3000-U+303F),
* Halfwidth and Fullwidth Forms (U+FF00-U+FFEF),
* a handful of arrows / math signs / marks the UI may use (see EXTRA_SYMBOLS);
  the few Noto Sans CJK lacks (✔ ✗ ✘ ⏸) are copied from Noto Sans Symbols 2
  (also OFL) when --symbols-font is given,
* the whole GB2312 repertoire (all 6763 level-1 and level-2 hanzi plus the
  GB2312 symbol rows), enumerated by decoding every GB2312 two-byte code,
* every non-ASCII character found in *.json, *.py, *.md, *.txt files under
  resources/ and memviz/ when the script runs, so text the app ships is
  always covered.  Re-run the script after adding new Chinese text that might
  fall outside GB2312 (the script reports characters the source font lacks).

The result is renamed "Memviz Sans SC" (PostScript "MemvizSansSC-Regular"):
the SIL Open Font License asks that Modified Versions not be presented under
the original's Reserved Font Name(s), and "Noto" is a Google trademark.  The
copyright (name ID 0) and license (name IDs 13, 14) notices are kept.

Hinting (CFF stem hints) is dropped unless --keep-hinting is given: it saves
a good share of the file size and modern rasterizers (FreeType's
light/auto hinting, DirectWrite, Core Text) render CJK well without it.
Vertical-writing features and tables are dropped (Qt lays text out
horizontally).  'locl' is dropped too: in the Noto CJK collection it swaps in
the Japanese/Korean/Traditional glyph variants, which would more than double
the glyph count and which an SC-only font does not want.  The horizontal
CJK spacing features (chws, halt, palt) and kerning are kept.

The output is byte-for-byte reproducible for the same inputs (the head
table's timestamps are copied from the source font, not set to "now").

Usage (from the repository root):

    python3 tools/subset_cjk_font.py \
        /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
        --symbols-font /usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf

Debian packages: fonts-noto-cjk (and fonts-noto-core for Noto Sans Symbols 2).
Requires fontTools (pip install fonttools).  See resources/fonts/README.md.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTCollection, TTFont

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = REPO_ROOT / "resources" / "fonts" / "MemvizSansSC-Regular.otf"
DEFAULT_SCAN_DIRS = ("resources", "memviz")
SCAN_SUFFIXES = {".json", ".py", ".md", ".txt"}

SOURCE_FAMILY = "Noto Sans CJK SC"
NEW_FAMILY = "Memviz Sans SC"
NEW_STYLE = "Regular"

# Arrows, math signs and marks the UI may use (besides the ranges below).
EXTRA_SYMBOLS = "→←↑↓↔⇒±×÷−·…✓✔✗✘▶◀▲▼⏸●○■□◆◇★☆※°€"

RANGES = (
    (0x0020, 0x007E),  # printable ASCII
    (0x00A0, 0x00BF),  # Latin-1 punctuation and symbols (nbsp, ©, «», ·, ¿ ...)
    (0x00D7, 0x00D7),  # ×
    (0x00F7, 0x00F7),  # ÷
    (0x2000, 0x206F),  # General Punctuation
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
)

# Features kept in GSUB/GPOS.  No 'locl' (see module docstring), nothing vertical.
LAYOUT_FEATURES = [
    "ccmp",
    "liga",
    "calt",
    "clig",
    "rlig",
    "rvrn",
    "kern",
    "mark",
    "mkmk",
    "chws",
    "halt",
    "palt",
]
DROP_TABLES = ["VORG", "vhea", "vmtx"]

# Name IDs kept from the source font.  1/3/4/6/16/17 are rewritten below;
# 7 (trademark "Noto") is dropped because the font no longer bears that name.
KEEP_NAME_IDS = [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 16, 17]


def gb2312_chars() -> set[str]:
    """Every character GB2312 encodes, by decoding all two-byte EUC-CN codes."""
    chars = set()
    for lead in range(0xA1, 0xFF):
        for trail in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):
                chars.add(bytes((lead, trail)).decode("gb2312"))
    return chars


def gb2312_hanzi_count(chars: set[str]) -> int:
    return sum(1 for c in chars if 0x4E00 <= ord(c) <= 0x9FFF)


def scanned_chars(root: Path, dirs: list[str], exclude: Path | None = None) -> tuple[set[str], int]:
    """Non-ASCII characters in the app's text files; returns (chars, files read).

    `exclude` (the font's own folder, with its README and licence) is skipped.
    """
    chars: set[str] = set()
    nfiles = 0
    exclude = exclude.resolve() if exclude else None
    for d in dirs:
        base = root / d
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            if exclude and Path(dirpath).resolve() == exclude:
                dirnames[:] = []
                continue
            dirnames[:] = sorted(n for n in dirnames if n != "__pycache__" and not n.startswith("."))
            for name in sorted(filenames):
                path = Path(dirpath) / name
                if path.suffix.lower() not in SCAN_SUFFIXES:
                    continue
                text = path.read_text(encoding="utf-8", errors="replace")
                nfiles += 1
                chars.update(c for c in text if ord(c) > 0x7F)
    # Drop things no font should map: controls, surrogates, replacement char, BOM.
    chars = {
        c
        for c in chars
        if not (0x80 <= ord(c) <= 0x9F or 0xD800 <= ord(c) <= 0xDFFF) and c not in "\ufffd\ufeff"
    }
    return chars, nfiles


def wanted_chars(root: Path, dirs: list[str], exclude: Path | None = None) -> tuple[set[str], dict[str, int]]:
    chars: set[str] = set()
    for lo, hi in RANGES:
        chars.update(chr(cp) for cp in range(lo, hi + 1))
    chars.update(EXTRA_SYMBOLS)
    gb = gb2312_chars()
    chars.update(gb)
    found, nfiles = scanned_chars(root, dirs, exclude)
    chars.update(found)
    stats = {
        "gb2312": len(gb),
        "gb2312_hanzi": gb2312_hanzi_count(gb),
        "scanned_files": nfiles,
        "scanned_chars": len(found),
        "scanned_not_in_gb2312": len(found - gb),
    }
    return chars, stats


def face_family(font: TTFont) -> str:
    name = font["name"]
    return name.getDebugName(16) or name.getDebugName(1) or ""


def open_face(path: Path, family: str, index: int | None) -> tuple[TTFont, int]:
    """Open the face named `family` (or face `index`) from a .ttc/.otc or .otf/.ttf."""
    with open(path, "rb") as fh:
        is_collection = fh.read(4) == b"ttcf"
    if not is_collection:
        return TTFont(path), 0
    if index is None:
        coll = TTCollection(path, lazy=True)
        families = [face_family(f) for f in coll.fonts]
        for f in coll.fonts:
            f.close()
        if family not in families:
            sys.exit(f"error: no face named {family!r} in {path}; faces: {families}")
        index = families.index(family)
    return TTFont(path, fontNumber=index), index


def add_symbol_glyphs(font: TTFont, donor_path: Path, chars: list[str]) -> list[str]:
    """Copy the outlines of `chars` from `donor_path` into the subset font.

    Noto Sans CJK lacks a few UI symbols (e.g. ✗ U+2717, ⏸ U+23F8); Noto Sans
    Symbols 2 (same OFL licence, same 1000 units/em) has them.  The donor's
    (TrueType or CFF) outlines are redrawn as CFF charstrings and appended as
    new CIDs to the CID-keyed CFF, in the font dict the CJK font already uses
    for its own check mark.  Returns the characters actually added.
    """
    donor = TTFont(donor_path)
    if donor["head"].unitsPerEm != font["head"].unitsPerEm:
        sys.exit(
            f"error: {donor_path} has {donor['head'].unitsPerEm} units/em, "
            f"the CJK font {font['head'].unitsPerEm}"
        )
    donor_cmap = donor.getBestCmap()
    donor_glyphs = donor.getGlyphSet()
    cmap = font.getBestCmap()
    todo = [c for c in chars if ord(c) not in cmap and ord(c) in donor_cmap]
    if not todo:
        return []

    cff = font["CFF "].cff
    top = cff.topDictIndex[0]
    if not hasattr(top, "ROS"):
        sys.exit("error: expected a CID-keyed CFF font")
    order = list(font.getGlyphOrder())
    # Font dict of an existing symbol (U+2713 CHECK MARK), else of glyph 1.
    ref = cmap.get(0x2713, order[1])
    fd_index = top.FDSelect[order.index(ref)]
    private = top.FDArray[fd_index].Private
    nominal = getattr(private, "nominalWidthX", 0)
    default = getattr(private, "defaultWidthX", 0)
    used = {int(n[3:]) for n in order if n.startswith("cid")}
    free_cids = (cid for cid in range(top.CIDCount - 1, 0, -1) if cid not in used)

    cs = top.CharStrings
    hmtx = font["hmtx"].metrics
    for ch in todo:
        src_name = donor_cmap[ord(ch)]
        width = donor["hmtx"][src_name][0]
        pen = T2CharStringPen(None if width == default else width - nominal, None)
        donor_glyphs[src_name].draw(pen)
        charstring = pen.getCharString(private=private, globalSubrs=cff.GlobalSubrs)
        bounds = BoundsPen(None)
        donor_glyphs[src_name].draw(bounds)
        lsb = round(bounds.bounds[0]) if bounds.bounds else 0

        name = f"cid{next(free_cids):05d}"
        cs.charStrings[name] = len(cs.charStringsIndex)
        cs.charStringsIndex.append(charstring)
        top.FDSelect.append(fd_index)
        order.append(name)
        hmtx[name] = (width, lsb)
        for table in font["cmap"].tables:
            if table.isUnicode() and (ord(ch) <= 0xFFFF or table.format in (12, 13)):
                table.cmap[ord(ch)] = name
    top.charset = order
    font.setGlyphOrder(order)
    donor.close()
    return todo


def add_copyright(font: TTFont, donor_path: Path, added: list[str]) -> None:
    """Append the donor font's copyright to name ID 0 and the CFF Notice."""
    donor = TTFont(donor_path, lazy=True)
    family = donor["name"].getDebugName(1) or donor_path.stem
    notice = (donor["name"].getDebugName(0) or "").strip()
    donor.close()
    codes = ", ".join(f"U+{ord(c):04X}" for c in added)
    extra = f" Glyphs {codes} from {family}: {notice}"
    for rec in font["name"].names:
        if rec.nameID == 0:
            rec.string = rec.toUnicode() + extra
    top = font["CFF "].cff.topDictIndex[0]
    if hasattr(top, "Notice"):
        top.Notice = top.Notice + extra


def rename(font: TTFont, family: str, style: str) -> None:
    """Rewrite the family/full/PostScript names in the name and CFF tables."""
    ps_name = (family + "-" + style).replace(" ", "")
    full = family if style == "Regular" else f"{family} {style}"
    name = font["name"]
    version = font["head"].fontRevision
    new_values = {
        1: family,
        3: f"{version:.3f};MEMVIZ;{ps_name}",
        4: full,
        6: ps_name,
        16: family,
        17: style,
    }
    for rec in name.names:
        if rec.nameID in new_values:
            rec.string = new_values[rec.nameID]
        elif rec.nameID == 5:
            rec.string = rec.toUnicode() + "; subset for memviz by tools/subset_cjk_font.py"
    # Records may exist for several languages (e.g. zh-CN); rewritten above too.
    if "CFF " in font:
        cff = font["CFF "].cff
        old_ps = cff.fontNames[0]
        cff.fontNames[0] = ps_name
        top = cff.topDictIndex[0]
        top.FullName = full
        top.FamilyName = family
        if hasattr(top, "Notice"):
            # Keep the copyright; drop the Noto trademark sentence with the name.
            top.Notice = top.Notice.replace(" Noto is a trademark of Google Inc.", "")
        for fd in getattr(top, "FDArray", []) or []:
            fd_name = getattr(fd, "FontName", None)
            if fd_name and fd_name.startswith(old_ps):
                fd.FontName = ps_name + fd_name[len(old_ps) :]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("source", type=Path, help="Noto Sans CJK .ttc collection or NotoSansCJKsc .otf")
    ap.add_argument(
        "-o", "--output", type=Path, default=DEFAULT_OUTPUT, help="output .otf (default: %(default)s)"
    )
    ap.add_argument(
        "--source-family",
        default=SOURCE_FAMILY,
        help="face to take from a collection, by name-table family (default: %(default)s)",
    )
    ap.add_argument(
        "--face-index",
        type=int,
        default=None,
        help="take this face index from a collection instead of matching --source-family",
    )
    ap.add_argument(
        "--family", default=NEW_FAMILY, help="family name of the output font (default: %(default)s)"
    )
    ap.add_argument("--style", default=NEW_STYLE, help="style name of the output font (default: %(default)s)")
    ap.add_argument(
        "--root", type=Path, default=REPO_ROOT, help="repository root to scan (default: %(default)s)"
    )
    ap.add_argument(
        "--scan-dir",
        action="append",
        dest="scan_dirs",
        help="directory under --root whose *.json/*.py/*.md/*.txt "
        "characters are included (repeatable; default: " + ", ".join(DEFAULT_SCAN_DIRS) + ")",
    )
    ap.add_argument(
        "--symbols-font",
        type=Path,
        default=None,
        help="OFL font (e.g. Noto Sans Symbols 2, Debian fonts-noto-core: "
        "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf) "
        "to take the EXTRA_SYMBOLS the CJK font lacks from",
    )
    ap.add_argument("--keep-hinting", action="store_true", help="keep CFF hints (bigger file)")
    args = ap.parse_args(argv)

    scan_dirs = args.scan_dirs or list(DEFAULT_SCAN_DIRS)
    chars, stats = wanted_chars(args.root, scan_dirs, exclude=args.output.parent)

    font, index = open_face(args.source, args.source_family, args.face_index)
    src_family = face_family(font)
    src_glyphs = font["maxp"].numGlyphs
    cmap = font.getBestCmap()
    missing = sorted(c for c in chars if ord(c) not in cmap)
    present = [ord(c) for c in chars if ord(c) in cmap]

    opts = subset.Options()
    opts.layout_features = LAYOUT_FEATURES
    opts.drop_tables = list(opts.drop_tables) + DROP_TABLES
    opts.name_IDs = KEEP_NAME_IDS
    opts.name_languages = ["*"]
    opts.name_legacy = True
    opts.hinting = args.keep_hinting
    opts.notdef_outline = True
    opts.recalc_timestamp = False
    opts.prune_codepage_ranges = True
    opts.glyph_names = False

    sub = subset.Subsetter(options=opts)
    sub.populate(unicodes=present)
    sub.subset(font)
    added = []
    if args.symbols_font:
        added = add_symbol_glyphs(font, args.symbols_font, list(EXTRA_SYMBOLS))
        if added:
            add_copyright(font, args.symbols_font, added)
            missing = [c for c in missing if c not in added]
    rename(font, args.family, args.style)

    # Reproducible output: keep the source's head.created/modified.
    font.recalcTimestamp = False
    args.output.parent.mkdir(parents=True, exist_ok=True)
    font.save(args.output)
    font.close()

    out = TTFont(args.output)
    n_glyphs = out["maxp"].numGlyphs
    n_cmap = len(out.getBestCmap())
    ps = out["name"].getDebugName(6)
    fam = out["name"].getDebugName(1)
    out.close()
    size = args.output.stat().st_size

    def show(cs):
        s = "".join(cs[:40])
        return s + (" ..." if len(cs) > 40 else "")

    print(f"source:   {args.source} (face {index}: {src_family}, {src_glyphs} glyphs)")
    print(
        f"wanted:   {len(chars)} characters (GB2312: {stats['gb2312']}, of which "
        f"{stats['gb2312_hanzi']} hanzi; scanned {stats['scanned_files']} files "
        f"under {', '.join(scan_dirs)}: {stats['scanned_chars']} non-ASCII chars, "
        f"{stats['scanned_not_in_gb2312']} outside GB2312)"
    )
    if added:
        print(f"added from {args.symbols_font.name}: {''.join(added)}")
    if missing:
        print(
            f"not in source font ({len(missing)}, skipped; mostly unassigned "
            f"or control code points): "
            + show([c if c.isprintable() else f"U+{ord(c):04X}" for c in missing])
        )
    print(f"output:   {args.output}")
    print(f"family:   {fam!r}  PostScript: {ps!r}")
    print(f"mapped:   {n_cmap} characters")
    print(f"glyphs:   {n_glyphs}")
    print(f"size:     {size} bytes ({size / 1024 / 1024:.2f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
