"""Markdown to HTML, the small part of it our guides use (``docs/bots.md``): headings, paragraphs,
numbered and bulleted lists (an item may run over indented lines), fenced code, and inline
``code``, **bold** and [links](url). Everything else reads as text; all text is escaped, so a
guide cannot put markup of its own on a page.
"""

from __future__ import annotations

import re

from django.utils.html import escape

_HEADING = re.compile(r"(#{1,4}) +(.*)")
_ITEM = re.compile(r"(?:(\d+)\.|[-*]) +(.*)")
_INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)")


def inline(text: str) -> str:
    """One line's inline markup as HTML (escaped text, ``<code>``, ``<strong>``, ``<a>``).

    >>> inline("Send `a < b` **now**, see [the rules](/games/reversi/rules/).")
    'Send <code>a &lt; b</code> <strong>now</strong>, see <a href="/games/reversi/rules/">the rules</a>.'
    """
    out, at = [], 0
    for m in _INLINE.finditer(text):
        out.append(escape(text[at : m.start()]))
        code, bold, label, href = m.groups()
        if code is not None:
            out.append(f"<code>{escape(code)}</code>")
        elif bold is not None:
            out.append(f"<strong>{inline(bold)}</strong>")
        elif href.startswith(("/", "#", "https://", "http://")):
            out.append(f'<a href="{escape(href)}">{inline(label)}</a>')
        else:
            out.append(escape(m.group(0)))
        at = m.end()
    out.append(escape(text[at:]))
    return "".join(out)


def to_html(text: str) -> str:
    """A guide as HTML.

    >>> guide = "# Bots\\n\\nA bot\\nplays.\\n\\n1. Sign up\\n   first.\\n2. Play\\n\\n```sh\\nrun <it>\\n```"
    >>> print(to_html(guide))
    <h1>Bots</h1>
    <p>A bot plays.</p>
    <ol><li>Sign up first.</li><li>Play</li></ol>
    <pre tabindex="0"><code>run &lt;it&gt;</code></pre>
    """
    blocks: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif line.startswith("```"):
            end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("```")), len(lines))
            # focusable: a block wider than the page scrolls, by keyboard too
            blocks.append(f'<pre tabindex="0"><code>{escape(chr(10).join(lines[i + 1 : end]))}</code></pre>')
            i = end + 1
        elif heading := _HEADING.fullmatch(line):
            level = len(heading.group(1))
            blocks.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
            i += 1
        elif first := _ITEM.fullmatch(line):
            tag = "ol" if first.group(1) else "ul"
            items: list[list[str]] = []
            while i < len(lines) and lines[i].strip():
                item = _ITEM.fullmatch(lines[i])
                if item:
                    items.append([item.group(2)])
                else:  # an indented line carries the item on
                    items[-1].append(lines[i].strip())
                i += 1
            shown = "".join(f"<li>{inline(' '.join(words))}</li>" for words in items)
            blocks.append(f"<{tag}>{shown}</{tag}>")
        else:
            words = [line.strip()]
            i += 1
            while i < len(lines) and lines[i].strip() and not lines[i].startswith("```"):
                if _HEADING.fullmatch(lines[i]) or _ITEM.fullmatch(lines[i]):
                    break
                words.append(lines[i].strip())
                i += 1
            blocks.append(f"<p>{inline(' '.join(words))}</p>")
    return "\n".join(blocks)
