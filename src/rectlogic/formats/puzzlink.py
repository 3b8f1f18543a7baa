"""puzz.link / pzv.jp URLs: the URL shape and the body codecs, byte-exact with pzprjs.

`parse_url` accepts any host, `?pid/...`, `?pid_edit/...`, `?pid_play/...`, a leading
`key=value&` query (such as `type=player&`), an optional `v:variant/` and pflag segment,
and the whole-file form `?pzprv3/...`. Bodies are decoded as pzprjs does, including its
tolerance of unknown characters and of text past the last cell."""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass

from ..errors import FormatError
from ..grid import check_size, is_number

HOST = "https://puzz.link/p?"


@dataclass(frozen=True)
class UrlParts:
    pid: str
    cols: int
    rows: int
    body: str
    ignored: str = ""
    """Text after the puzzle that the URL carried (other query parameters, a quote pasted
    with it): not part of the board, so not read — the shells say what it was."""


AFTER_PUZZLE = re.compile(r"""[&#"'<>()\[\]{},;|\\^`\s]|%[0-9A-Fa-f]{2}(?![0-9A-Fa-f])""")
"""Where other text starts after a puzzle in a URL as people paste it: a character no
puzz.link body uses (`&id=…`, a fragment, quotes, brackets, spaces), or a percent-escape
(`%22`: no body has '%' with only two hex digits after it; '%' and three is a number)."""


def looks_like_url(text: str) -> bool:
    t = text.strip()
    return "?" in t and ("://" in t or t.startswith(("p?", "?"))) and "\n" not in t


def query_of(url: str) -> str:
    """Everything after the first '?', minus leading key=value& pairs (pzprjs skips them)."""
    url = url.strip()
    if "?" not in url:
        raise FormatError("not a puzz.link URL: there is no '?' before the puzzle")
    query = url.split("?", 1)[1]
    while "&" in query and "=" in query.split("&", 1)[0]:
        query = query.split("&", 1)[1]
    return query


def whole_file(url: str) -> str | None:
    """The pzprv3 text carried by a `?pzprv3/...` URL, or None for an ordinary URL."""
    query = query_of(url)
    if not query.startswith("pzprv3"):
        return None
    return "\n".join(urllib.parse.unquote(part) for part in query.split("/"))


def parse_url(url: str) -> UrlParts:
    """The puzzle's parts; text after the puzzle (see AFTER_PUZZLE) is set aside, unread. A
    body that does not decode (a character outside its encoding, a run past the board)
    is still refused by the genre's codec."""
    query = query_of(url)
    after = AFTER_PUZZLE.search(query)
    ignored = query[after.start():] if after else ""
    query = query[: after.start()] if after else query
    parts = query.split("/")
    pid = parts[0]
    for suffix in ("_edit", "_play"):
        if pid.endswith(suffix):
            pid = pid[: -len(suffix)]
    rest = parts[1:]
    if rest and rest[0].startswith("v:"):
        rest = rest[1:]
    if rest and not is_number(rest[0]):  # pflag
        rest = rest[1:]
    if len(rest) < 2 or not is_number(rest[0]) or not is_number(rest[1]):
        raise FormatError(f"malformed puzz.link URL: expected {pid}/COLS/ROWS/... after the '?'")
    cols, rows = int(rest[0]), int(rest[1])
    check_size(rows, cols)
    body = rest[2] if len(rest) > 2 else ""
    return UrlParts(pid.lower(), cols, rows, body, ignored)


def make_url(pid: str, cols: int, rows: int, body: str) -> str:
    url = f"{HOST}{pid}/{cols}/{rows}/{body}" if body else f"{HOST}{pid}/{cols}/{rows}"
    if body and not body[-1].isalnum():
        url += "/"
    return url


def _run(count: int) -> str:
    """A run of `count` (1..20) empty cells: g..z."""
    return _chr36(count + 15)


def _chr36(n: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[n]


# -- decode4Cell / encode4Cell (Shakashaka) --------------------------------------------------


def decode_4cell(body: str, size: int) -> list[int]:
    """Numbers 0..4, '.' for a black cell without number (-2), runs of empties."""
    qnum = [-1] * size
    c = 0
    for ch in body:
        if c >= size:
            raise FormatError(f"the URL body goes on past the board at {ch!r}")
        if "0" <= ch <= "4":
            qnum[c] = int(ch, 16)
            c += 1
        elif "5" <= ch <= "9":
            qnum[c] = int(ch, 16) - 5
            c += 2
        elif "a" <= ch <= "e":
            qnum[c] = int(ch, 16) - 10
            c += 3
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 15
        elif ch == ".":
            qnum[c] = -2
            c += 1
        else:
            raise FormatError(f"bad character {ch!r} in the URL body")
    if c > size and not ("5" <= body[-1] <= "9" or "a" <= body[-1] <= "e"):
        raise FormatError("a run of empty cells in the URL body goes past the board")
    return qnum


def expect_end(rest: str) -> None:
    """A URL body must decode exactly: nothing may be left once the board is full."""
    if rest:
        raise FormatError(f"the URL body goes on past the board: {rest[:12]!r}")


def encode_4cell(qnum: list[int]) -> str:
    out, count, c, n = [], 0, 0, len(qnum)
    while c < n:
        qn, piece = qnum[c], ""
        if qn >= 0:
            if c + 1 < n and qnum[c + 1] != -1:
                piece = format(qn, "x")
            elif c + 2 < n and qnum[c + 2] != -1:
                piece = format(qn + 5, "x")
                c += 1
            else:
                piece = format(qn + 10, "x")
                c += 2
        elif qn == -2:
            piece = "."
        else:
            count += 1
        if count == 0:
            out.append(piece)
        elif piece or count == 20:
            out.append(_run(count) + piece)
            count = 0
        c += 1
    if count > 0:
        out.append(_run(count))
    return "".join(out)


# -- decodeNumber16 / encodeNumber16 (Shikaku; Chocona rooms) ---------------------------------

_N16 = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "@": (3, 8192),
        "*": (4, 12240), "$": (5, 77776)}


def decode_number16(body: str, size: int) -> tuple[list[int], str]:
    """Values for `size` objects and the unread rest of the body."""
    qnum = [-1] * size
    i = c = 0
    while i < len(body) and c < size:
        ch = body[i]
        if ch in "0123456789abcdef":
            qnum[c] = int(ch, 16)
            i, c = i + 1, c + 1
        elif ch in _N16:
            width, base = _N16[ch]
            digits = body[i + 1 : i + 1 + width]
            try:
                qnum[c] = int(digits, 16) + base
            except ValueError:
                raise FormatError(f"malformed number after {ch!r} in the URL body") from None
            i, c = i + 1 + width, c + 1
        elif ch == ".":
            qnum[c] = -2
            i, c = i + 1, c + 1
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 15
            i += 1
            if c > size:
                raise FormatError("a run of empty cells in the URL body goes past the board")
        else:
            raise FormatError(f"bad character {ch!r} in the URL body")
    return qnum, body[i:]


def _number16(qn: int) -> str:
    if qn == -2:
        return "."
    if 0 <= qn < 16:
        return format(qn, "x")
    if 16 <= qn < 256:
        return "-" + format(qn, "02x")
    if 256 <= qn < 4096:
        return "+" + format(qn, "03x")
    if 4096 <= qn < 8192:
        return "=" + format(qn - 4096, "03x")
    if 8192 <= qn < 12240:
        return "@" + format(qn - 8192, "03x")
    if 12240 <= qn < 77776:
        return "*" + format(qn - 12240, "04x")
    if qn >= 77776:
        return "$" + format(qn - 77776, "05x")
    return ""


def encode_number16(qnum: list[int]) -> str:
    out, count = [], 0
    for qn in qnum:
        piece = _number16(qn)
        if not piece:
            count += 1
        if count == 0:
            out.append(piece)
        elif piece or count == 20:
            out.append(_run(count) + piece)
            count = 0
    if count > 0:
        out.append(_run(count))
    return "".join(out)


# -- decodeBorder / encodeBorder (Chocona regions) --------------------------------------------


def decode_border(body: str, rows: int, cols: int) -> tuple[list[int], list[int], str]:
    """Vertical then horizontal border bits (pzprjs order) and the unread rest of the body."""
    nv, nh = (cols - 1) * rows, cols * (rows - 1)
    if body and len(body) < -(-nv // 5) + -(-nh // 5):
        raise FormatError("the URL body is too short for the region borders")
    pos1 = min(-(-nv // 5), len(body))
    pos2 = min(-(-nh // 5) + pos1, len(body))

    def bits(chunk: str, count: int) -> list[int]:
        out = []
        for ch in chunk:
            try:
                v = int(ch, 32)
            except ValueError:
                raise FormatError(f"bad border character {ch!r} in the URL body") from None
            out.extend((v >> (4 - k)) & 1 for k in range(5))
        return (out + [0] * count)[:count]

    return bits(body[:pos1], nv), bits(body[pos1:pos2], nh), body[pos2:]


def encode_border(vertical: list[int], horizontal: list[int]) -> str:
    def pack(bits: list[int]) -> str:
        out = []
        for k in range(0, len(bits), 5):
            group = (bits[k : k + 5] + [0] * 5)[:5]
            out.append(_BASE32[int("".join(map(str, group)), 2)])
        return "".join(out)

    return pack(vertical) + pack(horizontal)


_BASE32 = "0123456789abcdefghijklmnopqrstuv"
